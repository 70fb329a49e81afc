/**
 * Noticing a server that went back in time (a backup restored), and planning how this device gives back
 * what the server lost (docs/SYNC.md, "A restored server"). The server's epoch comes with every sync's
 * clock measurement (GET /api/sync/now) and changes with every restore (pb_hooks/lib/core/server_epoch.js).
 *
 * When it changed, before the pull: the server's ids are listed (id and `updated` only), and against them
 * - a record this device holds as synced and the server lacks is sent again as a create (an image with the
 *   thumbnail and preview kept here; its original only if it is still here);
 * - a record the server holds at an older state than this device last confirmed is sent again as an update
 *   of every synced field, with this device's edit times (newest edit still wins per field);
 * - a record the server holds that this device had seen (at or before its pull cursor) and no longer holds
 *   was deleted since, by this device or through a tombstone it pulled: the delete is sent again. Deletions
 *   are adopted only from tombstones; a record merely missing on the server is never deleted here;
 * - what cannot be given back is listed: photos whose original was freed here after upload and which the
 *   restored server lacks, and photos of which nothing is left here.
 * The store applies the plan in one transaction and resets the pull cursors (src/store/restoredServer.ts);
 * the sync then pulls everything again, pushes and uploads as usual.
 */
import type PocketBase from "pocketbase";
import { imageName } from "../domain/image-files";
import { CREATED_BY_OWNER, DELETED_BY_OWNER, PARENTS_FIRST, type SyncedCollection } from "../domain/registry";
import type { StudioDb } from "../store/db";
import { deletedOnServer, outboxInOrder } from "../store/outbox";
import { tableOf } from "../store/registryTables";
import { applyRestorePlan, markReconciling, RECONCILING_KEY, SERVER_EPOCH_KEY, type LostItem, type RecordRef, type RestorePlan, type RestoreReport } from "../store/restoredServer";

/** Parents before their children, so a client's create is queued before its photos' and lists'. */
const COLLECTIONS = PARENTS_FIRST;

interface Indexed {
  id: string;
  updated: string;
  original?: string;
}

interface LocalRow {
  id: string;
  server: Record<string, unknown> | null;
  serverUpdated: string;
  [field: string]: unknown;
}

/** The server's ids of a collection, with `updated` (and the original's name for images). */
async function serverIndex(pb: PocketBase, collection: SyncedCollection): Promise<Map<string, Indexed>> {
  const items = await pb.collection(collection).getFullList<Indexed>({ batch: 500, sort: "id", fields: collection === "images" ? "id,updated,original" : "id,updated" });
  return new Map(items.map((r) => [r.id, r]));
}

/** Whether (updated, id) is at or before the cursor: the pull had brought this state to the device. */
function seenBy(cursor: { updated: string; id: string } | undefined, r: Indexed): boolean {
  if (!cursor) return false;
  return r.updated < cursor.updated || (r.updated === cursor.updated && r.id <= cursor.id);
}

async function plan(db: StudioDb, pb: PocketBase, epoch: string): Promise<RestorePlan> {
  const out: RestorePlan = { epoch, creates: [], updates: [], deletes: [], lost: [] };
  const pendingIds = new Set((await outboxInOrder(db)).map((e) => `${e.collection}:${e.recordId}`));
  const clientNames = new Map((await db.clients.toArray()).map((c) => [c.id, c.name]));
  for (const collection of COLLECTIONS) {
    const index = await serverIndex(pb, collection);
    const rows = (await tableOf(db, collection).toArray()) as LocalRow[];
    const local = new Set(rows.map((r) => r.id));
    const blobs = collection === "images" ? await db.imageBlobs.bulkGet(rows.map((r) => r.id)) : [];
    for (const [i, row] of rows.entries()) {
      if (!row.server) continue; // never confirmed: its create is still in the outbox
      const onServer = index.get(row.id);
      const ref: RecordRef = { collection, id: row.id };
      if (collection === "images") {
        const kept = blobs[i];
        const lost = (what: LostItem["what"]): LostItem => ({ what, imageId: row.id, name: imageName({ originalName: String(row.originalName ?? ""), filename: String(row.filename ?? "") }), clientId: String(row.client), clientName: clientNames.get(String(row.client)) ?? "" });
        const hadOriginal = Boolean((row.files as { original?: string } | undefined)?.original);
        if (!onServer && (!kept?.thumbnail || !kept.preview)) {
          out.lost.push(lost("photo"));
          continue;
        }
        if ((!onServer || !onServer.original) && hadOriginal && !kept?.original) out.lost.push(lost("original"));
      }
      if (!onServer) {
        // What the owner creates (the registry's `creates`) and deletes (`deletes`): a person is deleted, never made, here.
        if (CREATED_BY_OWNER.includes(collection)) out.creates.push(ref);
      } else if (onServer.updated < row.serverUpdated) out.updates.push(ref);
    }
    if (!DELETED_BY_OWNER.includes(collection)) continue;
    const cursor = (await db.syncState.get(`cursor:${collection}`))?.value as { updated: string; id: string } | undefined;
    // Deleted since: the server confirmed the delete to this device, or its pull had brought the record here.
    const deleted = await deletedOnServer(db, collection);
    for (const r of index.values()) {
      if (!local.has(r.id) && !pendingIds.has(`${collection}:${r.id}`) && (deleted.has(r.id) || seenBy(cursor, r))) out.deletes.push({ collection, id: r.id });
    }
  }
  return out;
}

/**
 * Called by every sync with the epoch the server answered; reconciles when it is not the one this device
 * last synced with (or a reconciliation was cut off). A device's first sync just takes the epoch.
 */
export async function reconcileIfRestored(db: StudioDb, pb: PocketBase, epoch: string): Promise<RestoreReport | null> {
  if (!epoch) return null; // a server from before epochs
  const known = (await db.syncState.get(SERVER_EPOCH_KEY))?.value;
  const isPending = (await db.syncState.get(RECONCILING_KEY)) !== undefined;
  if (!isPending && known === epoch) return null;
  if (!isPending && known === undefined) {
    await db.syncState.put({ key: SERVER_EPOCH_KEY, value: epoch });
    return null;
  }
  await markReconciling(db, epoch);
  return applyRestorePlan(db, await plan(db, pb, epoch));
}
