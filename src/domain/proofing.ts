/**
 * Proofing as the owner's device keeps it (issue 12): the visitor's favourites, picks and comments
 * (server-written, read-only on the device), the gallery's submitted state and the owner's lists (their
 * collections and fields are in the collection registry, src/domain/registry.ts). Also the file names in
 * the form Lightroom's filter accepts.
 */
export interface ProofRow {
  id: string;
  client: string;
  updated: string;
  [field: string]: unknown;
}

/** "IMG_0001.CR3, IMG_0002" for Lightroom's filter: names without extensions, comma-separated. */
export function lightroomNames(fileNames: readonly string[]): string {
  return fileNames.map((n) => n.replace(/\.[^./\\]+$/, "")).join(", ");
}

/** A burst of new people the owner is told about (issue 37): BURST_PEOPLE or more made within BURST_WINDOW_MS, in the last BURST_RECENT_MS. */
export const BURST_PEOPLE = 10;
export const BURST_WINDOW_MS = 60 * 60 * 1000;
export const BURST_RECENT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The most people made within one BURST_WINDOW_MS of the last BURST_RECENT_MS before `nowMs`, when they are
 * BURST_PEOPLE or more: their ids and when the first of them was made; else null. `created` as PocketBase
 * writes it ("2026-11-28 04:20:35.123Z").
 */
export function peopleBurst(people: ReadonlyArray<{ id: string; created: string }>, nowMs: number): { ids: string[]; from: number } | null {
  const made = people
    .map((p) => ({ id: p.id, at: Date.parse(String(p.created).replace(" ", "T")) }))
    .filter((p) => p.at > nowMs - BURST_RECENT_MS)
    .sort((a, b) => a.at - b.at);
  let best: { start: number; end: number } | null = null;
  for (let start = 0, end = 0; start < made.length; start++) {
    while (end < made.length && made[end]!.at - made[start]!.at < BURST_WINDOW_MS) end++;
    if (end - start >= BURST_PEOPLE && (!best || end - start > best.end - best.start)) best = { start, end };
  }
  return best ? { ids: made.slice(best.start, best.end).map((p) => p.id), from: made[best.start]!.at } : null;
}
