/**
 * When to sync, and in which tab. One tab at a time syncs: the holder of a Web Lock (other tabs queue for
 * it and take over when the holder closes); without Web Locks, a BroadcastChannel claim does the same job
 * less strictly. The leader syncs on start (sign-in), on reconnect, shortly after a local change, when the
 * server announces a change (realtime), and on a timer: every minute, or with growing backoff after a
 * failure. Every tab sees the data through Dexie's cross-tab change events.
 */
import { liveQuery } from "dexie";
import type PocketBase from "pocketbase";
import { PULLED_COLLECTIONS } from "../domain/registry";
import type { StudioDb } from "../store/db";
import { lastOutboxSeq } from "../store/outbox";
import type { SyncEngine } from "./engine";
import { retryAfterOf } from "./transient";

const LOCK_NAME = "studio-gallery-sync";
const CHANGE_DEBOUNCE_MS = 400;
const IDLE_INTERVAL_MS = 60_000;
const MAX_BACKOFF_MS = 5 * 60_000;
// Every pulled collection (src/domain/registry.ts) and tombstones. Proofing is written by visitors: realtime
// tells the owner's device of a heart or a submit at once.
const REALTIME_COLLECTIONS = [...PULLED_COLLECTIONS, "tombstones"];

export function backoffDelay(failures: number): number {
  return failures === 0 ? IDLE_INTERVAL_MS : Math.min(MAX_BACKOFF_MS, 2000 * 2 ** (failures - 1));
}

/** Runs the leader's loop until `stop` is called. */
async function lead(db: StudioDb, pb: PocketBase, engine: SyncEngine, stopped: AbortSignal): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let isRunning = false;
  /** A change arrived while a sync ran: run again soon after it, not at the idle interval. */
  let isDirty = false;
  const unsubscribers: Array<() => void> = [];

  const schedule = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(run, delay);
  };
  const soon = () => {
    if (isRunning) isDirty = true;
    else schedule(CHANGE_DEBOUNCE_MS);
  };
  const run = async () => {
    if (stopped.aborted) return;
    if (!navigator.onLine) {
      engine.status.set({ isOnline: false });
      return; // the online event starts the next run
    }
    engine.status.set({ isOnline: true });
    isRunning = true;
    isDirty = false;
    let retryAfter: number | undefined;
    try {
      await engine.syncOnce(stopped);
      failures = 0;
    } catch (err) {
      failures++;
      retryAfter = retryAfterOf(err); // a 429/503's Retry-After is a floor for the backoff
    } finally {
      isRunning = false;
    }
    schedule(isDirty && failures === 0 ? CHANGE_DEBOUNCE_MS : Math.max(backoffDelay(failures), retryAfter ?? 0));
  };

  const onOnline = () => {
    engine.status.set({ isOnline: true });
    failures = 0;
    schedule(0);
    void subscribeRealtime();
  };
  const onOffline = () => engine.status.set({ isOnline: false });
  window.addEventListener("online", onOnline);
  window.addEventListener("offline", onOffline);
  unsubscribers.push(() => window.removeEventListener("online", onOnline), () => window.removeEventListener("offline", onOffline));

  // A local change: sync soon after it. Every new outbox entry takes a higher seq (a delete that replaces
  // a waiting create leaves the count unchanged, so the count would not tell).
  let lastSeq: number | undefined | null = null;
  const outbox = liveQuery(() => lastOutboxSeq(db)).subscribe((seq) => {
    const latest = seq as number | undefined;
    if (lastSeq !== null && latest !== undefined && (lastSeq === undefined || latest > lastSeq)) soon();
    lastSeq = latest;
  });
  unsubscribers.push(() => outbox.unsubscribe());

  // Realtime listeners of this leader. A reconnect drops them before subscribing again (each reconnect
  // used to add one per collection and drop none); resubscribes run one after another; one
  // resubscribe asks for every collection at once.
  let realtime: Array<() => Promise<void>> = [];
  let realtimeQueue = Promise.resolve();
  const dropRealtime = async () => {
    const old = realtime;
    realtime = [];
    await Promise.all(old.map((unsubscribe) => unsubscribe().catch(() => undefined)));
  };
  const resubscribe = async () => {
    await dropRealtime();
    if (!navigator.onLine || stopped.aborted) return;
    // All at once: the SDK sends the subscriptions of one microtask in one request (one after another,
    // each collection cost its own request while the first sync was starting: issue 28).
    const subscribed = await Promise.allSettled(REALTIME_COLLECTIONS.map((collection) => pb.collection(collection).subscribe("*", soon)));
    // realtime is a shortcut; the timer and reconnects still bring changes when a subscription failed
    for (const result of subscribed) if (result.status === "fulfilled") realtime.push(result.value);
  };
  function subscribeRealtime() {
    realtimeQueue = realtimeQueue.then(resubscribe);
    return realtimeQueue;
  }
  unsubscribers.push(() => void (realtimeQueue = realtimeQueue.then(dropRealtime)));
  void subscribeRealtime();
  schedule(0);

  await new Promise<void>((resolve) => stopped.addEventListener("abort", () => resolve(), { once: true }));
  clearTimeout(timer);
  for (const u of unsubscribers) u();
}

/** Without Web Locks: a tab leads when no other tab has claimed leadership in the last few seconds. */
async function leadWithBroadcast(run: () => Promise<void>, stopped: AbortSignal): Promise<void> {
  const channel = new BroadcastChannel(LOCK_NAME);
  let lastClaimSeen = 0;
  channel.onmessage = () => (lastClaimSeen = Date.now());
  while (!stopped.aborted && Date.now() - lastClaimSeen < 6000) await new Promise((r) => setTimeout(r, 3000));
  const heartbeat = setInterval(() => channel.postMessage("claim"), 2000);
  channel.postMessage("claim");
  try {
    await run();
  } finally {
    clearInterval(heartbeat);
    channel.close();
  }
}

/** Starts syncing in this tab (when it is or becomes the leader). Returns a stop function. */
export function startSyncScheduler(db: StudioDb, pb: PocketBase, engine: SyncEngine): () => void {
  const controller = new AbortController();
  const run = () => lead(db, pb, engine, controller.signal);
  if (typeof navigator !== "undefined" && "locks" in navigator) {
    void navigator.locks.request(LOCK_NAME, { signal: controller.signal }, run).catch(() => undefined);
  } else {
    void leadWithBroadcast(run, controller.signal);
  }
  return () => controller.abort();
}
