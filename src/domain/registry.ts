/**
 * The app's door to the collection registry it shares with the server (pb_hooks/lib/records/sync_registry.js, one
 * file for both): each collection the owner's device keeps in sync is declared there once, and what the
 * app needs per collection is derived here: which collections are pushed and which only pulled, each one's
 * Dexie table, the fields a pull names, a create carries and a conflict compares, parents, and orders.
 */
import { COLLECTIONS } from "../../pb_hooks/lib/records/sync_registry.js";

export type CollectionEntry = (typeof COLLECTIONS)[number];
/** Every collection the device pulls. */
export type PulledCollection = CollectionEntry["name"];
/** The collections the owner's devices edit: pushed from the outbox, newest edit wins per field. */
export type SyncedCollection = Extract<CollectionEntry, { writer: "owner" }>["name"];
/** The collections only visitors write (through the gallery routes): pulled, never pushed. */
export type VisitorCollection = Extract<CollectionEntry, { writer: "visitor" }>["name"];
type EntryOf<C extends PulledCollection> = Extract<CollectionEntry, { name: C }>;

export { COLLECTIONS };

const BY_NAME = new Map<string, CollectionEntry>(COLLECTIONS.map((c) => [c.name, c]));

/** The registry's entry of a collection. */
export function entryOf<C extends PulledCollection>(collection: C): EntryOf<C> {
  return BY_NAME.get(collection) as EntryOf<C>;
}

export function isSyncedCollection(name: string): name is SyncedCollection {
  return BY_NAME.get(name)?.writer === "owner";
}

export function isVisitorCollection(name: string): name is VisitorCollection {
  return BY_NAME.get(name)?.writer === "visitor";
}

/** Every pulled collection, in the registry's order (a collection after those its records point at). */
export const PULLED_COLLECTIONS: readonly PulledCollection[] = COLLECTIONS.map((c) => c.name);
export const SYNCED_COLLECTIONS: readonly SyncedCollection[] = PULLED_COLLECTIONS.filter(isSyncedCollection);
export const VISITOR_COLLECTIONS: readonly VisitorCollection[] = PULLED_COLLECTIONS.filter(isVisitorCollection);

/** Fields whose edits sync with per-field newest-wins (the hooks' sync rules read the same entries). */
export const SYNCED_FIELDS = Object.fromEntries(SYNCED_COLLECTIONS.map((c) => [c, entryOf(c).synced])) as {
  readonly [C in SyncedCollection]: EntryOf<C>["synced"];
};

/** The device's Dexie table of a collection. */
export function tableName(collection: PulledCollection): string {
  return entryOf(collection).table;
}

/** The Dexie tables of the registered collections with their indexes, as the current schema declares them. */
export function registrySchema(): Record<string, string> {
  return Object.fromEntries(COLLECTIONS.map((c) => [c.table, c.indexes]));
}

/** The parent of a collection's records (`{ collection, field }`), or null for a root. */
export function parentOf(collection: PulledCollection): { readonly collection: PulledCollection; readonly field: string } | null {
  return entryOf(collection).parent;
}

/** Values the server owns that a pulled record carries, with the value a row takes when it has none. */
export function serverValueDefaults(collection: PulledCollection): Record<string, unknown> {
  const entry: CollectionEntry = entryOf(collection);
  return { ...entry.setAtCreate, ...entry.pulled };
}

/** The named field list of a pull: only what the device stores. */
export function pullFields(collection: PulledCollection): string {
  const entry: CollectionEntry = entryOf(collection);
  const base = entry.writer === "owner" ? ["id", "created", "updated", "fieldTimes"] : ["id", "updated"];
  const parent = entry.parent ? [entry.parent.field] : [];
  const fields = [...base, ...parent, ...Object.keys(entry.setAtCreate), ...Object.keys(entry.pulled), ...entry.files, ...entry.synced];
  return [...new Set(fields)].join(",");
}

/** The values a create of a record carries: its parent, what the device sets at create, its synced fields. */
export function createFields(collection: SyncedCollection): readonly string[] {
  const entry: CollectionEntry = entryOf(collection);
  return [...(entry.parent ? [entry.parent.field] : []), ...Object.keys(entry.setAtCreate), ...entry.synced];
}

/** Whether a collection's create carries files (it goes through the uploads, not the batch of records). */
export function createCarriesFiles(collection: SyncedCollection): boolean {
  const entry: CollectionEntry = entryOf(collection);
  return entry.creates && entry.files.length > 0;
}

/** The collections whose records the owner's devices create (settings, states and people are only updated). */
export const CREATED_BY_OWNER: readonly SyncedCollection[] = SYNCED_COLLECTIONS.filter((c) => entryOf(c).creates);

/** Whether the owner's devices delete a collection's records: its `deletes`, else its `creates`. */
export function ownerDeletes(collection: PulledCollection): boolean {
  const entry: CollectionEntry = entryOf(collection);
  if (entry.writer !== "owner") return false;
  return "deletes" in entry ? entry.deletes : entry.creates;
}

/** The collections whose records the owner's devices delete (what they create, and a visitor's person). */
export const DELETED_BY_OWNER: readonly SyncedCollection[] = SYNCED_COLLECTIONS.filter(ownerDeletes);

/** The synced collections with every parent before its children (a restored server gets parents first). */
export const PARENTS_FIRST: readonly SyncedCollection[] = parentsFirst(SYNCED_COLLECTIONS);

function parentsFirst(collections: readonly SyncedCollection[]): SyncedCollection[] {
  const depth = (c: PulledCollection): number => {
    const parent = parentOf(c);
    return parent ? 1 + depth(parent.collection) : 0;
  };
  return [...collections].sort((a, b) => depth(a) - depth(b));
}
