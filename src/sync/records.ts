/**
 * Mapping between server records and local rows: which fields each pull asks for, and which values of a
 * server record are the synced fields and which are server-only facts (file names, creation time). All of
 * it follows the collection registry (src/domain/registry.ts).
 */
import type { RecordModel } from "pocketbase";
import { SYNCED_FIELDS, type SyncedCollection } from "../domain/records";
import { entryOf, pullFields, serverValueDefaults, type PulledCollection } from "../domain/registry";

export type ServerRecord = RecordModel & { updated: string; fieldTimes?: Record<string, number> | null };

/** A named field list per query (only what the device stores). */
export function pullFieldsOf(collection: PulledCollection | "tombstones"): string {
  return collection === "tombstones" ? "id,updated,recordCollection,recordId,client" : pullFields(collection);
}

export function syncedValues(collection: SyncedCollection, record: RecordModel): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of SYNCED_FIELDS[collection]) values[field] = record[field] ?? (field === "metadata" ? null : "");
  return values;
}

/**
 * Values the server owns that the row mirrors as they are: the parent, what was set at create, what only
 * the server writes, and the file names (in the row's `filesIn` object, else each a field of the row). A
 * client keeps its creation time as `createdAt` (ISO), which orders the lists.
 */
export function serverOnlyValues(collection: PulledCollection, record: RecordModel): Record<string, unknown> {
  const entry = entryOf(collection);
  const values: Record<string, unknown> = {};
  if (entry.parent) values[entry.parent.field] = record[entry.parent.field] ?? "";
  for (const [field, fallback] of Object.entries(serverValueDefaults(collection))) values[field] = record[field] ?? fallback;
  const files = Object.fromEntries(entry.files.map((f: string) => [f, record[f] ?? ""]));
  if (entry.filesIn) values[entry.filesIn] = files;
  else Object.assign(values, files);
  if (collection === "clients") values.createdAt = String(record.created ?? "").replace(" ", "T");
  return values;
}
