/**
 * Applies server deletions. A client's tombstone covers its images. Local edits of a deleted record
 * cannot reach the server any more; they are kept in `conflicts` (field "*") instead of vanishing.
 */
import type { SyncedCollection } from "../domain/records";
import type { StudioDb } from "../store/db";
import { conflict } from "./applyServerRecords";

export interface Tombstone {
  recordCollection: string;
  recordId: string;
  client: string;
}

export async function applyTombstones(db: StudioDb, tombstones: Tombstone[]): Promise<void> {
  await db.transaction("rw", [db.clients, db.images, db.imageBlobs, db.outbox, db.conflicts], async () => {
    for (const t of tombstones) {
      const targets: Array<[SyncedCollection, string]> = [];
      if (t.recordCollection === "clients") {
        targets.push(["clients", t.recordId]);
        const imageIds = (await db.images.where("client").equals(t.recordId).primaryKeys()) as string[];
        for (const id of imageIds) targets.push(["images", id]);
      } else if (t.recordCollection === "images") {
        targets.push(["images", t.recordId]);
      }
      for (const [collection, id] of targets) {
        const pending = await db.outbox.where("[collection+recordId]").equals([collection, id]).toArray();
        const edits = pending.filter((e) => e.op !== "delete" && Object.keys(e.fields).length > 0);
        if (edits.length) {
          const lost = Object.assign({}, ...edits.map((e) => e.fields)) as Record<string, unknown>;
          await db.conflicts.add(conflict(collection, id, "*", lost, null, "device", db.serverNow()));
        }
        await db.outbox.bulkDelete(pending.map((e) => e.seq!));
        if (collection === "clients") await db.clients.delete(id);
        else {
          await db.images.delete(id);
          await db.imageBlobs.delete(id);
        }
      }
    }
  });
}
