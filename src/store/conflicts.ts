/** The one write path for conflicts: a value that lost to another edit is kept here, never dropped. */
import type { SyncedCollection } from "../domain/records";
import type { StudioDb } from "./db";
import type { ConflictRow } from "./rows";

export function conflict(collection: SyncedCollection, recordId: string, field: string, lostValue: unknown, keptValue: unknown, lostSide: ConflictRow["lostSide"], at: number): ConflictRow {
  return { collection, recordId, field, lostValue, keptValue, lostSide, createdAt: at, resolved: 0 };
}

/** Records a lost value (field "*" when a whole change was lost), timed on the server's clock. */
export async function recordConflict(
  db: StudioDb,
  collection: SyncedCollection,
  recordId: string,
  field: string,
  lostValue: unknown,
  keptValue: unknown,
  lostSide: ConflictRow["lostSide"],
  setAside: Pick<ConflictRow, "record" | "files"> = {},
): Promise<void> {
  await db.conflicts.add({ ...conflict(collection, recordId, field, lostValue, keptValue, lostSide, db.serverNow()), ...setAside });
}
