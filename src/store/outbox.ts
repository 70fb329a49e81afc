/**
 * Appends to the outbox. Called only inside a repository's transaction, so a row and its outbox entry are
 * written together or not at all. Entries are never edited after they are written (a push may be sending
 * them); sync is the only other writer.
 */
import type { SyncedCollection } from "../domain/records";
import type { StudioDb } from "./db";
import type { OutboxEntry, OutboxOp } from "./rows";

export function enqueue(
  db: StudioDb,
  collection: SyncedCollection,
  recordId: string,
  op: OutboxOp,
  fields: Record<string, unknown> = {},
  extra: Partial<OutboxEntry> = {},
): Promise<number> {
  const now = db.serverNow();
  const fieldTimes = Object.fromEntries(Object.keys(fields).map((f) => [f, now]));
  return db.outbox.add({ collection, recordId, op, fields, fieldTimes, createdAt: now, attempts: 0, ...extra });
}

/** The fields of `patch` whose values differ from `row`. */
export function changedFields<T extends object>(row: T, patch: Partial<T>): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(patch) as Array<keyof T>) {
    if (JSON.stringify(patch[key] ?? null) !== JSON.stringify(row[key] ?? null)) changed[key] = patch[key];
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
