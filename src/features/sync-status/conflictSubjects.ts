/**
 * What each conflict is about, in words the owner knows: a client by its name, a photo by its name, the
 * studio settings, a proofing list or a client's proofing. A record deleted since shows its kind alone.
 * How each collection names its records is the registry's `subject` (src/domain/registry.ts); the words
 * are this feature's texts.
 */
import { entryOf, SYNCED_COLLECTIONS, type SyncedCollection } from "../../domain/registry";
import { imageName } from "../../domain/image-files";
import type { StudioDb } from "../../store/db";
import { tableOf, type RegistryRow } from "../../store/registryTables";
import type { ConflictRow } from "../../store/rows";
import { SYNC_TEXTS } from "./texts";

type Subject = Pick<ConflictRow, "collection" | "recordId">;

/** The name each row is known by, by the collection's subject rule ("" for none). */
async function namesOf(db: StudioDb, collection: SyncedCollection, rows: ReadonlyArray<RegistryRow | undefined>): Promise<string[]> {
  const entry = entryOf(collection);
  if (entry.subject === "file") return rows.map((r) => (r ? imageName({ originalName: String(r.originalName ?? ""), filename: String(r.filename ?? "") }) : ""));
  if (entry.subject === "parent" && entry.parent) {
    const field = entry.parent.field;
    const parents = await tableOf(db, entry.parent.collection).bulkGet(rows.map((r) => String(r?.[field] ?? "")));
    return parents.map((p) => String(p?.name ?? ""));
  }
  return rows.map((r) => String(r?.name ?? ""));
}

/** Labels by record id for the given conflicts (only their records are read). */
export async function conflictSubjects(db: StudioDb, conflicts: readonly Subject[]): Promise<Map<string, string>> {
  const say = SYNC_TEXTS.conflictSubject;
  const labels = new Map<string, string>(conflicts.map((c) => [c.recordId, say[c.collection]("")])); // gone: the kind alone
  for (const collection of SYNCED_COLLECTIONS) {
    const ids = [...new Set(conflicts.filter((c) => c.collection === collection).map((c) => c.recordId))];
    if (ids.length === 0 || entryOf(collection).subject === "studio") continue; // the one studio needs no name
    const rows = await tableOf(db, collection).bulkGet(ids);
    const names = await namesOf(db, collection, rows);
    rows.forEach((row, i) => row && labels.set(row.id, say[collection](names[i] ?? "")));
  }
  return labels;
}
