/**
 * Push of image files: one multipart request per image and stage. First every pending image's record
 * with its thumbnail and preview (so the gallery becomes viewable early), then the originals. After the
 * original is confirmed its bytes leave the device; thumbnail and preview stay for offline viewing.
 * A failed upload leaves its entry in the outbox and is sent whole again next time.
 */
import type PocketBase from "pocketbase";
import type { StudioDb } from "../store/db";
import type { OutboxEntry } from "../store/rows";
import { applyServerRecords, conflict } from "./applyServerRecords";
import type { ServerRecord } from "./records";
import { UploadError, uploadMultipart, type UploadProgress } from "./transport";

export interface UploadReport {
  imageId: string;
  name: string;
  stage: "record" | "original";
  progress: UploadProgress;
}

const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "image/avif": "avif", "image/gif": "gif", "image/tiff": "tiff", "image/bmp": "bmp" };

function fileName(base: string, blob: Blob): string {
  return `${base}.${EXTENSIONS[blob.type] ?? "bin"}`;
}

function isDuplicateId(err: unknown): boolean {
  const body = err instanceof UploadError ? (err.body as { data?: { id?: { code?: string } } }) : null;
  return err instanceof UploadError && err.status === 400 && body?.data?.id?.code === "validation_not_unique";
}

async function dropEntry(db: StudioDb, entry: OutboxEntry) {
  await db.transaction("rw", db.outbox, db.conflicts, async () => {
    await db.conflicts.add(conflict("images", entry.recordId, "*", entry.fields, null, "device", db.serverNow()));
    await db.outbox.delete(entry.seq!);
  });
}

async function uploadRecord(db: StudioDb, pb: PocketBase, entry: OutboxEntry, report: (p: UploadProgress) => void, signal?: AbortSignal): Promise<void> {
  const blobs = await db.imageBlobs.get(entry.recordId);
  if (!blobs?.thumbnail || !blobs.preview) {
    await db.outbox.delete(entry.seq!); // deleted on this device before it was uploaded
    return;
  }
  const form = new FormData();
  form.set("@jsonPayload", JSON.stringify({ id: entry.recordId, ...entry.fields, fieldTimes: entry.fieldTimes }));
  form.set("thumbnail", blobs.thumbnail, fileName("thumbnail", blobs.thumbnail));
  form.set("preview", blobs.preview, fileName("preview", blobs.preview));
  let record: ServerRecord;
  try {
    record = (await uploadMultipart("POST", pb.buildURL("/api/collections/images/records"), form, pb.authStore.token, report, signal)) as ServerRecord;
  } catch (err) {
    if (isDuplicateId(err)) record = await pb.collection("images").getOne<ServerRecord>(entry.recordId);
    else if (err instanceof UploadError && (err.status === 404 || err.status === 400)) return dropEntry(db, entry); // its client is gone
    else throw err;
  }
  await db.transaction("rw", [db.outbox, db.images, db.conflicts], async () => {
    await db.outbox.update(entry.seq!, { stage: "original" });
    await applyServerRecords(db, "images", [record]);
  });
}

async function uploadOriginal(db: StudioDb, pb: PocketBase, entry: OutboxEntry, report: (p: UploadProgress) => void, signal?: AbortSignal): Promise<void> {
  const blobs = await db.imageBlobs.get(entry.recordId);
  if (!blobs?.original) {
    await db.outbox.delete(entry.seq!);
    return;
  }
  const name = String(entry.fields.originalName || entry.fields.filename || "original");
  const form = new FormData();
  form.set("original", blobs.original, name);
  let record: ServerRecord;
  try {
    record = (await uploadMultipart("PATCH", pb.buildURL(`/api/collections/images/records/${entry.recordId}`), form, pb.authStore.token, report, signal)) as ServerRecord;
  } catch (err) {
    if (err instanceof UploadError && err.status === 404) return dropEntry(db, entry); // deleted on the server meanwhile
    throw err;
  }
  await db.transaction("rw", [db.outbox, db.images, db.imageBlobs, db.conflicts], async () => {
    await db.outbox.delete(entry.seq!);
    await db.imageBlobs.update(entry.recordId, { original: undefined });
    await applyServerRecords(db, "images", [record]);
  });
}

/** Uploads every pending image; `onProgress` hears about each request's bytes. Returns the number of requests. */
export async function uploadImages(db: StudioDb, pb: PocketBase, onProgress?: (r: UploadReport) => void, signal?: AbortSignal): Promise<number> {
  let requests = 0;
  for (const stage of ["record", "original"] as const) {
    const entries = (await db.outbox.orderBy("seq").toArray()).filter((e) => e.collection === "images" && e.op === "create" && !e.error && (e.stage ?? "record") === stage);
    for (const entry of entries) {
      signal?.throwIfAborted();
      const name = String(entry.fields.originalName ?? entry.recordId);
      const report = (progress: UploadProgress) => onProgress?.({ imageId: entry.recordId, name, stage, progress });
      if (stage === "record") await uploadRecord(db, pb, entry, report, signal);
      else await uploadOriginal(db, pb, entry, report, signal);
      requests++;
    }
  }
  return requests;
}
