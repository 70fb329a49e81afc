/**
 * The owner's edits of a gallery's people (issue 26): renaming one (name, email) and removing one, or several
 * at once (issue 37), with everything they chose. A visitor makes a person through the gallery routes; the owner's device only
 * updates and deletes them. Each function writes the rows and the outbox entry in one transaction, so both
 * work offline and sync pushes them like any other edit (docs/SYNC.md).
 */
import { cleanPersonName, isPersonEmail, NAME_MAX } from "../../../pb_hooks/lib/rules/proofing_rules.js";
import type { Table } from "dexie";
import type { ProofRow } from "../../domain/proofing";
import type { StudioDb } from "../db";
import { StoreError, guardQuota } from "../errors";
import { changedFields, dropPendingEntries, enqueue } from "../outbox";
import { STORE_TEXTS } from "../texts";

export interface ProofPersonInput {
  name: string;
  /** "" for none. */
  email: string;
}

/** The input as the server stores it (the same cleaning and limits as a visitor's, lib/rules/proofing_rules.js). */
function normalize(input: Partial<ProofPersonInput>): Partial<ProofPersonInput> {
  const out: Partial<ProofPersonInput> = {};
  if (input.name !== undefined) {
    out.name = cleanPersonName(input.name);
    if (!out.name) throw new StoreError("invalid", STORE_TEXTS.personNameRequired);
    if (out.name.length > NAME_MAX) throw new StoreError("invalid", STORE_TEXTS.personNameTooLong(NAME_MAX));
  }
  if (input.email !== undefined) {
    out.email = input.email.trim();
    if (out.email && !isPersonEmail(out.email)) throw new StoreError("invalid", STORE_TEXTS.personEmailInvalid);
  }
  return out;
}

/** Renames a person (name and email), newest edit winning per field. */
export async function updateProofPerson(db: StudioDb, id: string, patch: Partial<ProofPersonInput>): Promise<void> {
  const fields = normalize(patch);
  await guardQuota(() =>
    db.transaction("rw", db.proofPeople, db.outbox, async () => {
      const row = await db.proofPeople.get(id);
      if (!row) throw new StoreError("not-found", STORE_TEXTS.personNotFound);
      const changed = changedFields<Partial<ProofPersonInput>>(row as Partial<ProofPersonInput>, fields);
      if (Object.keys(changed).length === 0) return;
      const { fieldTimes } = await enqueue(db, "proof_people", id, "update", changed);
      await db.proofPeople.update(id, { ...changed, fieldTimes: { ...(row.fieldTimes as object), ...fieldTimes } });
    }),
  );
}

/** The visitor-written tables that hold a person's rows, and their submitted state. */
function personTables(db: StudioDb) {
  return { favourites: db.proofFavourites, picks: db.proofPicks, comments: db.proofComments, states: db.proofStates };
}

/** The people's rows of each table (found by their gallery: the tables have no index on the person). */
async function rowsOf(db: StudioDb, clientId: string, people: ReadonlySet<string>) {
  const of = async (table: Table<ProofRow, string>) => (await table.where("client").equals(clientId).toArray()).filter((r) => people.has(String(r.person)));
  const t = personTables(db);
  const [favourites, picks, comments, states] = await Promise.all([of(t.favourites), of(t.picks), of(t.comments), of(t.states)]);
  return { favourites, picks, comments, states };
}

/**
 * Removes a person and, on this device at once, their favourites, picks, comments and submitted state; the
 * server cascades the same rows (each leaves a tombstone, so other devices drop them too). A waiting unlock
 * or rename of theirs has nothing left to change, so it goes from the outbox.
 */
export async function deleteProofPerson(db: StudioDb, id: string): Promise<void> {
  await deleteProofPeople(db, [id]);
}

/**
 * Removes several people at once (issue 37: the owner's answer to a flood of made-up names), each as
 * deleteProofPerson does, all in one transaction: every one of them goes, or none. Ids this device does not
 * hold are skipped.
 */
export async function deleteProofPeople(db: StudioDb, ids: readonly string[]): Promise<void> {
  const t = personTables(db);
  await guardQuota(() =>
    db.transaction("rw", [db.proofPeople, t.favourites, t.picks, t.comments, t.states, db.outbox], async () => {
      const people = (await db.proofPeople.bulkGet([...ids])).filter((p): p is NonNullable<typeof p> => !!p);
      for (const clientId of new Set(people.map((p) => p.client))) {
        const gone = new Set(people.filter((p) => p.client === clientId).map((p) => p.id));
        const rows = await rowsOf(db, clientId, gone);
        await t.favourites.bulkDelete(rows.favourites.map((r) => r.id));
        await t.picks.bulkDelete(rows.picks.map((r) => r.id));
        await t.comments.bulkDelete(rows.comments.map((r) => r.id));
        await t.states.bulkDelete(rows.states.map((r) => r.id));
        await dropPendingEntries(db, "proof_states", rows.states.map((r) => r.id));
        await dropPendingEntries(db, "proof_people", [...gone]);
        await db.proofPeople.bulkDelete([...gone]);
        for (const id of gone) await enqueue(db, "proof_people", id, "delete");
      }
    }),
  );
}
