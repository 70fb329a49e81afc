/**
 * The upload's steps in direct mode (issue 39; uploadImages.ts runs them when the server says direct uploads
 * are on): the same plan (uploadPlanner.ts), but every file goes straight to the bucket (uploadDirect.ts) and
 * the server's requests carry JSON only. A record is created without files (or found, when an earlier answer
 * was lost), then each of its files is sent; a file the record already holds is not sent again (the server
 * answers it complete), so a step cut anywhere resumes where it stopped. Confirmations are those of the
 * server's path: confirmed bytes leave the device as they do there.
 */
import { ClientResponseError, type default as PocketBase } from "pocketbase";
import type { StudioDb } from "../store/db";
import { isQuotaError } from "../store/errors";
import { discardEntry, outboxTables } from "../store/outbox";
import type { ImageBlobRow, OutboxEntry } from "../store/rows";
import { applyServerRecords } from "./applyServerRecords";
import type { ServerRecord } from "./records";
import type { UploadProgress } from "./transport";
import { sendDirect, type DirectField } from "./uploadDirect";
import { confirmWebVideo, WEB_VIDEO_NAME } from "./uploadFile";
import { timed, type LinkMeter } from "./uploadLink";
import { confirmWhole, entryName, fileName, uploadFailed } from "./uploadOriginal";
import { typeOf } from "./uploadParts";
import type { Device, Item } from "./uploadSteps";

type Report = (entry: OutboxEntry, p: UploadProgress) => void;

export interface DirectRun {
  db: StudioDb;
  pb: PocketBase;
  device: Device;
  signal?: AbortSignal;
  meter?: LinkMeter;
}

/** The name and type a file of `field` is announced by. */
function described(entry: OutboxEntry, field: DirectField, blob: Blob): { name: string; type: string } {
  if (field === "original") {
    const name = entryName(entry) || "original";
    return { name, type: blob.type || String(entry.fields.mimeType ?? "") || typeOf(blob, name) };
  }
  const name = field === "webVideo" ? WEB_VIDEO_NAME : field === "jpeg" ? "jpeg.jpg" : fileName(field, blob);
  return { name, type: typeOf(blob, name) };
}

/**
 * How many of one item's files are on their way at once: each file costs two calls to the server (its start
 * and its complete, where the server checks the object in the bucket) beside its PUT, so files side by side
 * keep the link busy while the server answers (the server saves each file into the record in a transaction).
 */
const FILES_AT_ONCE = 3;

/** Sends `fields` of an item's files the device holds, a few at once; answers the record once all are in. */
async function sendFiles(run: DirectRun, entry: OutboxEntry, blobs: ImageBlobRow | undefined, fields: readonly DirectField[], report: Report, record?: ServerRecord): Promise<ServerRecord | undefined> {
  const files = fields.flatMap((field) => (blobs?.[field] ? [{ field, blob: blobs[field] }] : []));
  const total = files.reduce((sum, f) => sum + f.blob.size, 0);
  if (!files.length) return record;
  return timed(run.meter, total, (p) => report(entry, p), async (progress) => {
    const loaded = files.map(() => 0);
    const answers: ServerRecord[] = [];
    let next = 0;
    let failed = false;
    const lane = async () => {
      while (next < files.length && !failed) {
        const i = next++;
        const { field, blob } = files[i]!;
        const { name, type } = described(entry, field, blob);
        const onProgress = (p: UploadProgress) => {
          loaded[i] = p.loaded;
          progress({ loaded: loaded.reduce((a, b) => a + b, 0), total });
        };
        try {
          answers.push(await sendDirect(run.pb, blob, { record: entry.recordId, field, name, type }, onProgress, run.signal));
        } catch (err) {
          failed = true; // no new file starts; the ones on their way end before the item's error is answered
          throw err;
        }
      }
    };
    const ends = await Promise.allSettled(Array.from({ length: Math.min(FILES_AT_ONCE, files.length) }, lane));
    const failure = ends.find((end) => end.status === "rejected");
    if (failure) throw failure.reason;
    // The answer saved last holds every file; answers may arrive in another order, so it is found by its fields.
    const whole = answers.find((r) => files.every(({ field }) => !!r[field]));
    return whole ?? (await run.pb.collection("images").getOne<ServerRecord>(entry.recordId, { requestKey: null, signal: run.signal }));
  });
}

/**
 * The record on the server, created without files (its fields and field times, as the server's path sends
 * them), or the one the server has already; null when the server refused it and has none (the caller sends
 * the item step by step, whose records step deals with each refusal).
 */
async function ensureRecord(run: DirectRun, entry: OutboxEntry): Promise<ServerRecord | null> {
  try {
    return await run.pb.collection("images").create<ServerRecord>({ id: entry.recordId, ...entry.fields, fieldTimes: entry.fieldTimes }, { requestKey: null, signal: run.signal });
  } catch (err) {
    if (!(err instanceof ClientResponseError) || err.status !== 400) throw err;
    return run.pb
      .collection("images")
      .getOne<ServerRecord>(entry.recordId, { requestKey: null, signal: run.signal })
      .catch((e: unknown) => {
        if (e instanceof ClientResponseError && e.status === 404) return null;
        throw e;
      });
  }
}

const WHOLE: readonly DirectField[] = ["thumbnail", "preview", "medium", "large", "original", "jpeg"];
const FIRST: readonly DirectField[] = ["thumbnail", "preview"];

/** A photo whole: its record, then every file; "refused" when the server will not create the record. */
export async function wholeDirect(run: DirectRun, item: Item, report: Report): Promise<{ record: ServerRecord; withJpeg: boolean } | "refused"> {
  const { entry, blobs } = item.ref;
  const created = await ensureRecord(run, entry);
  if (!created) return "refused";
  const record = await sendFiles(run, entry, blobs, WHOLE, report, created);
  return { record: record!, withJpeg: !!blobs?.jpeg };
}

/** After a records batch sent without files: each confirmed item's thumbnail and preview (a clip's poster). */
export async function firstSizesDirect(run: DirectRun, items: Item[], report: Report): Promise<void> {
  for (const { ref } of items) {
    const record = await sendFiles(run, ref.entry, ref.blobs, FIRST, report);
    if (record) await applyServerRecords(run.db, "images", [record]);
  }
}

/** Medium and large of items whose record the server has; confirmed, they leave the device. */
export async function laterSizesDirect(run: DirectRun, items: Item[], report: Report): Promise<void> {
  for (const { ref } of items) {
    const record = await sendFiles(run, ref.entry, ref.blobs, ["medium", "large"], report);
    if (!record) continue;
    try {
      await run.db.transaction("rw", [...outboxTables(run.db), run.db.images, run.db.imageBlobs], async () => {
        await run.db.imageBlobs.update(ref.entry.recordId, { medium: undefined, large: undefined });
        await applyServerRecords(run.db, "images", [record]);
      });
    } catch (err) {
      if (!isQuotaError(err)) throw err;
      run.device.isFull = true; // they go again with the item's next file
    }
  }
}

/**
 * An item's web version or original, with whatever of its sizes the device still holds (a first size whose
 * upload was cut, medium and large); the original takes its full-size JPEG with it. False when the item stops.
 */
export async function fileDirect(run: DirectRun, entry: OutboxEntry, field: "original" | "webVideo", report: Report): Promise<boolean> {
  const blobs = await run.db.imageBlobs.get(entry.recordId);
  if (!blobs?.[field]) {
    if (field === "webVideo") return true; // sent already: the original next
    await discardEntry(run.db, entry); // deleted on this device before it was uploaded
    return false;
  }
  const fields: DirectField[] = [...FIRST, "medium", "large", field, ...(field === "original" ? (["jpeg"] as const) : [])];
  let record: ServerRecord | undefined;
  try {
    record = await sendFiles(run, entry, blobs, fields, report);
  } catch (err) {
    await uploadFailed(run.db, run.pb, entry, err);
    return false;
  }
  if (field === "original") await confirmWhole(run.db, run.device, [{ entry, record: record!, withJpeg: !!blobs.jpeg }]);
  else await confirmWebVideo(run.db, run.device, entry, record!);
  return true;
}
