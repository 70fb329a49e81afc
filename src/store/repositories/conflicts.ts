/** The owner's answers to a conflict: put the losing value back (a new edit), or dismiss it. */
import type { StudioDb } from "../db";
import { StoreError } from "../errors";
import { updateClient } from "./clients";
import { updateImage } from "./images";
import { updateProofList } from "./proofing";
import { updateSettings } from "./settings";
import { STORE_TEXTS } from "../texts";

export async function dismissConflict(db: StudioDb, id: number): Promise<void> {
  await db.conflicts.update(id, { resolved: 1 });
}

/** Restores the losing value as a new edit, newer than everything before it, and closes the conflict. */
export async function restoreConflict(db: StudioDb, id: number): Promise<void> {
  const conflict = await db.conflicts.get(id);
  if (!conflict) throw new StoreError("not-found", STORE_TEXTS.conflictNotFound);
  if (conflict.field === "*") throw new StoreError("not-found", STORE_TEXTS.conflictDeleted);
  // A cover that lost to its photo's delete cannot come back: the server would keep no cover naming it.
  if (conflict.collection === "clients" && conflict.field === "coverImage" && conflict.lostValue && !(await db.images.get(String(conflict.lostValue)))) {
    throw new StoreError("not-found", STORE_TEXTS.conflictCoverDeleted);
  }
  const patch = { [conflict.field]: conflict.lostValue };
  if (conflict.collection === "clients") await updateClient(db, conflict.recordId, patch);
  else if (conflict.collection === "images") await updateImage(db, conflict.recordId, patch);
  else if (conflict.collection === "proof_lists") await updateProofList(db, conflict.recordId, patch);
  else if (conflict.collection === "proof_states") throw new StoreError("not-found", STORE_TEXTS.conflictSubmission);
  else await updateSettings(db, patch);
  await dismissConflict(db, id);
}
