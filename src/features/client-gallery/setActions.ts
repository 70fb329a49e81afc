/** The owner's set actions with their toasts: every write goes through the sets repository (offline too). */
import { errorText } from "../../lib/refusals/refusals";
import { toast } from "../../state/toast";
import { db } from "../../store/db";
import { createSet, moveToSet, renameSet, reorderSets } from "../../store/repositories/sets";
import { moveToTrash } from "../trash/trashActions";
import { TRASH_TEXTS } from "../trash/texts";
import { SET_TEXTS } from "./texts";

async function attempt<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (err) {
    toast({ title: SET_TEXTS.setError, description: errorText(err), variant: "destructive" });
    return null;
  }
}

export const addSet = (clientId: string, name: string) => attempt(() => createSet(db, clientId, name));
export const renameOneSet = (id: string, name: string) => attempt(() => renameSet(db, id, name));
/** Moves a set to the trash (issue 43): its photos show in no set until it is restored; the toast offers Undo. */
export const removeSet = async (id: string): Promise<void> => {
  const set = await db.sets.get(id);
  await moveToTrash("sets", [id], TRASH_TEXTS.setMoved(set?.name ?? ""));
};

/** Moves set `id` one place up (-1) or down (+1) among `orderedIds`. */
export function moveSet(clientId: string, orderedIds: readonly string[], id: string, by: -1 | 1) {
  const from = orderedIds.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= orderedIds.length) return Promise.resolve(null);
  const next = [...orderedIds];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return attempt(() => reorderSets(db, clientId, next));
}

export async function movePhotos(ids: readonly string[], setId: string, setName: string) {
  const moved = await attempt(() => moveToSet(db, ids, setId));
  if (moved !== null) toast({ title: SET_TEXTS.moved(ids.length, setName) });
  return moved;
}
