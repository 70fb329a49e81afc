/** The owner's answers to a conflict: put the losing value back (a new edit), or dismiss it. */
import type { StudioDb } from "../db";
import { StoreError } from "../errors";
import type { ClientFields, ImageFields, SyncedCollection } from "../../domain/records";
import type { ConflictRow } from "../rows";
import { createClient, updateClient } from "./clients";
import { addImages, updateImage } from "./images";
import { updateProofList } from "./proofing";
import { updateProofPerson } from "./proofPeople";
import { updateSet } from "./sets";
import { updateSettings } from "./settings";
import { STORE_TEXTS } from "../texts";

type Patch = Record<string, unknown>;

/**
 * How a lost value comes back, per synced collection: an ordinary edit through its repository. Typed by
 * the registry's collections, so a new one is asked for its own (docs/ARCHITECTURE.md, "Adding a synced
 * collection").
 */
const RESTORE: Record<SyncedCollection, (db: StudioDb, id: string, patch: Patch) => Promise<void>> = {
  clients: (db, id, patch) => updateClient(db, id, patch),
  images: (db, id, patch) => updateImage(db, id, patch),
  settings: (db, _id, patch) => updateSettings(db, patch),
  proof_lists: (db, id, patch) => updateProofList(db, id, patch),
  proof_states: () => Promise.reject(new StoreError("not-found", STORE_TEXTS.conflictSubmission)),
  sets: (db, id, patch) => updateSet(db, id, patch),
  proof_people: (db, id, patch) => updateProofPerson(db, id, patch),
};

/** Dismissed: the set-aside bytes of a photo go too (the owner chose not to send it again). */
export async function dismissConflict(db: StudioDb, id: number): Promise<void> {
  await db.conflicts.update(id, { resolved: 1, files: undefined });
}

/** Whether 'Send again' can bring back a record deleted elsewhere: its values (and a photo's bytes) were kept. */
export function canSendAgain(conflict: ConflictRow): boolean {
  return conflict.field === "*" && !!conflict.record && (conflict.collection === "clients" || !!conflict.files?.original);
}

/** The client a set-aside photo goes back into: its own, or the one its deleted client was sent again as. */
async function clientForPhoto(db: StudioDb, clientId: string): Promise<string> {
  if (await db.clients.get(clientId)) return clientId;
  const restored = await db.conflicts
    .where("[collection+recordId]")
    .equals(["clients", clientId])
    .filter((c) => !!c.restoredAs)
    .first();
  if (restored?.restoredAs && (await db.clients.get(restored.restoredAs))) return restored.restoredAs;
  throw new StoreError("not-found", STORE_TEXTS.sendClientFirst);
}

/**
 * 'Send again' of a record deleted elsewhere: it comes back as a new record (a new id, so no device that
 * pulled the tombstone can confuse the two), a client with its values, a photo with its bytes.
 */
async function sendAgain(db: StudioDb, conflict: ConflictRow): Promise<void> {
  const record = conflict.record!;
  if (conflict.collection === "clients") {
    const row = await createClient(db, { ...(record as Partial<ClientFields>), name: String(record.name ?? ""), coverImage: "" });
    await db.conflicts.update(conflict.id!, { resolved: 1, restoredAs: row.id });
    return;
  }
  const files = conflict.files!;
  const client = await clientForPhoto(db, String(record.client ?? ""));
  const fields = { ...(record as unknown as ImageFields), client };
  await addImages(db, [{ fields, original: files.original!, thumbnail: files.thumbnail!, preview: files.preview!, medium: files.medium, large: files.large }]);
  await db.conflicts.update(conflict.id!, { resolved: 1, files: undefined });
}

/** Restores the losing value as a new edit, newer than everything before it, and closes the conflict. */
export async function restoreConflict(db: StudioDb, id: number): Promise<void> {
  const conflict = await db.conflicts.get(id);
  if (!conflict) throw new StoreError("not-found", STORE_TEXTS.conflictNotFound);
  if (canSendAgain(conflict)) return sendAgain(db, conflict);
  if (conflict.field === "*") throw new StoreError("not-found", STORE_TEXTS.conflictDeleted);
  // A cover that lost to its photo's delete cannot come back: the server would keep no cover naming it.
  if (conflict.collection === "clients" && conflict.field === "coverImage" && conflict.lostValue && !(await db.images.get(String(conflict.lostValue)))) {
    throw new StoreError("not-found", STORE_TEXTS.conflictCoverDeleted);
  }
  await RESTORE[conflict.collection](db, conflict.recordId, { [conflict.field]: conflict.lostValue });
  await dismissConflict(db, id);
}
