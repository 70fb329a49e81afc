/**
 * Pull: for each collection, records changed since its cursor, oldest first, by keyset on (updated, id)
 * so that records changing during the pull are never skipped. The first page of every collection is asked
 * for at once (one round trip instead of one per collection); pages are applied in the registry's order. Each page is applied and the cursor
 * advanced in one transaction; re-reading a record is harmless (applying is idempotent).
 */
import type PocketBase from "pocketbase";
import { isVisitorCollection, PULLED_COLLECTIONS, tableName, type PulledCollection } from "../domain/registry";
import type { StudioDb } from "../store/db";
import { outboxTables } from "../store/outbox";
import { putVisitorRecords, registryTables } from "../store/registryTables";
import { applyServerRecords } from "./applyServerRecords";
import { applyTombstones, type Tombstone } from "./applyTombstones";
import { addNews, hasNews, newsIn } from "./news";
import { pullFieldsOf, type ServerRecord } from "./records";

const PAGE_SIZE = 500;
/** engine.ts's LAST_SYNCED_KEY (not imported: the engine imports this module). */
const SYNCED_BEFORE_KEY = "lastSyncedAt";
// The registry's order (a collection after the records it points at), then tombstones (a delete pulled
// later wins).
const PULL_ORDER: ReadonlyArray<PulledCollection | "tombstones"> = [...PULLED_COLLECTIONS, "tombstones"];

interface Cursor {
  updated: string;
  id: string;
}

type Collection = PulledCollection | "tombstones";

function fetchPage(pb: PocketBase, collection: Collection, cursor: Cursor | null) {
  const filter = cursor ? pb.filter("updated > {:u} || (updated = {:u} && id > {:id})", { u: cursor.updated, id: cursor.id }) : "";
  return pb.collection(collection).getList<ServerRecord>(1, PAGE_SIZE, { filter, sort: "updated,id", skipTotal: true, fields: pullFieldsOf(collection) });
}

/** Each collection's cursor and the first page after it, asked for all at once (the pages are applied in order). */
async function firstPages(db: StudioDb, pb: PocketBase) {
  return Promise.all(
    PULL_ORDER.map(async (collection) => {
      const cursor = ((await db.syncState.get(`cursor:${collection}`))?.value as Cursor | undefined) ?? null;
      return { collection, cursor, page: fetchPage(pb, collection, cursor) };
    }),
  );
}

async function pullCollection(db: StudioDb, pb: PocketBase, collection: Collection, start: { cursor: Cursor | null; page: Promise<{ items: ServerRecord[] }> }, announce: boolean): Promise<number> {
  const key = `cursor:${collection}`;
  let cursor = start.cursor;
  let next: Promise<{ items: ServerRecord[] }> | null = start.page;
  let count = 0;
  for (;;) {
    const page = await (next ?? fetchPage(pb, collection, cursor));
    next = null;
    if (page.items.length === 0) break;
    const last = page.items[page.items.length - 1]!;
    const nextCursor: Cursor = { updated: last.updated, id: last.id };
    // Visitor-written rows are stored as the server wrote them (the owner never edits them).
    const tables = isVisitorCollection(collection) ? [db.syncState, db.table(tableName(collection))] : [db.syncState, db.imageBlobs, ...registryTables(db), ...outboxTables(db)];
    await db.transaction("rw", tables, async () => {
      // What the owner is told (news.ts): a submission, a new person; not before this device's first sync ended.
      if (announce && hasNews(collection)) {
        const before = await db.table(tableName(collection as PulledCollection)).bulkGet(page.items.map((r) => r.id));
        await addNews(db, newsIn(collection, page.items, before));
      }
      if (isVisitorCollection(collection)) await putVisitorRecords(db, collection, page.items);
      else if (collection === "tombstones") await applyTombstones(db, page.items as unknown as Tombstone[]);
      else await applyServerRecords(db, collection, page.items);
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
  const starts = await firstPages(db, pb);
  for (const start of starts) void start.page.catch(() => undefined); // thrown where that page is applied
  // A device that never finished a sync is catching up with the past: nothing in it is news (news.ts).
  const announce = !!(await db.syncState.get(SYNCED_BEFORE_KEY));
  let total = 0;
  for (const start of starts) total += await pullCollection(db, pb, start.collection, start, announce);
  return total;
}
