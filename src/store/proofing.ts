/**
 * The device's copy of a gallery's proofing: rows as the server wrote them, replaced by each pull and
 * removed by tombstones (sync calls these inside its own transactions; nothing else writes these tables).
 */
import { PROOF_FIELDS, type ProofCollection, type ProofRow } from "../domain/proofing";
import type { StudioDb } from "./db";

export function proofTable(db: StudioDb, collection: ProofCollection) {
  const tables = { proof_lists: db.proofLists, proof_states: db.proofStates, proof_people: db.proofPeople, proof_favourites: db.proofFavourites, proof_picks: db.proofPicks, proof_comments: db.proofComments };
  return tables[collection];
}

export function proofTables(db: StudioDb) {
  return [db.proofLists, db.proofStates, db.proofPeople, db.proofFavourites, db.proofPicks, db.proofComments];
}

/** Stores pulled records (idempotent). */
export async function putProofRecords(db: StudioDb, collection: ProofCollection, records: Array<Record<string, unknown>>): Promise<void> {
  const rows: ProofRow[] = records.map((r) => {
    const row: ProofRow = { id: String(r.id), client: String(r.client ?? ""), updated: String(r.updated ?? "") };
    for (const f of PROOF_FIELDS[collection]) row[f] = r[f] ?? "";
    return row;
  });
  await proofTable(db, collection).bulkPut(rows);
}

/** Drops one pulled delete, or (for a deleted client) everything of its gallery. */
export async function deleteProofRows(db: StudioDb, collection: ProofCollection | "clients", id: string): Promise<void> {
  if (collection === "clients") {
    for (const table of proofTables(db)) await table.where("client").equals(id).delete();
  } else await proofTable(db, collection).delete(id);
}
