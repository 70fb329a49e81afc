/**
 * What each conflict is about, in words the owner knows: a client by its name, a photo by its name, the
 * studio settings, a proofing list, a client's proofing or a set. A record deleted since shows its kind alone.
 */
import type { SyncedCollection } from "../../domain/records";
import { imageName } from "../../domain/image-files";
import type { StudioDb } from "../../store/db";
import type { ConflictRow } from "../../store/rows";
import { SYNC_TEXTS } from "./texts";

type Subject = Pick<ConflictRow, "collection" | "recordId">;

/** Labels by record id for the given conflicts (only their records are read). */
export async function conflictSubjects(db: StudioDb, conflicts: readonly Subject[]): Promise<Map<string, string>> {
  const idsOf = (collection: SyncedCollection) => [...new Set(conflicts.filter((c) => c.collection === collection).map((c) => c.recordId))];
  const [clients, images, lists, states, sets] = await Promise.all([
    db.clients.bulkGet(idsOf("clients")),
    db.images.bulkGet(idsOf("images")),
    db.proofLists.bulkGet(idsOf("proof_lists")),
    db.proofStates.bulkGet(idsOf("proof_states")),
    db.sets.bulkGet(idsOf("sets")),
  ]);
  const stateClients = await db.clients.bulkGet(states.map((s) => s?.client ?? ""));
  const say = SYNC_TEXTS.conflictSubject;
  const labels = new Map<string, string>(conflicts.map((c) => [c.recordId, say[c.collection]("")])); // gone: the kind alone
  for (const client of clients) if (client) labels.set(client.id, say.clients(client.name));
  for (const image of images) if (image) labels.set(image.id, say.images(imageName(image)));
  for (const list of lists) if (list) labels.set(list.id, say.proof_lists(String(list.name ?? "")));
  for (const set of sets) if (set) labels.set(set.id, say.sets(set.name));
  states.forEach((state, i) => state && labels.set(state.id, say.proof_states(stateClients[i]?.name ?? "")));
  return labels;
}
