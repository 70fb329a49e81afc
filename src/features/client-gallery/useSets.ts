/** A gallery's sets in their order, each with how many of the gallery's photos it holds (device store, live). */
import { useLiveQuery } from "dexie-react-hooks";
import { db } from "../../store/db";
import { setsOf } from "../../store/repositories/sets";
import { live } from "../../store/repositories/trash";
import type { ImageRow, SetRow } from "../../store/rows";
import type { ProofFilter } from "./useProofFilter";

export interface SetWithCount extends SetRow {
  count: number;
}

/**
 * The sets of `clientId`, counted over `images` (a photo naming a set this device does not have is in none);
 * none in the trash (issue 43): a trashed set's photos show in none until it is restored.
 */
export function useSets(clientId: string, images: readonly ImageRow[] | undefined): SetWithCount[] {
  const sets = useLiveQuery(async () => live(await setsOf(db, clientId)), [clientId]) ?? [];
  const counts = new Map<string, number>();
  for (const image of images ?? []) if (image.set) counts.set(image.set, (counts.get(image.set) ?? 0) + 1);
  return sets.map((s) => ({ ...s, count: counts.get(s.id) ?? 0 }));
}

/** The set a photo is in, as this device knows the sets: "" for none. */
export function setOfImage(image: Pick<ImageRow, "set">, sets: readonly SetRow[]): string {
  return image.set && sets.some((s) => s.id === image.set) ? image.set : "";
}

/** The Show filter's sets: one per set, then the photos in none (only when the gallery has sets). */
export function setFilters(sets: readonly SetRow[], images: readonly ImageRow[] | undefined, label: (name: string) => string, noneLabel: string): ProofFilter[] {
  if (!sets.length) return [];
  const known = new Set(sets.map((s) => s.id));
  const all = images ?? [];
  return [
    ...sets.map((s) => ({ key: `set:${s.id}`, label: label(s.name), ids: new Set(all.filter((i) => i.set === s.id).map((i) => i.id)) })),
    { key: "set:", label: noneLabel, ids: new Set(all.filter((i) => !i.set || !known.has(i.set)).map((i) => i.id)) },
  ];
}
