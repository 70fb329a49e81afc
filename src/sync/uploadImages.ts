/**
 * Push of image files. On a fast link (uploadLink.ts), each image whole, one request (uploadWhole.ts).
 * On a slow or unknown link, and for images whose record is already on the server, in three steps: every pending image's record with its thumbnail and preview,
 * batched (the gallery is viewable once they are there, so only the bytes it needs go first; the first
 * batch is small, so the first screenful shows soonest); then the medium and large sizes, batched too (the
 * server answers a size it lacks with the nearest it has, so the gallery works before they arrive); then
 * one multipart request per original. Two requests are in flight at a time (uploadLanes.ts), so the link
 * carries the next one while the server saves the last; an image's sizes start only once its record is
 * confirmed and its original only once its sizes are done; records go before sizes before originals, and
 * nothing but records shares the link with a batch of records still sending its body.
 * A size confirmed by the server leaves the device, and so does the original; thumbnail and preview stay
 * for offline viewing. A failed upload leaves its entry in the outbox and is sent whole again next time;
 * the server keeps no partial file. The original's step, and the helpers the steps share: uploadOriginal.ts.
 * On a link not measured yet, the first batch of records goes alone and measures it; found fast, the
 * other images go whole, and those whose record went in a batch send medium and large with their original.
 */
import { ClientResponseError, type default as PocketBase } from "pocketbase";
import type { SizeField } from "../domain/image-sizes";
import type { StudioDb } from "../store/db";
import type { ImageBlobRow, OutboxEntry } from "../store/rows";
import { discardEntry, moveToOriginalStage, outboxTables, parkEntry } from "../store/outbox";
import { applyServerRecords } from "./applyServerRecords";
import { isQuotaError } from "../store/errors";
import { isFileEntry, unsentCreates, waitsForParent } from "./pushOutbox";
import { recordExists } from "./serverLookup";
import type { ServerRecord } from "./records";
import { UploadError, type UploadProgress } from "./transport";
import { describeRejection, type FailedSubRequest } from "./batchErrors";
import { batchIndexOf, nextBatch, sendBatch, type BatchLimits, type Report, type SizeBlobs } from "./uploadBatch";
import { createWake, runInLanes, UPLOAD_LANES, type UploadJob } from "./uploadLanes";
import { loadLinkMeter, type LinkMeter, type LinkSpeed } from "./uploadLink";
import { dropEntry, entryName, LATER_SIZES, uploadOriginal } from "./uploadOriginal";
import { confirmationBatches } from "./confirmations";
import { sendWhole } from "./uploadWhole";
import { firstFiles, readUploadPlan, stageOf, type UploadPlan } from "./uploadPlan";

export interface UploadReport {
  imageId: string;
  name: string;
  stage: "record" | "original";
  progress: UploadProgress;
}

/**
 * The first batch of records carries a screenful (what the owner sees first); later ones carry up to 25
 * records and 2 MB (1.7 s at 10 Mbit/s): with two requests in flight, the server saves one batch (one
 * transaction, about as long as sending it on a loaded 2-core server) while the link carries the next.
 */
export const FIRST_RECORD_BATCH: BatchLimits = { count: 8, bytes: 2 * 1024 * 1024 };
export const RECORD_BATCH: BatchLimits = { count: 25, bytes: 2 * 1024 * 1024 };

/** The sizes sent with the record (what a gallery shows first); the rest (LATER_SIZES) follow in their own batches. */
const FIRST_SIZES: readonly SizeField[] = ["thumbnail", "preview"];

interface PendingRecord {
  entry: OutboxEntry;
  sizes: SizeBlobs;
  /** Medium and large (still on the device), sent once the record is confirmed. */
  later: SizeBlobs;
  /** Every file of the image, for sending it whole on a fast link; false once the server refused it whole. */
  blobs: ImageBlobRow;
  whole: boolean;
}

/**
 * Marks records confirmed by the server: their entries move on to the original's upload. On a full device
 * nothing can be written: the sync goes on with the originals (which free space) and the entries stay at
 * the record stage, so a sync cut short sends the records again (the server answers that it has them).
 */
async function confirmRecords(db: StudioDb, queues: Pick<Queues, "isFull">, entries: OutboxEntry[], records: ServerRecord[]) {
  try {
    await db.transaction("rw", [...outboxTables(db), db.images], async () => {
      await moveToOriginalStage(db, entries);
      await applyServerRecords(db, "images", records);
    });
  } catch (err) {
    if (!isQuotaError(err)) throw err;
    queues.isFull = true;
  }
}

/** What is left to send, in the order it goes: records, then sizes, then originals. */
interface Queues {
  records: PendingRecord[];
  sizes: Array<{ entry: OutboxEntry; sizes: SizeBlobs }>;
  originals: OutboxEntry[];
  /** Batches of records sent so far (the first one is small), and how many are still sending their body. */
  recordBatches: number;
  recordsSending: number;
  /** The device ran out of space during this sync: sizes go with their originals, and confirmed photos free all their bytes. */
  isFull: boolean;
  /** The link's speed as the uploads measure it: a fast one takes each image whole (uploadWhole.ts). */
  meter: LinkMeter;
}

/** After its record is on the server, an image's medium and large go next, or its original when it has none. */
function recordDone(queues: Queues, item: PendingRecord) {
  if (Object.keys(item.later).length) queues.sizes.push({ entry: item.entry, sizes: item.later });
  else queues.originals.push(item.entry);
}

function laterSizesOf(blobs: SizeBlobs | undefined): SizeBlobs {
  const sizes: SizeBlobs = {};
  for (const field of LATER_SIZES) if (blobs?.[field]) sizes[field] = blobs[field];
  return sizes;
}

/**
 * Creates image records with their thumbnails and previews, many per request. A refused record is dealt
 * with and the rest sent again: one the server already has moves on; one whose client is gone is dropped
 * and kept as a conflict.
 */
async function sendRecords(db: StudioDb, pb: PocketBase, queues: Queues, batch: PendingRecord[], onProgress: Report, signal?: AbortSignal): Promise<void> {
  const requests = batch.map(({ entry }) => ({
    method: "POST",
    url: "/api/collections/images/records",
    body: { id: entry.recordId, ...entry.fields, fieldTimes: entry.fieldTimes },
  }));
  try {
    const records = await sendBatch(pb, batch, requests, onProgress, signal, queues.meter);
    await confirmRecords(db, queues, batch.map((b) => b.entry), records);
    for (const item of batch) recordDone(queues, item);
  } catch (err) {
    const failed = batchIndexOf(err);
    const refused = failed ? batch[failed.index] : undefined;
    if (!refused) throw err;
    queues.records.unshift(...batch.filter((b) => b !== refused));
    const existing = await pb.collection("images").getOne<ServerRecord>(refused.entry.recordId).catch((e: unknown) => {
      if (e instanceof ClientResponseError && e.status === 404) return null;
      throw e;
    });
    if (existing) {
      await confirmRecords(db, queues, [refused.entry], [existing]);
      recordDone(queues, refused);
    } else await refusedRecord(db, pb, refused.entry, failed!);
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
 * device then go with their original's request (uploadOriginal), so nothing is lost or blocked.
 */
async function sendSizes(db: StudioDb, pb: PocketBase, queues: Queues, batch: Queues["sizes"], onProgress: Report, signal?: AbortSignal): Promise<void> {
  const requests = batch.map(({ entry }) => ({ method: "PATCH", url: `/api/collections/images/records/${entry.recordId}`, body: {} }));
  let records: ServerRecord[];
  try {
    records = await sendBatch(pb, batch, requests, onProgress, signal, queues.meter);
  } catch (err) {
    if (!(err instanceof UploadError)) throw err;
    queues.originals.push(...batch.map((b) => b.entry)); // refused: these sizes go with their originals
    return;
  }
  try {
    await db.transaction("rw", [...outboxTables(db), db.images, db.imageBlobs], async () => {
      for (const { entry } of batch) await db.imageBlobs.update(entry.recordId, { medium: undefined, large: undefined });
      await applyServerRecords(db, "images", records);
    });
  } catch (err) {
    if (!isQuotaError(err)) throw err;
    queues.isFull = true; // the sizes stay here and go again with their originals
  }
  queues.originals.push(...batch.map((b) => b.entry));
}

/**
 * Clients whose create is still waiting here (parked or unsent) and that the server does not have: their
 * photos wait. A create the server has (its answer was lost, and confirming it failed) does not hold them.
 */
async function parentsNotOnServer(pb: PocketBase, outbox: OutboxEntry[]): Promise<Set<string>> {
  const unsent = unsentCreates(outbox);
  const parents = new Set(outbox.filter((e) => isFileEntry(e) && waitsForParent(e, unsent)).map((e) => String(e.fields.client)));
  for (const id of parents) if (await recordExists(pb, "clients", id)) unsent.delete(`clients:${id}`);
  return unsent;
}

/** Uploads every pending image; `onProgress` hears about each request's bytes. Returns the number of requests. */
export interface UploadOptions {
  lanes?: number;
  /** The link's speed, fixed (tests); measured otherwise (uploadLink.ts). */
  link?: LinkSpeed;
  /** No request starts after this time (performance.now()); those in flight end. */
  until?: number;
  /** Read ahead (while the sync measured the clock); read here otherwise. */
  plan?: Promise<UploadPlan>;
  /** The link's meter the sync already loaded; loaded here otherwise. */
  meter?: LinkMeter;
}

export async function uploadImages(db: StudioDb, pb: PocketBase, onProgress?: (r: UploadReport) => void, signal?: AbortSignal, options: UploadOptions = {}): Promise<number> {
  const meter = options.meter ?? (await loadLinkMeter(db, { fixed: options.link }));
  const lanes = options.lanes ?? UPLOAD_LANES;
  const plan = await (options.plan ?? readUploadPlan(db, firstFiles(meter.speed(), lanes)));
  const unsent = await parentsNotOnServer(pb, plan.inOrder);
  const report = (stage: "record" | "original") => (entry: OutboxEntry, progress: UploadProgress) =>
    onProgress?.({ imageId: entry.recordId, name: entryName(entry) || entry.recordId, stage, progress });

  const queues: Queues = { records: [], sizes: [], originals: [], recordBatches: 0, recordsSending: 0, isFull: false, meter };
  /**
   * Queues waiting images as their files arrive, in the plan's order. A photo whose client has not reached
   * the server (its create is parked or unsent) waits with it.
   */
  const enqueue = async (entries: OutboxEntry[], rows: Array<ImageBlobRow | undefined>) => {
    for (const [i, entry] of entries.entries()) {
      if (waitsForParent(entry, unsent)) continue;
      const blobs = rows[i];
      if (stageOf(entry) === "original") {
        const later = laterSizesOf(blobs);
        if (Object.keys(later).length) queues.sizes.push({ entry, sizes: later });
        else queues.originals.push(entry);
      } else if (!blobs?.thumbnail || !blobs.preview) {
        await discardEntry(db, entry); // deleted on this device before it was uploaded
      } else {
        const sizes: SizeBlobs = {};
        for (const field of FIRST_SIZES) if (blobs[field]) sizes[field] = blobs[field];
        queues.records.push({ entry, sizes, later: laterSizesOf(blobs), blobs, whole: !!blobs.original });
      }
    }
  };
  await enqueue(plan.waiting.slice(0, plan.first.length), plan.first);
  const more = plan.first.length < plan.waiting.length ? () => plan.rest().then((rows) => enqueue(plan.waiting.slice(plan.first.length), rows)) : undefined;

  const confirmations = confirmationBatches(db, queues);
  // Records first, then sizes, then originals: a lane takes the first kind with work waiting. Nothing else
  // shares the link while a batch of records is sending its body, so thumbnails and previews arrive at the
  // link's full speed; once its body is sent (the server is saving it), the other lane may go on.
  const wake = createWake();
  const take = (): UploadJob | null => {
    if (options.until !== undefined && performance.now() >= options.until) return null;
    const fast = queues.meter.speed() === "fast";
    if (fast && queues.records[0]?.whole) {
      const item = queues.records.shift()!;
      return async () => {
        const sent = await sendWhole(pb, item.entry, item.blobs, (p) => report("original")(item.entry, p), signal, queues.meter);
        if (sent === "refused") {
          queues.records.unshift({ ...item, whole: false }); // refused whole: step by step
          return;
        }
        // The lane goes on to the next image while the device writes the confirmation (pipelined).
        void confirmations.add(item.entry, sent.record, sent.withJpeg).catch(() => undefined); // thrown when the lanes end (flush)
      };
    }
    // On a link not measured yet, one batch of records at a time until its body is sent (the link carries
    // one body at a time either way): that batch measures the link, and on a fast one the rest go whole.
    if (queues.records.length && queues.recordsSending && queues.meter.speed() === "unknown") return null;
    if (queues.records.length) {
      const batch = nextBatch(queues.records, queues.recordBatches++ ? RECORD_BATCH : FIRST_RECORD_BATCH);
      queues.recordsSending++;
      let sending = true;
      const sent = () => {
        if (!sending) return;
        sending = false;
        queues.recordsSending--;
        wake();
      };
      const progress = report("record");
      return () =>
        sendRecords(db, pb, queues, batch, (entry, p) => {
          progress(entry, p);
          if (p.total > 0 && p.loaded >= p.total) sent();
        }, signal).finally(sent);
    }
    if (queues.recordsSending) return null; // asked again once its body is sent
    // On a full device they go with their originals, and on a fast link too (one request and one server
    // write instead of two; a cut original sends them again, which a fast link does in a moment). On a
    // slow one they go on their own: confirmed, a cut original never sends them again.
    if (queues.sizes.length && (queues.isFull || fast)) queues.originals.push(...queues.sizes.splice(0).map((s) => s.entry));
    if (queues.sizes.length) {
      const batch = nextBatch(queues.sizes, RECORD_BATCH);
      return () => sendSizes(db, pb, queues, batch, report("record"), signal);
    }
    const entry = queues.originals.shift();
    if (entry) return () => uploadOriginal(db, pb, queues, entry, (p) => report("original")(entry, p), signal, queues.meter);
    return null;
  };
  const ran = await runInLanes(take, lanes, signal, wake, more).then(
    (count) => ({ count }),
    (error: unknown) => ({ error }),
  );
  const unconfirmed = await confirmations.flush(); // what waits is written now, not at the end of its window
  await queues.meter.save();
  if ("error" in ran) throw ran.error;
  if (unconfirmed) throw unconfirmed; // the server has it: the next sync confirms it from the server's record
  return ran.count;
}
