/**
 * Brings server records into the device's store, resolving conflicts with edits still in the outbox.
 *
 * Invariants (docs/SYNC.md):
 * - A field with no pending local edit takes the server's value.
 * - A field with a pending local edit keeps whichever value has the newer edit time (both on the server's
 *   clock). The losing value goes to `conflicts`, whichever side lost; nothing is dropped silently.
 * - A losing local edit is removed from its outbox entries, so it is never pushed over the newer value.
 * - A record with a pending local delete is not brought back.
 * Runs inside the caller's transaction when there is one (Dexie nests it).
 */
import { SYNCED_FIELDS, sameValue, type SyncedCollection } from "../domain/records";
import type { StudioDb } from "../store/db";
import { recordConflict } from "../store/conflicts";
import { dropPendingField, outboxTables, pendingEntriesOf } from "../store/outbox";
import { tableOf } from "../store/registryTables";
import type { SyncMeta } from "../store/rows";
import { serverOnlyValues, syncedValues, type ServerRecord } from "./records";

export async function applyServerRecords(db: StudioDb, collection: SyncedCollection, records: ServerRecord[]): Promise<void> {
  const table = tableOf(db, collection);
  await db.transaction("rw", [table, ...outboxTables(db)], async () => {
    for (const record of records) {
      const pending = await pendingEntriesOf(db, collection, record.id);
      if (pending.some((e) => e.op === "delete")) continue;
      const serverValues = syncedValues(collection, record);
      const serverTimes = record.fieldTimes ?? {};
      const meta: SyncMeta = { server: serverValues, serverUpdated: record.updated, fieldTimes: { ...serverTimes } };
      const row = await table.get(record.id);
      if (!row) {
        await table.put({ id: record.id, ...serverValues, ...serverOnlyValues(collection, record), ...meta });
        continue;
      }
      const pendingTimes = new Map<string, number>();
      for (const entry of pending) {
        for (const [field, time] of Object.entries(entry.fieldTimes)) pendingTimes.set(field, Math.max(time, pendingTimes.get(field) ?? 0));
      }
      const next: Record<string, unknown> = {};
      for (const field of SYNCED_FIELDS[collection]) {
        const serverValue = serverValues[field];
        const localTime = pendingTimes.get(field);
        if (localTime === undefined) {
          next[field] = serverValue;
          continue;
        }
        if (sameValue(serverValue, row[field])) continue;
        if ((serverTimes[field] ?? 0) > localTime) {
          await recordConflict(db, collection, record.id, field, row[field], serverValue, "device");
          next[field] = serverValue;
          pendingTimes.delete(field);
          await dropPendingField(db, pending, field);
        } else if (row.server && !sameValue(serverValue, row.server[field])) {
          await recordConflict(db, collection, record.id, field, serverValue, row[field], "server");
        }
      }
      for (const [field, time] of pendingTimes) meta.fieldTimes[field] = time;
      await table.put({ ...row, ...next, ...serverOnlyValues(collection, record), ...meta });
    }
  });
}
