/**
 * Which import journals belong to a page that is still open. Each page (browser tab) takes, once, a Web
 * Lock named after its own random id and holds it until it goes; the browser releases it when the tab
 * closes, reloads or crashes. A journal is interrupted when no page holds its page's lock, so an import
 * running in another tab is never reported as cut short.
 *
 * Without Web Locks only this page's own imports count as running: a journal of another open tab would
 * show as interrupted until that tab finishes it (the notice then goes away by itself).
 */
import { newRecordId } from "../../domain/ids";

const LOCK_PREFIX = "studio-gallery:page:";

/** This page's id, written into the journals of the imports it runs. */
export const PAGE_ID = newRecordId();

let held: Promise<void> | null = null;

/** Takes this page's lock (once); resolves when it is held. */
export function holdPageLock(): Promise<void> {
  held ??= new Promise<void>((resolve) => {
    if (typeof navigator === "undefined" || !navigator.locks) return resolve();
    void navigator.locks.request(LOCK_PREFIX + PAGE_ID, () => {
      resolve();
      return new Promise<never>(() => {}); // held for the page's life
    });
  });
  return held;
}

/** The ids of the pages open now (this one included). */
export async function openPages(): Promise<Set<string>> {
  const pages = new Set([PAGE_ID]);
  if (typeof navigator === "undefined" || !navigator.locks) return pages;
  const { held = [] } = await navigator.locks.query();
  for (const lock of held) if (lock.name?.startsWith(LOCK_PREFIX)) pages.add(lock.name.slice(LOCK_PREFIX.length));
  return pages;
}
