/** The owner's proofing writes from the client page: through the store (offline too), with toasts. */
import { db } from "../../store/db";
import { StoreError } from "../../store/errors";
import { createProofList, deleteProofList, unlockSelection, updateProofList, type ProofListInput } from "../../store/repositories/proofing";
import { updateProofPerson, type ProofPersonInput } from "../../store/repositories/proofPeople";
import { moveToTrash } from "../trash/trashActions";
import { toast } from "../../state/toast";
import { PROOFING_OWNER_TEXTS as T } from "./texts";

/** Runs a write; a refusal (an empty name, a full disk) becomes a toast and `false`. */
async function attempt(write: () => Promise<unknown>, done?: string): Promise<boolean> {
  try {
    await write();
    if (done) toast({ title: done });
    return true;
  } catch (err) {
    toast({ title: err instanceof StoreError ? err.message : String(err), variant: "destructive" });
    return false;
  }
}

export const addList = (clientId: string, input: ProofListInput) => attempt(() => createProofList(db, clientId, input), T.listAdded(input.name.trim()));
export const editList = (id: string, input: ProofListInput) => attempt(() => updateProofList(db, id, input));
export const removeList = (id: string, name: string) => attempt(() => deleteProofList(db, id), T.listDeleted(name));
export const unlock = (clientId: string, personId: string) => attempt(() => unlockSelection(db, clientId, personId), T.unlocked);
export const editPerson = (id: string, input: ProofPersonInput) => attempt(() => updateProofPerson(db, id, input));
/** A person and everything they chose move to the trash (issue 43); the toast offers Undo. */
export const removePerson = (id: string, name: string) => moveToTrash("proof_people", [id], T.personRemoved(name));
export const removePeople = (ids: string[]) => moveToTrash("proof_people", ids, T.peopleRemoved(ids.length));
