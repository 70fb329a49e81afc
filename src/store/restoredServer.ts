/**
 * The store's side of reconciling with a server restored from a backup (src/sync/restoredServer.ts plans
 * it; docs/SYNC.md, "A restored server"). One transaction applies the whole plan: records the server lacks
 * are queued again as creates, records the server holds at an older state than this device last confirmed
 * are queued again as updates, deletions this device had seen are queued again, the pull cursors are reset
 * (everything is pulled again), and the new epoch and the report are kept. A sync cut off before this
 * transaction leaves nothing half done: the pending mark stays and the next sync plans again.
 *
 * Invariants:
 * - a re-queued record's waiting entries are folded into its one create (its row already holds their
 *   values), so no update is sent before its create; a record with a waiting delete is left alone;
 * - every re-sent field carries the edit time the device holds for it (0 when unknown, the oldest), so a
 *   newer edit another device made on the restored server keeps winning, and two devices re-sending the same
 *   record end in the newest value per field;
 * - the re-queued row's `server` is cleared: the pull that follows must not mistake the restored server's
 *   older values for a conflict with the device's own confirmed edits.
 */
import { SYNCED_FIELDS, type SyncedCollection } from "../domain/records";
import { createCarriesFiles, createFields as fieldsOfCreate } from "../domain/registry";
import type { StudioDb } from "./db";
import { enqueue, pendingEntriesOf } from "./outbox";
import { registryTables, tableOf, type RegistryRow } from "./registryTables";

/** syncState keys: the epoch this device last reconciled with, a reconciliation under way, its report. */
export const SERVER_EPOCH_KEY = "serverEpoch";
export const RECONCILING_KEY = "restoreReconciling";
export const RESTORE_REPORT_KEY = "restoreReport";
const CURSOR_PREFIX = "cursor:";

/** What this device could not give back to the restored server. */
export interface LostItem {
  /** "original": thumbnail and preview are back, the original was freed here; "photo": nothing of it is here. */
  what: "original" | "photo";
  imageId: string;
  name: string;
  clientId: string;
  clientName: string;
}

export interface RestoreReport {
  epoch: string;
  at: number;
  /** Records and photos sent back (creates and updates), and deletions applied again. */
  resent: number;
  redeleted: number;
  lost: LostItem[];
}

export interface RecordRef {
  collection: SyncedCollection;
  id: string;
}

export interface RestorePlan {
  epoch: string;
  creates: RecordRef[];
  updates: RecordRef[];
  deletes: RecordRef[];
  lost: LostItem[];
}

/** The values a create of this record carries (the registry's parent, values set at create and synced fields). */
function createFields(collection: SyncedCollection, row: RegistryRow): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const f of fieldsOfCreate(collection)) if (row[f] !== undefined) fields[f] = row[f];
  return fields;
}

/** The device's edit time of each synced field sent (0, the oldest, when it holds none). */
function timesOf(collection: SyncedCollection, row: RegistryRow, fields: Record<string, unknown>): Record<string, number> {
  const synced: readonly string[] = SYNCED_FIELDS[collection];
  return Object.fromEntries(Object.keys(fields).filter((f) => synced.includes(f)).map((f) => [f, row.fieldTimes?.[f] ?? 0]));
}

/** Whether the device is reconciling with a restored server (the status never says "All changes synced" then). */
export async function markReconciling(db: StudioDb, epoch: string): Promise<void> {
  await db.syncState.put({ key: RECONCILING_KEY, value: epoch });
}

export async function applyRestorePlan(db: StudioDb, plan: RestorePlan): Promise<RestoreReport> {
  const tables = [...registryTables(db), db.outbox, db.syncState];
  return db.transaction("rw", tables, async () => {
    let resent = 0;
    for (const ref of [...plan.creates, ...plan.updates]) {
      const table = tableOf(db, ref.collection);
      const row = await table.get(ref.id);
      if (!row) continue;
      const pending = await pendingEntriesOf(db, ref.collection, ref.id);
      if (pending.some((e) => e.op === "delete")) continue;
      const isCreate = plan.creates.includes(ref);
      const fields = isCreate ? createFields(ref.collection, row) : Object.fromEntries(SYNCED_FIELDS[ref.collection].map((f) => [f, row[f] ?? null]));
      const fieldTimes = timesOf(ref.collection, row, fields);
      if (isCreate) {
        for (const entry of pending) {
          for (const [f, t] of Object.entries(entry.fieldTimes)) if (f in fieldTimes) fieldTimes[f] = Math.max(fieldTimes[f] ?? 0, t);
          await db.outbox.delete(entry.seq!);
        }
      }
      await enqueue(db, ref.collection, ref.id, isCreate ? "create" : "update", fields, { fieldTimes, ...(isCreate && createCarriesFiles(ref.collection) ? { stage: "record" as const } : {}) });
      await table.update(ref.id, { server: null, ...(isCreate ? { serverUpdated: "" } : {}) });
      resent++;
    }
    for (const ref of plan.deletes) await enqueue(db, ref.collection, ref.id, "delete");
    const cursors = (await db.syncState.toCollection().primaryKeys()).filter((k) => String(k).startsWith(CURSOR_PREFIX));
    await db.syncState.bulkDelete(cursors);
    const report: RestoreReport = { epoch: plan.epoch, at: Date.now(), resent, redeleted: plan.deletes.length, lost: plan.lost };
    await db.syncState.put({ key: RESTORE_REPORT_KEY, value: report });
    await db.syncState.put({ key: SERVER_EPOCH_KEY, value: plan.epoch });
    await db.syncState.delete(RECONCILING_KEY);
    return report;
  });
}

/** The owner read the report: it is no longer shown. */
export async function dismissRestoreReport(db: StudioDb): Promise<void> {
  await db.syncState.delete(RESTORE_REPORT_KEY);
}
