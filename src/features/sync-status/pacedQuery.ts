/**
 * A query of the device's store that every component showing it shares, run again when one of its tables
 * changes: at once while nothing is busy, at most every `everyMs` while it is (issue 28). During an
 * upload each confirmation is a write to the outbox and the images, and with one live query per component
 * every one of them read the outbox and the photos again, in the page and in the browser's storage, on the
 * cores the uploads needed. The end of the busy time runs a waiting query at once, so the screens are exact
 * as soon as the sync is over ("Uploaded", "All changes synced").
 */
import Dexie, { type ObservabilitySet } from "dexie";

/** What the query's readers need: the value (undefined until the first run ends), and changes to it. */
export interface PacedQuery<T> {
  get: () => T | undefined;
  subscribe: (listener: () => void) => () => void;
}

/** Whether to pace (a sync is running), and a way to hear when that changes. */
export interface Busy {
  isBusy: () => boolean;
  subscribe: (listener: () => void) => () => void;
}

export const PACE_MS = 500;

/**
 * `tables`: what the query reads; a change to one of `atOnce` (a state the screens must show as it
 * happens, not a count that moves with every photo) runs it at once even while busy.
 */
export function pacedQuery<T>(db: Dexie, tables: string[], query: () => Promise<T>, busy: Busy, atOnce: string[] = [], everyMs = PACE_MS): PacedQuery<T> {
  const partsOf = (names: string[]) => names.map((t) => `idb://${db.name}/${t}/`);
  const prefixes = partsOf(tables);
  const urgent = partsOf(atOnce);
  const listeners = new Set<() => void>();
  let value: T | undefined;
  let dirty = false;
  /** A change to one of `atOnce` waits for the next run: it does not wait for the pace. */
  let hurry = false;
  let running = false;
  let lastStart = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopWatching: (() => void) | undefined;

  const run = async () => {
    clearTimeout(timer);
    timer = undefined;
    dirty = false;
    hurry = false;
    running = true;
    lastStart = performance.now();
    try {
      // One read transaction: the figures agree with each other.
      const next = await db.transaction("r", tables, query);
      if (!stopWatching) return; // no reader left
      value = next;
      for (const listener of listeners) listener();
    } catch {
      // The database closed (sign-out): the next change or reader asks again.
    } finally {
      running = false;
      if (dirty && stopWatching) schedule();
    }
  };

  function schedule(now = false) {
    dirty = true;
    hurry ||= now;
    if (running) return; // runs again once the running query ends
    if (timer !== undefined && !hurry) return; // the timer runs it
    const wait = busy.isBusy() && !hurry ? lastStart + everyMs - performance.now() : 0;
    if (wait > 0) timer = setTimeout(() => void run(), wait);
    else void run();
  }

  const onMutated = (parts: ObservabilitySet) => {
    const changed = Object.keys(parts);
    if (changed.some((part) => urgent.some((p) => part.startsWith(p)))) schedule(true);
    else if (changed.some((part) => prefixes.some((p) => part.startsWith(p)))) schedule();
  };
  // No longer busy: what waits for the pace runs now.
  const onBusyChanged = () => {
    if (timer !== undefined && !busy.isBusy()) void run();
  };

  const start = () => {
    Dexie.on("storagemutated", onMutated);
    const stopBusy = busy.subscribe(onBusyChanged);
    stopWatching = () => {
      Dexie.on.storagemutated.unsubscribe(onMutated);
      stopBusy();
    };
    schedule();
  };
  const stop = () => {
    stopWatching?.();
    stopWatching = undefined;
    clearTimeout(timer);
    timer = undefined;
    dirty = false;
    value = undefined; // a reader that comes later waits for a fresh run, as a new live query does
  };

  return {
    get: () => value,
    subscribe: (listener) => {
      listeners.add(listener);
      if (listeners.size === 1) start();
      return () => {
        listeners.delete(listener);
        if (!listeners.size) stop();
      };
    },
  };
}
