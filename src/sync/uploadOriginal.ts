/**
 * The last step of an image's upload: its original, one multipart PATCH of the record the server already
 * has (with its full-size JPEG when the gallery delivers originals as JPEG, and with medium and large when
 * their batch could not carry them). The server's answer frees the device's
 * original, medium and large (and a clip's web version); on a full device the whole item leaves it. A record the server no longer
 * has is set aside when it was deleted elsewhere, and created again when the server lost it (a restore).
 * Also the helpers the other steps share: the photo's name, its files' names, and setting an entry aside.
 */
import { ClientResponseError, type default as PocketBase } from "pocketbase";
import { imageName } from "../domain/image-files";
import { extensionForType } from "../domain/image-formats";
import type { SizeField } from "../domain/image-sizes";
import type { StudioDb } from "../store/db";
import type { OutboxEntry } from "../store/rows";
import { recordConflict } from "../store/conflicts";
import { isQuotaError } from "../store/errors";
import { confirmEntries, discardEntry, moveToRecordStage, outboxTables } from "../store/outbox";
import { applyServerRecords } from "./applyServerRecords";
import type { ServerRecord } from "./records";
import { hasTombstone } from "./serverLookup";
import { isTransientStatus, TransientError } from "./transient";
import { UploadError, uploadMultipart, type UploadProgress } from "./transport";
import { timed, type LinkMeter } from "./uploadLink";

/** The most an original's request carries with its full-size JPEG (the proxy allows 250 MB: deploy/nginx.conf). */
export const ONE_REQUEST_BYTES = 200 * 1024 * 1024;

/** The sizes sent after the record (medium and large); thumbnail and preview go with it. */
export const LATER_SIZES: readonly SizeField[] = ["medium", "large"];

/** The name the owner knows an outbox entry's photo by (its fields are the image's synced fields). */
export function entryName(entry: OutboxEntry): string {
  return imageName({ originalName: String(entry.fields.originalName ?? ""), filename: String(entry.fields.filename ?? "") });
}

export function fileName(base: string, blob: Blob): string {
  return `${base}.${extensionForType(blob.type)}`;
}

/** An upload with nothing left to send it to: set aside with the photo's bytes (restorable), then dropped. */
export async function dropEntry(db: StudioDb, entry: OutboxEntry) {
  await db.transaction("rw", [...outboxTables(db), db.imageBlobs], async () => {
    const blobs = await db.imageBlobs.get(entry.recordId);
    const files = blobs?.original ? { original: blobs.original, thumbnail: blobs.thumbnail, medium: blobs.medium, large: blobs.large, preview: blobs.preview } : undefined;
    await recordConflict(db, "images", entry.recordId, "*", entry.fields, null, "device", files ? { record: { ...entry.fields }, files } : {});
    await discardEntry(db, entry);
  });
}

export async function uploadOriginal(db: StudioDb, pb: PocketBase, queues: { isFull: boolean }, entry: OutboxEntry, report: (p: UploadProgress) => void, signal?: AbortSignal, meter?: LinkMeter): Promise<void> {
  const blobs = await db.imageBlobs.get(entry.recordId);
  if (!blobs?.original) {
    await discardEntry(db, entry);
    return;
  }
  const name = entryName(entry) || "original";
  const form = new FormData();
  form.set("original", blobs.original, name);
  for (const field of LATER_SIZES) if (blobs[field]) form.set(field, blobs[field], fileName(field, blobs[field])); // not sent in their batch
  // The full-size JPEG (issue 25) goes with the original it was made from, unless the two would pass what
  // one request may carry behind the proxy (docs/DEPLOY.md): then it follows alone (makeJpegs.ts).
  const withJpeg = !!blobs.jpeg && blobs.original.size + blobs.jpeg.size <= ONE_REQUEST_BYTES;
  if (withJpeg) form.set("jpeg", blobs.jpeg!, "jpeg.jpg");
  let record: ServerRecord;
  try {
    const bytes = blobs.original.size + LATER_SIZES.reduce((sum, f) => sum + (blobs[f]?.size ?? 0), 0) + (withJpeg ? blobs.jpeg!.size : 0);
    record = (await timed(meter, bytes, report, (progress) => uploadMultipart("PATCH", pb.buildURL(`/api/collections/images/records/${entry.recordId}`), form, pb.authStore.token, progress, signal))) as ServerRecord;
  } catch (err) {
    await uploadFailed(db, pb, entry, err);
    return;
  }
  await confirmWhole(db, queues, [{ entry, record, withJpeg }]);
}

/**
 * A file's request failed (a multipart request's UploadError, or the PocketBase client's error from the
 * uploads in parts): a record gone from the server is dealt with (missingRecord, and the item stops here);
 * a 429 or 5xx is a TransientError (sent again later); anything else fails the sync.
 */
export async function uploadFailed(db: StudioDb, pb: PocketBase, entry: OutboxEntry, err: unknown): Promise<void> {
  const status = err instanceof UploadError || err instanceof ClientResponseError ? err.status : -1;
  if (status === 404) return missingRecord(db, pb, entry);
  if (isTransientStatus(status)) throw new TransientError(status, err instanceof UploadError ? err.retryAfterMs : undefined);
  throw err;
}

/** An image the server has whole: its entry, the server's record, and whether its full-size JPEG went too. */
export interface WholeConfirmation {
  entry: OutboxEntry;
  record: ServerRecord;
  withJpeg: boolean;
}

/**
 * The server has these whole photos: their entries leave the outbox, and the bytes the device no longer
 * needs, in one transaction (one change for the screens that show them: sync/confirmations.ts).
 */
export async function confirmWhole(db: StudioDb, queues: { isFull: boolean }, photos: WholeConfirmation[]): Promise<void> {
  try {
    await db.transaction("rw", [...outboxTables(db), db.images, db.imageBlobs], async () => {
      await confirmEntries(db, photos.map((p) => p.entry));
      for (const { entry, withJpeg } of photos) await db.imageBlobs.update(entry.recordId, { original: undefined, webVideo: undefined, medium: undefined, large: undefined, ...(withJpeg ? { jpeg: undefined } : {}) });
      await applyServerRecords(db, "images", photos.map((p) => p.record));
    });
  } catch (err) {
    if (!isQuotaError(err)) throw err;
    queues.isFull = true;
    for (const { entry, record } of photos) await freeConfirmedPhoto(db, entry, record);
  }
}

/**
 * A full device: the server has the whole photo, so every byte of it leaves the device (thumbnail and
 * preview too: they come from the server when shown, and the offline copy takes them back when there is
 * room). Deletes only, which a full device can still write; the row follows when there is room again
 * (here, or from the next pull).
 */
export async function freeConfirmedPhoto(db: StudioDb, entry: OutboxEntry, record: ServerRecord): Promise<void> {
  await db.transaction("rw", [...outboxTables(db), db.imageBlobs], async () => {
    await confirmEntries(db, [entry]);
    await db.imageBlobs.delete(entry.recordId);
  });
  await applyServerRecords(db, "images", [record]).catch((err: unknown) => {
    if (!isQuotaError(err)) throw err;
  });
}

/**
 * The original's PATCH answered 404: the record is gone. Deleted elsewhere only with a tombstone (set aside,
 * with its bytes, restorable); otherwise the server lost it (a restore from a backup), so the record is
 * created again at the next sync from what this device holds.
 */
async function missingRecord(db: StudioDb, pb: PocketBase, entry: OutboxEntry): Promise<void> {
  if (await hasTombstone(pb, "images", entry.recordId)) return dropEntry(db, entry);
  await moveToRecordStage(db, [entry]);
}
