/**
 * The one write path for the owner's proofing: a gallery's named lists (create, rename, limit, delete)
 * and unlocking a submitted selection. Each function writes the row and its outbox entry in one
 * transaction, so these work offline and sync pushes them like any client edit (docs/SYNC.md).
 */
import { pbDateAt } from "../../domain/contract";
import { newRecordId } from "../../domain/ids";
import type { ProofRow } from "../../domain/proofing";
import type { StudioDb } from "../db";
import { StoreError, guardQuota } from "../errors";
import { changedFields, dropPendingEntries, enqueue } from "../outbox";
import { STORE_TEXTS } from "../texts";

export interface ProofListInput {
  name: string;
  /** "choose up to n"; 0 for no limit. */
  limit: number;
}

/** The longest list name the server takes (pb_migrations/1763771500_proofing.js). */
export const LIST_NAME_MAX = 100;

function normalize(input: Partial<ProofListInput>): Partial<ProofListInput> {
  const out: Partial<ProofListInput> = {};
  if (input.name !== undefined) {
    out.name = input.name.trim();
    if (!out.name) throw new StoreError("invalid", STORE_TEXTS.listNameRequired);
    if (out.name.length > LIST_NAME_MAX) throw new StoreError("invalid", `A list name has at most ${LIST_NAME_MAX} characters.`);
  }
  if (input.limit !== undefined) {
    if (!Number.isInteger(input.limit) || input.limit < 0 || input.limit > 100000) throw new StoreError("invalid", STORE_TEXTS.listLimitInvalid);
    out.limit = input.limit;
  }
  return out;
}

export async function createProofList(db: StudioDb, clientId: string, input: ProofListInput): Promise<string> {
  const fields = normalize(input) as ProofListInput;
  const id = newRecordId();
  await guardQuota(() =>
    db.transaction("rw", db.proofLists, db.outbox, async () => {
      const entry = await enqueue(db, "proof_lists", id, "create", { client: clientId, ...fields });
      const row: ProofRow = { id, client: clientId, updated: "", created: pbDateAt(db.serverNow()), ...fields, server: null, serverUpdated: "", fieldTimes: entry.fieldTimes };
      await db.proofLists.add(row);
    }),
  );
  return id;
}

export async function updateProofList(db: StudioDb, id: string, patch: Partial<ProofListInput>): Promise<void> {
  await guardQuota(() =>
    db.transaction("rw", db.proofLists, db.outbox, async () => {
      const row = await db.proofLists.get(id);
      if (!row) throw new StoreError("not-found", STORE_TEXTS.listNotFound);
      const changed = changedFields<Partial<ProofListInput>>(row as Partial<ProofListInput>, normalize(patch));
      if (Object.keys(changed).length === 0) return;
      const { fieldTimes } = await enqueue(db, "proof_lists", id, "update", changed);
      await db.proofLists.update(id, { ...changed, fieldTimes: { ...(row.fieldTimes as object), ...fieldTimes } });
    }),
  );
}

/** Deletes the list and, on this device, its picks; the server cascades (and sends their tombstones). */
export async function deleteProofList(db: StudioDb, id: string): Promise<void> {
  await guardQuota(() =>
    db.transaction("rw", db.proofLists, db.proofPicks, db.outbox, async () => {
      await db.proofPicks.where("list").equals(id).delete();
      await dropPendingEntries(db, "proof_lists", [id]);
      await db.proofLists.delete(id);
      await enqueue(db, "proof_lists", id, "delete");
    }),
  );
}

/** Unlocks one person's submitted selection (issue 26; no person: the gallery's first): they can change it and submit again. */
export async function unlockSelection(db: StudioDb, clientId: string, personId?: string): Promise<void> {
  await guardQuota(() =>
    db.transaction("rw", db.proofStates, db.outbox, async () => {
      const rows = await db.proofStates.where("client").equals(clientId).toArray();
      const row = rows.find((r) => (personId ? r.person === personId : !!r.submittedAt));
      if (!row || !row.submittedAt) return;
      const { fieldTimes } = await enqueue(db, "proof_states", row.id, "update", { submittedAt: "" });
      await db.proofStates.update(row.id, { submittedAt: "", fieldTimes: { ...(row.fieldTimes as object), ...fieldTimes } });
    }),
  );
}
