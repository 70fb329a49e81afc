/**
 * The outbox's one write path: repositories append to it inside their transactions (a row and its entry
 * are written together or not at all), and sync moves entries on through the named operations below.
 * No other module touches the outbox table (eslint.config.js keeps src/sync from doing so).
 */
import type { Table } from "dexie";
import { isVideo, sameValue, type SyncedCollection } from "../domain/records";
import type { StudioDb } from "./db";
import type { OutboxEntry, OutboxOp } from "./rows";

/** Appends an entry and returns it as written (with its seq). */
export async function enqueue(
  db: StudioDb,
  collection: SyncedCollection,
  recordId: string,
  op: OutboxOp,
  fields: Record<string, unknown> = {},
  extra: Partial<OutboxEntry> = {},
): Promise<OutboxEntry> {
  const now = db.serverNow();
  const fieldTimes = Object.fromEntries(Object.keys(fields).map((f) => [f, now]));
  const entry: OutboxEntry = { collection, recordId, op, fields, fieldTimes, createdAt: now, attempts: 0, ...extra };
  entry.seq = await db.outbox.add(entry);
  return entry;
}

/** The fields of `patch` whose values differ from `row` (as JSON values: key order is not a change). */
export function changedFields<T extends object>(row: T, patch: Partial<T>): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(patch) as Array<keyof T>) {
    if (!sameValue(patch[key], row[key])) changed[key] = patch[key];
  }
  return changed;
}

/**
 * Removes every waiting entry of these records (used when they are deleted here: a create or an upload
 * that has not reached the server must not be sent after its record is gone). The caller enqueues the
 * delete, which the server answers with 404 when the record never reached it; sync drops that quietly.
 */
export async function dropPendingEntries(db: StudioDb, collection: SyncedCollection, recordIds: string[]): Promise<void> {
  if (!recordIds.length) return;
  await db.outbox
    .where("[collection+recordId]")
    .anyOf(recordIds.map((id) => [collection, id]))
    .delete();
}

/** The tables sync's transactions must include to use these operations and recordConflict. */
export function outboxTables(db: StudioDb): Table[] {
  return [db.outbox, db.conflicts, db.syncState];
}

/** Most deletions remembered per collection (the oldest go first): far more than a studio deletes between backups. */
const DELETED_KEPT = 20_000;
const deletedKey = (collection: SyncedCollection) => `deleted:${collection}`;

/**
 * Records the server confirmed as deleted (this device's deletes, and tombstones it applied). A server
 * restored from an older backup has them again; the device then sends their deletes again
 * (src/sync/restoredServer.ts), whether or not its pull had ever seen them.
 */
export async function rememberDeleted(db: StudioDb, collection: SyncedCollection, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const known = ((await db.syncState.get(deletedKey(collection)))?.value as string[] | undefined) ?? [];
  const seen = new Set(known);
  const fresh = ids.filter((id) => !seen.has(id));
  if (fresh.length) await db.syncState.put({ key: deletedKey(collection), value: [...known, ...fresh].slice(-DELETED_KEPT) });
}

/** The deletions the server confirmed to this device, of one collection. */
export async function deletedOnServer(db: StudioDb, collection: SyncedCollection): Promise<Set<string>> {
  return new Set(((await db.syncState.get(deletedKey(collection)))?.value as string[] | undefined) ?? []);
}

async function rememberDeletes(db: StudioDb, entries: OutboxEntry[]): Promise<void> {
  const byCollection = new Map<SyncedCollection, string[]>();
  for (const e of entries) if (e.op === "delete") byCollection.set(e.collection, [...(byCollection.get(e.collection) ?? []), e.recordId]);
  for (const [collection, ids] of byCollection) await rememberDeleted(db, collection, ids);
}

/** Every entry in the order it was written. */
export function outboxInOrder(db: StudioDb): Promise<OutboxEntry[]> {
  return db.outbox.orderBy("seq").toArray();
}

/** The newest entry's seq (undefined when empty): every new entry takes a higher one. */
export async function lastOutboxSeq(db: StudioDb): Promise<number | undefined> {
  return (await db.outbox.orderBy("seq").lastKey()) as number | undefined;
}

/** How many changes the server has not seen yet. */
export function outboxCount(db: StudioDb): Promise<number> {
  return db.outbox.count();
}

/** The waiting entries of one record. */
export function pendingEntriesOf(db: StudioDb, collection: SyncedCollection, recordId: string): Promise<OutboxEntry[]> {
  return db.outbox.where("[collection+recordId]").equals([collection, recordId]).toArray();
}

/** The server confirmed these entries: they leave the outbox (a confirmed delete is remembered). */
export async function confirmEntries(db: StudioDb, entries: OutboxEntry[]): Promise<void> {
  await db.outbox.bulkDelete(entries.map((e) => e.seq!));
  await rememberDeletes(db, entries);
}

/** Drops one entry that has nothing left to send (its record is gone here or on the server). */
export async function discardEntry(db: StudioDb, entry: OutboxEntry): Promise<void> {
  await db.outbox.delete(entry.seq!);
  await rememberDeletes(db, [entry]);
}

/** A create the server already has is sent as an update from now on. */
export async function turnCreateIntoUpdate(db: StudioDb, entry: OutboxEntry): Promise<void> {
  await db.outbox.update(entry.seq!, { op: "update" });
}

/** Parks an entry the server refused, with its message; later entries of the record wait behind it. */
export async function parkEntry(db: StudioDb, entry: OutboxEntry, error: string, fieldErrors?: Record<string, string>): Promise<void> {
  await db.outbox.update(entry.seq!, { error, fieldErrors, attempts: entry.attempts + 1 });
}

/** Image records the server confirmed: their entries move on to the original's upload. */
export async function moveToOriginalStage(db: StudioDb, entries: OutboxEntry[]): Promise<void> {
  for (const entry of entries) await db.outbox.update(entry.seq!, { stage: "original" });
}

/** Image records the server lost (no tombstone): their entries go back to creating the record. */
export async function moveToRecordStage(db: StudioDb, entries: OutboxEntry[]): Promise<void> {
  for (const entry of entries) await db.outbox.update(entry.seq!, { stage: "record" });
}

/** Removes `field` from these pending entries of a record; an update left with no field leaves the outbox. */
export async function dropPendingField(db: StudioDb, pending: OutboxEntry[], field: string): Promise<void> {
  for (const entry of pending) {
    if (!(field in entry.fields)) continue;
    delete entry.fields[field];
    delete entry.fieldTimes[field];
    if (entry.op === "update" && Object.keys(entry.fields).length === 0) await db.outbox.delete(entry.seq!);
    else await db.outbox.put(entry);
  }
}

/** Sets `field` to `value` in the waiting entries of these records that carry it (a deleted set's photos). */
export async function rewritePendingField(db: StudioDb, collection: SyncedCollection, recordIds: string[], field: string, value: unknown): Promise<void> {
  if (!recordIds.length) return;
  const entries = await db.outbox
    .where("[collection+recordId]")
    .anyOf(recordIds.map((id) => [collection, id]))
    .toArray();
  for (const entry of entries) if (field in entry.fields) await db.outbox.update(entry.seq!, { fields: { ...entry.fields, [field]: value } });
}

/** Ids of the images this device still has an upload waiting for (their create entry, in any stage); `outbox` when read already. */
async function imagesWaitingToSend(db: StudioDb, outbox?: OutboxEntry[]): Promise<Set<string>> {
  return new Set((outbox ?? (await db.outbox.toArray())).filter((e) => e.collection === "images" && e.op === "create").map((e) => e.recordId));
}

/**
 * Per client, from the server's confirmations: photos in the gallery, photos whose original the server has
 * not confirmed (`unconfirmed`), and of those, how many this device still has to send (`pending`). A photo
 * counts as uploaded only once the server answered with its original's file name.
 */
export interface ClientUploadCounts {
  images: number;
  unconfirmed: number;
  pending: number;
  /** Of `pending`, clips (issue 38: the status counts them apart from photos). */
  pendingClips: number;
}

export async function uploadCountsByClient(db: StudioDb): Promise<Map<string, ClientUploadCounts>> {
  const counts = new Map<string, ClientUploadCounts>();
  const of = (client: string) => counts.get(client) ?? counts.set(client, { images: 0, unconfirmed: 0, pending: 0, pendingClips: 0 }).get(client)!;
  for (const client of (await db.images.orderBy("client").keys()) as string[]) of(client).images++;
  const unconfirmed = await db.images.where("files.original").equals("").toArray();
  for (const row of unconfirmed) of(row.client).unconfirmed++;
  const sending = await imagesWaitingToSend(db);
  for (const row of unconfirmed) {
    if (!sending.has(row.id)) continue;
    of(row.client).pending++;
    if (isVideo(row)) of(row.client).pendingClips++;
  }
  return counts;
}

/** Photos whose original the server has not confirmed and that this device has nothing waiting to send; `outbox` when read already. */
export async function photosNotOnServer(db: StudioDb, outbox?: OutboxEntry[]): Promise<number> {
  const sending = await imagesWaitingToSend(db, outbox);
  return (await db.images.where("files.original").equals("").primaryKeys()).filter((id) => !sending.has(id)).length;
}
