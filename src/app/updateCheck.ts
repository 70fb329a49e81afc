/**
 * An app left open for days looks for a new version (issue 43): the service worker's `update()` every
 * UPDATE_EVERY_MS, and when the tab becomes visible again (a laptop opened in the morning), at most once
 * per UPDATE_GAP_MS. A new version found waits for the existing update prompt (registerServiceWorker.ts);
 * nothing reloads by itself. A check that fails (offline) waits for the next.
 */
export const UPDATE_EVERY_MS = 60 * 60 * 1000;
export const UPDATE_GAP_MS = 5 * 60 * 1000;

export interface UpdateWatchOptions {
  everyMs?: number;
  gapMs?: number;
  now?: () => number;
  /** Where visibility is read and heard (the page's document). */
  doc?: Pick<Document, "visibilityState" | "addEventListener" | "removeEventListener">;
}

/** Calls `update` on the interval and on return to the tab; returns the stop. */
export function watchForUpdates(update: () => Promise<unknown>, options: UpdateWatchOptions = {}): () => void {
  const { everyMs = UPDATE_EVERY_MS, gapMs = UPDATE_GAP_MS, now = () => Date.now(), doc = document } = options;
  let last = now();
  const check = () => {
    last = now();
    void update().catch(() => undefined);
  };
  const timer = setInterval(() => {
    if (doc.visibilityState === "visible") check(); // a hidden tab checks when it is shown again
  }, everyMs);
  const onVisible = () => {
    if (doc.visibilityState === "visible" && now() - last >= gapMs) check();
  };
  doc.addEventListener("visibilitychange", onVisible);
  return () => {
    clearInterval(timer);
    doc.removeEventListener("visibilitychange", onVisible);
  };
}
