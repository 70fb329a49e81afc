/**
 * The device's tables of the registered collections (src/domain/registry.ts), found by collection, so sync
 * and the store name no table list of their own.
 */
import type { Table } from "dexie";
import { COLLECTIONS, entryOf, tableName, type PulledCollection, type VisitorCollection } from "../domain/registry";
import type { StudioDb } from "./db";
import type { SyncMeta } from "./rows";

export type RegistryRow = Partial<SyncMeta> & Record<string, unknown> & { id: string };

/** A registered collection's table. */
export function tableOf(db: StudioDb, collection: PulledCollection): Table<RegistryRow, string> {
  return db.table<RegistryRow, string>(tableName(collection));
}

/** Every registered collection's table (what a transaction applying pulled records may write). */
export function registryTables(db: StudioDb): Table[] {
  return COLLECTIONS.map((c) => db.table(c.table));
}

/** Stores pulled records of a visitor-written collection as the server wrote them (idempotent). */
export async function putVisitorRecords(db: StudioDb, collection: VisitorCollection, records: Array<Record<string, unknown>>): Promise<void> {
  const entry = entryOf(collection);
  const rows = records.map((r) => {
    const row: RegistryRow = { id: String(r.id) };
    if (entry.parent) row[entry.parent.field] = String(r[entry.parent.field] ?? "");
    for (const [field, fallback] of Object.entries(entry.pulled)) row[field] = r[field] ?? fallback;
    return row;
  });
  await tableOf(db, collection).bulkPut(rows);
}

/**
 * The collections of a client's gallery besides its photos (its proofing, and any other child of a client):
 * their rows go with their client on this device, while photos go their own way (bytes, waiting uploads).
 */
const GALLERY_ROWS = COLLECTIONS.filter((c) => c.parent?.collection === "clients" && c.name !== "images");

export function galleryRowTables(db: StudioDb): Table[] {
  return GALLERY_ROWS.map((c) => db.table(c.table));
}

/** Drops every row of a client's gallery but its photos; returns the ids dropped, by collection. */
export async function deleteGalleryRows(db: StudioDb, clientId: string): Promise<Map<PulledCollection, string[]>> {
  const dropped = new Map<PulledCollection, string[]>();
  for (const c of GALLERY_ROWS) {
    const rows = db.table<RegistryRow, string>(c.table).where(c.parent!.field).equals(clientId);
    dropped.set(c.name, (await rows.primaryKeys()) as string[]);
    await rows.delete();
  }
  return dropped;
}
