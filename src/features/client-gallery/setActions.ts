/** The owner's set actions with their toasts: every write goes through the sets repository (offline too). */
import { errorText } from "../../lib/refusals/refusals";
import { toast } from "../../state/toast";
import { db } from "../../store/db";
import { createSet, deleteSet, moveToSet, renameSet, reorderSets } from "../../store/repositories/sets";
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
export const removeSet = (id: string) => attempt(() => deleteSet(db, id));

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
