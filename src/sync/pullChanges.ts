/**
 * Pull: for each collection, records changed since its cursor, oldest first, by keyset on (updated, id)
 * so that records changing during the pull are never skipped. Each page is applied and the cursor
 * advanced in one transaction; re-reading a record is harmless (applying is idempotent).
 */
import type PocketBase from "pocketbase";
import type { SyncedCollection } from "../domain/records";
import type { StudioDb } from "../store/db";
import { outboxTables } from "../store/outbox";
import { PROOF_COLLECTIONS, PROOF_FIELDS, isProofCollection } from "../domain/proofing";
import { proofTables, putProofRecords } from "../store/proofing";
import { applyServerRecords } from "./applyServerRecords";
import { applyTombstones, type Tombstone } from "./applyTombstones";
import { PULL_FIELDS, type ServerRecord } from "./records";

const PAGE_SIZE = 500;
// Sets before the images that name them; proofing after the records it points at, and before tombstones (a delete pulled later wins).
const PULL_ORDER = ["clients", "sets", "images", "settings", ...PROOF_COLLECTIONS, "tombstones"] as const;

/** The visitor's proofing rows: stored as the server wrote them (the owner never edits them). */
function isVisitorProof(collection: string): collection is "proof_favourites" | "proof_picks" | "proof_comments" {
  return isProofCollection(collection) && !(collection in PULL_FIELDS);
}

function fieldsOf(collection: (typeof PULL_ORDER)[number]): string {
  return isVisitorProof(collection) ? ["id", "client", "updated", ...PROOF_FIELDS[collection]].join(",") : PULL_FIELDS[collection];
}

interface Cursor {
  updated: string;
  id: string;
}

async function pullCollection(db: StudioDb, pb: PocketBase, collection: (typeof PULL_ORDER)[number]): Promise<number> {
  const key = `cursor:${collection}`;
  let cursor = ((await db.syncState.get(key))?.value as Cursor | undefined) ?? null;
  let count = 0;
  for (;;) {
    const filter = cursor ? pb.filter("updated > {:u} || (updated = {:u} && id > {:id})", { u: cursor.updated, id: cursor.id }) : "";
    const page = await pb.collection(collection).getList<ServerRecord>(1, PAGE_SIZE, {
      filter,
      sort: "updated,id",
      skipTotal: true,
      fields: fieldsOf(collection),
    });
    if (page.items.length === 0) break;
    const last = page.items[page.items.length - 1]!;
    const nextCursor: Cursor = { updated: last.updated, id: last.id };
    const tables = isVisitorProof(collection) ? [db.syncState, ...proofTables(db)] : [db.syncState, db.clients, db.sets, db.images, db.imageBlobs, db.settings, ...proofTables(db), ...outboxTables(db)];
    await db.transaction("rw", tables, async () => {
      if (isVisitorProof(collection)) await putProofRecords(db, collection, page.items);
      else if (collection === "tombstones") await applyTombstones(db, page.items as unknown as Tombstone[]);
      else await applyServerRecords(db, collection as SyncedCollection, page.items);
      await db.syncState.put({ key, value: nextCursor });
    });
    cursor = nextCursor;
    count += page.items.length;
    if (page.items.length < PAGE_SIZE) break;
  }
  return count;
}

/** Pulls every collection; returns how many records came in. */
export async function pullChanges(db: StudioDb, pb: PocketBase): Promise<number> {
  let total = 0;
  for (const collection of PULL_ORDER) total += await pullCollection(db, pb, collection);
  return total;
}
