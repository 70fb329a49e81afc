/**
 * News for the owner (issue 43): a client submitted a selection, or a new person (a guest) named
 * themselves in a gallery. Found in the sync's own pulled data, as each page of proof_states or
 * proof_people is applied (pullChanges.ts), by comparing the server's record with the device's row before
 * it: a state whose `submittedAt` became set, a person the device did not have. Never before the device's
 * first sync ended (a new device would announce the whole past). No server push: news comes with the next sync.
 *
 * Kept in the device's `syncState` under NEWS_KEY (newest last, at most NEWS_KEPT) until the owner
 * dismisses it; the notice and the app badge read it (src/features/news).
 */
import type { StudioDb } from "../store/db";

export const NEWS_KEY = "news";
export const NEWS_KEPT = 50;

export interface NewsItem {
  /** Stable for one event: a submission sent again after an unlock is news again. */
  id: string;
  kind: "submitted" | "person";
  client: string;
  person: string;
  /** When it happened, as the server wrote it. */
  at: string;
}

type Row = Record<string, unknown> | undefined;

/** What a page of pulled records says that the device's rows before it did not. */
export function newsIn(collection: string, records: ReadonlyArray<Record<string, unknown>>, before: readonly Row[]): NewsItem[] {
  const out: NewsItem[] = [];
  records.forEach((r, i) => {
    const old = before[i];
    const id = String(r.id);
    if (collection === "proof_states") {
      const submitted = String(r.submittedAt ?? "");
      if (submitted && submitted !== String(old?.submittedAt ?? "")) out.push({ id: `submitted:${id}:${submitted}`, kind: "submitted", client: String(r.client ?? ""), person: String(r.person ?? ""), at: submitted });
    } else if (collection === "proof_people" && !old) {
      out.push({ id: `person:${id}`, kind: "person", client: String(r.client ?? ""), person: id, at: String(r.created ?? "") });
    }
  });
  return out;
}

export const hasNews = (collection: string) => collection === "proof_states" || collection === "proof_people";

export async function readNews(db: StudioDb): Promise<NewsItem[]> {
  const value = (await db.syncState.get(NEWS_KEY))?.value;
  return Array.isArray(value) ? (value as NewsItem[]) : [];
}

/** Adds news (once each), inside the caller's transaction when there is one. */
export async function addNews(db: StudioDb, items: readonly NewsItem[]): Promise<void> {
  if (!items.length) return;
  const kept = await readNews(db);
  const known = new Set(kept.map((n) => n.id));
  const added = items.filter((n) => !known.has(n.id));
  if (added.length) await db.syncState.put({ key: NEWS_KEY, value: [...kept, ...added].slice(-NEWS_KEPT) });
}

/** Dismisses the news with these ids (all of it without). */
export async function dismissNews(db: StudioDb, ids?: readonly string[]): Promise<void> {
  await db.transaction("rw", db.syncState, async () => {
    const kept = ids ? (await readNews(db)).filter((n) => !ids.includes(n.id)) : [];
    await db.syncState.put({ key: NEWS_KEY, value: kept });
  });
}
