/**
 * The one write path for images: metadata row, the bytes kept on the device, and the outbox entry, in one
 * transaction. The original's bytes stay on the device until sync has uploaded them.
 */
import { pbDateAt } from "../../domain/contract";
import { newRecordId } from "../../domain/ids";
import type { ImageFields } from "../../domain/records";
import type { StudioDb } from "../db";
import { StoreError, guardQuota } from "../errors";
import { changedFields, dropPendingEntries, enqueue } from "../outbox";
import { markImported } from "./imports";
import { addMediaBytes, dropMediaBytes } from "./mediaBytes";
import type { ImageRow } from "../rows";
import { STORE_TEXTS } from "../texts";
import { clearCoversOf } from "./clients";

export interface NewImage {
  fields: Omit<ImageFields, "uploadedAt"> & { uploadedAt?: string };
  original: Blob;
  thumbnail: Blob;
  /** Absent when they already reached the server (a photo sent again after it was set aside). */
  medium?: Blob;
  large?: Blob;
  preview: Blob;
  /** The full-size JPEG when the gallery delivers originals as JPEG (issue 25). */
  jpeg?: Blob;
  /** A clip's web version made on this device (issue 38), when the original is not web-ready. */
  webVideo?: Blob;
}

/** The files of an import journal these images are: marked done in the transaction that stores them. */
export interface JournalMark {
  importId: string;
  keys: string[];
}

export async function addImages(db: StudioDb, images: NewImage[], journal?: JournalMark): Promise<ImageRow[]> {
  const rows: ImageRow[] = images.map(({ fields }) => ({
    id: newRecordId(),
    ...fields,
    set: fields.set ?? "",
    uploadedAt: fields.uploadedAt ?? pbDateAt(db.serverNow()),
    files: { original: "", thumbnail: "", medium: "", large: "", preview: "" },
    server: null,
    serverUpdated: "",
    fieldTimes: {},
  }));
  await guardQuota(() =>
    db.transaction("rw", [db.images, db.imageBlobs, db.outbox, db.imports], async () => {
      for (const [i, row] of rows.entries()) {
        // Every synced field goes with the create, so a later move's time is newer than the create's.
        const fields: ImageFields = { ...images[i]!.fields, set: row.set, uploadedAt: row.uploadedAt };
        row.fieldTimes = (await enqueue(db, "images", row.id, "create", { ...fields }, { stage: "record" })).fieldTimes;
        const { original, thumbnail, medium, large, preview, jpeg, webVideo } = images[i]!;
        await addMediaBytes(db, row.id, { original, thumbnail, medium, large, preview, jpeg, webVideo });
      }
      await db.images.bulkAdd(rows);
      if (journal) await markImported(db, journal.importId, journal.keys);
    }),
  );
  return rows;
}

/** What the duplicate check of an import needs of a client's gallery: each image's CRC-32 and size. */
export async function galleryContents(db: StudioDb, clientId: string): Promise<Array<Pick<ImageRow, "crc32" | "fileSize">>> {
  const rows = await db.images.where("client").equals(clientId).toArray();
  return rows.map(({ crc32, fileSize }) => ({ crc32, fileSize }));
}

export async function updateImage(db: StudioDb, id: string, patch: Partial<Pick<ImageFields, "filename" | "originalName" | "metadata" | "set">>): Promise<void> {
  await guardQuota(() =>
    db.transaction("rw", db.images, db.outbox, async () => {
      const row = await db.images.get(id);
      if (!row) throw new StoreError("not-found", STORE_TEXTS.imageNotFound);
      const changed = changedFields<ImageFields>(row, patch);
      if (Object.keys(changed).length === 0) return;
      const { fieldTimes } = await enqueue(db, "images", id, "update", changed);
      await db.images.update(id, { ...changed, fieldTimes: { ...row.fieldTimes, ...fieldTimes } });
    }),
  );
}

/** Deletes images here and on the server (through the outbox); a cover that named one of them is cleared. */
export async function deleteImages(db: StudioDb, ids: string[]): Promise<void> {
  await guardQuota(() =>
    db.transaction("rw", [db.images, db.imageBlobs, db.outbox, db.clients], async () => {
      const clientIds = (await db.images.bulkGet(ids)).flatMap((row) => (row ? [row.client] : []));
      await clearCoversOf(db, clientIds, ids);
      await db.images.bulkDelete(ids);
      await dropMediaBytes(db, ids);
      await dropPendingEntries(db, "images", ids);
      for (const id of ids) await enqueue(db, "images", id, "delete");
    }),
  );
}
