/**
 * The one writer of a media item's bytes on this device (the `imageBlobs` table): the original, the sizes,
 * the full-size JPEG and a clip's web version. Import, the offline copy, the size rebuild, the JPEG
 * deliverables, the watermark re-apply and a deletion all store or drop bytes here; only the sync's upload
 * confirmations (src/sync/upload*) drop what the server has confirmed, in their own transactions. A lint rule
 * (eslint/media-bytes.js) keeps every other write out.
 *
 * Each function opens its own transaction on `imageBlobs`, so it also runs inside a caller's transaction
 * that names that table (Dexie nests it there): the import stores the bytes with the row and its outbox
 * entry at once, a deletion drops them with the row.
 */
import type { StudioDb } from "../db";
import type { ImageBlobRow } from "../rows";

/** The bytes of one media item, by file. */
export type MediaBytes = Omit<ImageBlobRow, "id">;
/** One of a media item's files kept on the device. */
export type MediaFile = keyof MediaBytes;

/** The files whose presence keeps a row (a JPEG alone is never kept: it only goes with its original). */
const HOLDING: MediaFile[] = ["original", "thumbnail", "preview", "medium", "large", "webVideo"];

/** Stores a new media item's bytes; absent files are left out. */
export async function addMediaBytes(db: StudioDb, id: string, bytes: MediaBytes): Promise<void> {
  const present = Object.fromEntries(Object.entries(bytes).filter(([, blob]) => blob)) as MediaBytes;
  await db.transaction("rw", db.imageBlobs, () => db.imageBlobs.add({ id, ...present }));
}

/** Keeps one file of a media item here (a size downloaded for the offline copy, a re-rendered preview). */
export async function keepMediaFile(db: StudioDb, id: string, file: MediaFile, blob: Blob): Promise<void> {
  await db.transaction("rw", db.imageBlobs, async () => {
    const row = (await db.imageBlobs.get(id)) ?? { id };
    await db.imageBlobs.put({ ...row, [file]: blob });
  });
}

/**
 * Drops the named files of a media item; the row goes when nothing that keeps it is left. False when the
 * item had no bytes here.
 */
export async function dropMediaFiles(db: StudioDb, id: string, files: MediaFile[]): Promise<boolean> {
  return db.transaction("rw", db.imageBlobs, async () => {
    const row = await db.imageBlobs.get(id);
    if (!row) return false;
    const next = { ...row };
    for (const file of files) delete next[file];
    if (HOLDING.some((file) => next[file])) await db.imageBlobs.put(next);
    else await db.imageBlobs.delete(id);
    return true;
  });
}

/** Drops one file of a media item and keeps the rest (a kept JPEG once the server has it). */
export async function dropMediaFile(db: StudioDb, id: string, file: MediaFile): Promise<void> {
  await db.transaction("rw", db.imageBlobs, () => db.imageBlobs.update(id, { [file]: undefined }));
}

/** Drops every byte of these media items (deleted here, or by the server). */
export async function dropMediaBytes(db: StudioDb, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db.transaction("rw", db.imageBlobs, () => db.imageBlobs.bulkDelete(ids));
}
