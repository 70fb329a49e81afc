/** Selections of ids held in React state: a new Set with `id` added, or removed when it was there. */
export function toggled(set: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(set);
  if (!next.delete(id)) next.add(id);
  return next;
}
