/**
 * The trash (issue 43): a photo or clip, set, client or person the owner deletes first goes to the trash, as
 * an ordinary synced edit of its `trashedAt` (a PocketBase date; "" while live). So a trash and a restore work
 * offline and sync like any other edit, newest edit winning, and the server decides at once that visitors
 * no longer see the record (pb_hooks/lib/core/trash.js). Nothing the record holds changes: a restored photo
 * comes back with its favourites, picks, comments and set. Deleting for good is the old delete (the
 * repositories' deleteImages, deleteSet, deleteClient, deleteProofPeople), which the server also does by
 * itself once a record has been in the trash longer than the studio's `trashDays` (pb_hooks/trash.pb.js).
 */
import type { Table } from "dexie";
import { pbDateAt } from "../../domain/contract";
import type { StudioDb } from "../db";
import { guardQuota } from "../errors";
import { enqueue } from "../outbox";
import { deleteClient } from "./clients";
import { deleteImages } from "./images";
import { deleteProofPeople } from "./proofPeople";
import { deleteSet } from "./sets";

/** The collections with a trash. */
export const TRASHED_COLLECTIONS = ["images", "sets", "clients", "proof_people"] as const;
export type TrashedCollection = (typeof TRASHED_COLLECTIONS)[number];

/** Days a trashed record is kept when the studio has not chosen (settings.trashDays 0 or absent). */
export const DEFAULT_TRASH_DAYS = 30;
export const MAX_TRASH_DAYS = 365;

/** The days the studio keeps its trash: its setting, else the default. */
export function trashDaysOf(settings: { trashDays?: number } | undefined | null): number {
  const days = settings?.trashDays ?? 0;
  return days > 0 ? Math.min(days, MAX_TRASH_DAYS) : DEFAULT_TRASH_DAYS;
}

/** Whether a row is in the trash. */
export function isTrashed(row: object | undefined | null): boolean {
  const at = (row as { trashedAt?: unknown } | undefined | null)?.trashedAt;
  return typeof at === "string" && at !== "";
}

/** Only the live rows (none in the trash). */
export function live<T extends object>(rows: readonly T[]): T[] {
  return rows.filter((row) => !isTrashed(row));
}

interface TrashableRow {
  id: string;
  trashedAt?: string;
  fieldTimes?: Record<string, number>;
  [field: string]: unknown;
}

function tableOf(db: StudioDb, collection: TrashedCollection): Table<TrashableRow, string> {
  const tables = { images: db.images, sets: db.sets, clients: db.clients, proof_people: db.proofPeople };
  return tables[collection] as unknown as Table<TrashableRow, string>;
}

async function setTrashedAt(db: StudioDb, collection: TrashedCollection, ids: readonly string[], value: string): Promise<string[]> {
  const table = tableOf(db, collection);
  const changed: string[] = [];
  await guardQuota(() =>
    db.transaction("rw", table, db.outbox, async () => {
      for (const row of await table.bulkGet([...ids])) {
        // A record already trashed keeps the moment it went (its days run from then).
        if (!row || (row.trashedAt ?? "") === value || (value !== "" && isTrashed(row))) continue;
        const { fieldTimes } = await enqueue(db, collection, row.id, "update", { trashedAt: value });
        await table.update(row.id, { trashedAt: value, fieldTimes: { ...row.fieldTimes, ...fieldTimes } });
        changed.push(row.id);
      }
    }),
  );
  return changed;
}

/** Puts records in the trash (now, on the server's clock); answers the ids that were live. */
export function trashRecords(db: StudioDb, collection: TrashedCollection, ids: readonly string[]): Promise<string[]> {
  return setTrashedAt(db, collection, ids, pbDateAt(db.serverNow()));
}

/** Takes records out of the trash; answers the ids that were in it. */
export function restoreRecords(db: StudioDb, collection: TrashedCollection, ids: readonly string[]): Promise<string[]> {
  return setTrashedAt(db, collection, ids, "");
}

/** Deletes records for good, as the delete before the trash did (the server cascades and leaves tombstones). */
export async function deleteForever(db: StudioDb, collection: TrashedCollection, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  if (collection === "images") return deleteImages(db, [...ids]);
  if (collection === "proof_people") return deleteProofPeople(db, ids);
  for (const id of ids) {
    if (collection === "sets") await deleteSet(db, id);
    else await deleteClient(db, id);
  }
}

/** One record in the trash, as the Trash screen lists it. */
export interface TrashedItem {
  collection: TrashedCollection;
  id: string;
  trashedAt: string;
  /** Its gallery (the client's own id for a client). */
  client: string;
  row: TrashableRow;
}

/** Everything in the trash, newest first. A record inside a trashed client is listed with its client only. */
export async function trashedItems(db: StudioDb): Promise<TrashedItem[]> {
  const items: TrashedItem[] = [];
  for (const collection of TRASHED_COLLECTIONS) {
    const rows = await tableOf(db, collection).where("trashedAt").above("").toArray();
    for (const row of rows) items.push({ collection, id: row.id, trashedAt: row.trashedAt ?? "", client: collection === "clients" ? row.id : String(row.client ?? ""), row });
  }
  const trashedClients = new Set(items.filter((i) => i.collection === "clients").map((i) => i.id));
  return items.filter((i) => i.collection === "clients" || !trashedClients.has(i.client)).sort((a, b) => b.trashedAt.localeCompare(a.trashedAt) || a.id.localeCompare(b.id));
}

/** When a record trashed at `trashedAt` is deleted for good (ms), kept `days` days. */
export function purgeAt(trashedAt: string, days: number): number {
  return Date.parse(trashedAt.replace(" ", "T")) + days * 24 * 60 * 60 * 1000;
}
