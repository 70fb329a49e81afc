/**
 * The batched steps of an upload (uploadImages.ts runs them as the planner, uploadPlanner.ts, decides):
 * image records with their thumbnail and preview (a clip's poster), and the medium and large sizes of
 * images whose record the server has. Each tells the runner how it ended; the planner decides what follows.
 */
import { ClientResponseError, type default as PocketBase } from "pocketbase";
import type { StudioDb } from "../store/db";
import type { ImageBlobRow, OutboxEntry } from "../store/rows";
import { moveToOriginalStage, outboxTables, parkEntry } from "../store/outbox";
import { isQuotaError } from "../store/errors";
import { applyServerRecords } from "./applyServerRecords";
import { describeRejection, type FailedSubRequest } from "./batchErrors";
import type { ServerRecord } from "./records";
import { recordExists } from "./serverLookup";
import { UploadError } from "./transport";
import { batchIndexOf, sendBatch, type Report, type SizeBlobs } from "./uploadBatch";
import type { LinkMeter } from "./uploadLink";
import { dropEntry, LATER_SIZES } from "./uploadOriginal";
import type { PlanItem } from "./uploadPlanner";

/** What the runner keeps of an item: its outbox entry and the files the plan read (references, not bytes). */
export interface Queued {
  entry: OutboxEntry;
  blobs: ImageBlobRow | undefined;
}

export type Item = PlanItem<Queued>;

/** The device ran out of space during this sync (set by the confirmations' writes). */
export interface Device {
  isFull: boolean;
}

/** The sizes sent with the record (what a gallery shows first); the rest (LATER_SIZES) follow in their own batches. */
export const FIRST_SIZES = ["thumbnail", "preview"] as const;

export function sizesOf(blobs: ImageBlobRow | undefined, fields: readonly (keyof SizeBlobs)[]): SizeBlobs {
  const sizes: SizeBlobs = {};
  for (const field of fields) if (blobs?.[field]) sizes[field] = blobs[field];
  return sizes;
}

/**
 * Marks records confirmed by the server: their entries move on to the original's upload. On a full device
 * nothing can be written: the sync goes on with the originals (which free space) and the entries stay at
 * the record stage, so a sync cut short sends the records again (the server answers that it has them).
 */
async function confirmRecords(db: StudioDb, device: Device, entries: OutboxEntry[], records: ServerRecord[]) {
  try {
    await db.transaction("rw", [...outboxTables(db), db.images], async () => {
      await moveToOriginalStage(db, entries);
      await applyServerRecords(db, "images", records);
    });
  } catch (err) {
    if (!isQuotaError(err)) throw err;
    device.isFull = true;
  }
}

/**
 * Creates image records with their thumbnails and previews, many per request. Answers the items the server
 * now has. A refused record is dealt with and the others handed back at once (`again`): one the server
 * already has moves on; one whose client is gone is dropped and kept as a conflict. Without `withSizes`
 * (direct uploads), the records go without their files.
 */
export async function sendRecords(db: StudioDb, pb: PocketBase, device: Device, batch: Item[], again: (items: Item[]) => void, onProgress: Report, signal?: AbortSignal, meter?: LinkMeter, withSizes = true): Promise<Item[]> {
  const requests = batch.map(({ ref: { entry } }) => ({
    method: "POST",
    url: "/api/collections/images/records",
    body: { id: entry.recordId, ...entry.fields, fieldTimes: entry.fieldTimes },
  }));
  // Direct uploads (uploadDirectSteps.ts) send the records bare and their sizes to the bucket after.
  const sending = batch.map(({ ref }) => ({ entry: ref.entry, sizes: withSizes ? sizesOf(ref.blobs, FIRST_SIZES) : {} }));
  try {
    const records = await sendBatch(pb, sending, requests, onProgress, signal, meter);
    await confirmRecords(db, device, batch.map((b) => b.ref.entry), records);
    return batch;
  } catch (err) {
    const failed = batchIndexOf(err);
    const refused = failed ? batch[failed.index] : undefined;
    if (!refused) throw err;
    again(batch.filter((b) => b !== refused));
    const existing = await pb.collection("images").getOne<ServerRecord>(refused.ref.entry.recordId).catch((e: unknown) => {
      if (e instanceof ClientResponseError && e.status === 404) return null;
      throw e;
    });
    if (!existing) {
      await refusedRecord(db, pb, refused.ref.entry, failed!);
      return [];
    }
    await confirmRecords(db, device, [refused.ref.entry], [existing]);
    return [refused];
  }
}

/**
 * A record create the server refused, and does not have. What that means depends on its client:
 * - gone from this device too (deleted here or by a tombstone): nothing can be sent; set aside, restorable;
 * - on this device but not on the server: the refusal was about the missing parent, not the photo. The
 *   entry stays as it is and goes again once the client is there (its create waits, parked or unsent);
 * - on the server: the server refused the photo itself. Parked with its message, shown, sent again on ask.
 */
async function refusedRecord(db: StudioDb, pb: PocketBase, entry: OutboxEntry, failed: FailedSubRequest) {
  const clientId = String(entry.fields.client ?? "");
  if (!(await db.clients.get(clientId))) return dropEntry(db, entry);
  if (!(await recordExists(pb, "clients", clientId))) return;
  // A refusal the server named (not an image, too many pixels, too large: lib/rules/refusals.js) in the owner's language.
  await parkEntry(db, entry, failed.data.refusal ? describeRejection(failed) : `The server refused this photo (${failed.status}).`);
}

/**
 * Sends the medium and large sizes of images whose record is on the server, many per request (batched
 * PATCHes). Confirmed sizes leave the device. A refused batch is not retried here: the sizes still on the
 * device then go with the item's next file (uploadFile.ts), so nothing is lost or blocked.
 */
export async function sendSizes(db: StudioDb, pb: PocketBase, device: Device, batch: Item[], onProgress: Report, signal?: AbortSignal, meter?: LinkMeter): Promise<void> {
  const requests = batch.map(({ ref: { entry } }) => ({ method: "PATCH", url: `/api/collections/images/records/${entry.recordId}`, body: {} }));
  const sending = batch.map(({ ref }) => ({ entry: ref.entry, sizes: sizesOf(ref.blobs, LATER_SIZES) }));
  let records: ServerRecord[];
  try {
    records = await sendBatch(pb, sending, requests, onProgress, signal, meter);
  } catch (err) {
    if (!(err instanceof UploadError)) throw err;
    return; // refused: these sizes go with their item's next file
  }
  try {
    await db.transaction("rw", [...outboxTables(db), db.images, db.imageBlobs], async () => {
      for (const { ref } of batch) await db.imageBlobs.update(ref.entry.recordId, { medium: undefined, large: undefined });
      await applyServerRecords(db, "images", records);
    });
  } catch (err) {
    if (!isQuotaError(err)) throw err;
    device.isFull = true; // the sizes stay here and go again with their item's next file
  }
}
