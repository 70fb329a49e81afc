/**
 * Applies server deletions. A client's tombstone covers its images. Local edits of a deleted record
 * cannot reach the server any more; they are kept in `conflicts` (field "*") instead of vanishing.
 * A deleted image is no one's cover any more (the server cleared it in the delete's transaction): a cover
 * this device chose for it and has not sent yet lost, and is kept in `conflicts` (field coverImage).
 */
import { IMAGE_CREATE_FIELDS, SYNCED_FIELDS, type SyncedCollection } from "../domain/records";
import type { ConflictRow, OutboxEntry } from "../store/rows";
import type { StudioDb } from "../store/db";
import { recordConflict } from "../store/conflicts";
import { confirmEntries, dropPendingField, outboxTables, pendingEntriesOf, rememberDeleted } from "../store/outbox";
import { isSyncedCollection, isVisitorCollection } from "../domain/registry";
import { deleteGalleryRows, registryTables, tableOf } from "../store/registryTables";
import { dropMediaBytes } from "../store/repositories/mediaBytes";

export interface Tombstone {
  recordCollection: string;
  recordId: string;
  client: string;
}

/** Whether any of these records has a change waiting that is more than a delete. */
async function hasUnsentWork(db: StudioDb, targets: Array<[SyncedCollection, string]>): Promise<boolean> {
  for (const [collection, id] of targets) {
    if ((await pendingEntriesOf(db, collection, id)).some((e) => e.op !== "delete")) return true;
  }
  return false;
}

/**
 * What 'Send again' needs of a record deleted elsewhere: its values as this device holds them, and for a
 * photo whose upload the server never confirmed, its bytes (the only copy).
 */
async function setAside(db: StudioDb, collection: SyncedCollection, id: string, pending: OutboxEntry[]): Promise<Pick<ConflictRow, "record" | "files">> {
  if (collection === "clients") {
    const row = await db.clients.get(id);
    return row ? { record: pickFields(row, SYNCED_FIELDS.clients) } : {};
  }
  if (collection !== "images" || !pending.some((e) => e.op === "create")) return {};
  const [row, blobs] = await Promise.all([db.images.get(id), db.imageBlobs.get(id)]);
  if (!row || !blobs?.original) return {};
  const files = { original: blobs.original, thumbnail: blobs.thumbnail, medium: blobs.medium, large: blobs.large, preview: blobs.preview };
  return { record: pickFields(row, IMAGE_CREATE_FIELDS), files };
}

/** The values of `fields` in a row. */
function pickFields(row: object, fields: readonly string[]): Record<string, unknown> {
  const values = row as Record<string, unknown>;
  return Object.fromEntries(fields.map((f) => [f, values[f]]));
}

export async function applyTombstones(db: StudioDb, tombstones: Tombstone[]): Promise<void> {
  await db.transaction("rw", [db.imageBlobs, ...registryTables(db), ...outboxTables(db)], async () => {
    for (const t of tombstones) {
      const deleted = t.recordCollection;
      // Visitor-written rows are never edited on the device: a delete simply drops them.
      if (isVisitorCollection(deleted)) await tableOf(db, deleted).delete(t.recordId);
      if (!isSyncedCollection(deleted)) continue;
      const targets: Array<[SyncedCollection, string]> = [[deleted, t.recordId]];
      if (deleted === "clients") {
        await deleteGalleryRows(db, t.recordId);
        const imageIds = (await db.images.where("client").equals(t.recordId).primaryKeys()) as string[];
        for (const id of imageIds) targets.push(["images", id]);
      }
      // A client is set aside whole when it or one of its photos had work the server never got, so that
      // 'Send again' can bring the photos back into it.
      const setAsideClient = deleted === "clients" && (await hasUnsentWork(db, targets));
      if (deleted === "images") await dropCover(db, t.client, t.recordId);
      for (const [collection, id] of targets) {
        const pending = await pendingEntriesOf(db, collection, id);
        const edits = pending.filter((e) => e.op !== "delete" && Object.keys(e.fields).length > 0);
        if (edits.length || (collection === "clients" && setAsideClient)) {
          const lost = Object.assign({}, ...edits.map((e) => e.fields)) as Record<string, unknown>;
          await recordConflict(db, collection, id, "*", lost, null, "device", await setAside(db, collection, id, pending));
        }
        await confirmEntries(db, pending); // nothing of them can reach the server any more
        await rememberDeleted(db, collection, [id]);
        await tableOf(db, collection).delete(id);
        if (collection === "images") await dropMediaBytes(db, [id]);
      }
    }
  });
}

/** The client's cover no longer names the deleted image; a pending choice of it becomes a conflict. */
async function dropCover(db: StudioDb, clientId: string, imageId: string): Promise<void> {
  const row = await db.clients.get(clientId);
  if (!row || row.coverImage !== imageId) return;
  const pending = await pendingEntriesOf(db, "clients", clientId);
  if (pending.some((e) => e.op !== "delete" && "coverImage" in e.fields)) {
    await recordConflict(db, "clients", clientId, "coverImage", imageId, "", "device");
    await dropPendingField(db, pending, "coverImage");
  }
  const serverCover = typeof row.server?.coverImage === "string" && row.server.coverImage !== imageId ? row.server.coverImage : "";
  await db.clients.update(clientId, { coverImage: serverCover });
}
