/**
 * One sync, as its phases: measure the clock, pull (so conflicts are decided against the newest server
 * state), push record changes, upload image files. Unless the link is known to be slow, uploads also go
 * for a moment before the pull (UPLOAD_FIRST_MS). Sequential by design: nothing else writes sync data
 * while a sync runs, and only one tab runs syncs (scheduler.ts).
 */
import { liveQuery } from "dexie";
import type PocketBase from "pocketbase";
import type { StudioDb } from "../store/db";
import { isQuotaError } from "../store/errors";
import { throttled } from "../lib/throttled";
import { assertDatabaseAccount } from "./accountSession";
import { serverErrorMessage } from "./auth";
import { loadClockOffset, measureClockOffset } from "./clock";
import { pullChanges } from "./pullChanges";
import { pushOutbox } from "./pushOutbox";
import { reconcileIfRestored } from "./restoredServer";
import { keepStudioLogo } from "./studioLogo";
import { createStatus, type UploadState } from "./status";
import { SYNC_TEXTS } from "./texts";
import { uploadImages, type UploadReport } from "./uploadImages";
import { firstFiles, readUploadPlan } from "./uploadPlan";
import { uploadProgress } from "./uploadProgress";
import { loadLinkMeter, type LinkSpeed } from "./uploadLink";

export const LAST_SYNCED_KEY = "lastSyncedAt";

/** How long photos may go before the pull when the link is fast (see run). */
export const UPLOAD_FIRST_MS = 2000;

const OUT_OF_SPACE = Symbol("out of space");

/**
 * Upload progress reaches the status (and every component that reads it) at most this often; a photo's
 * start and end at once. Browsers report an upload's progress many times a second, and each report
 * rendered every reader of the status again while two uploads shared two cores with them (issue 28).
 */
export const PROGRESS_EVERY_MS = 250;

/** Runs a phase; a full device answers OUT_OF_SPACE instead of failing (what it wrote before stays). */
async function unlessFull(phase: () => Promise<number>): Promise<number | typeof OUT_OF_SPACE> {
  try {
    return await phase();
  } catch (err) {
    if (isQuotaError(err)) return OUT_OF_SPACE;
    throw err;
  }
}

export interface SyncResult {
  pulled: number;
  pushed: number;
  uploads: number;
}

export interface SyncOptions {
  /** Sub-requests per batch (tests use small chunks to interrupt a push between them). */
  chunkSize?: number;
  /** The link's speed, fixed (tests of one upload order or the other); measured as uploads run otherwise (uploadLink.ts). */
  link?: LinkSpeed;
}

export function createSyncEngine(db: StudioDb, pb: PocketBase, options: SyncOptions = {}) {
  // Online or not from the browser's own state at start, and as it changes in every tab (a page reloaded
  // without a connection used to say "Online" until a sync ran: issue 37); the leader's scheduler sets it too.
  const browserOnline = () => typeof navigator === "undefined" || navigator.onLine !== false;
  const status = createStatus({ isOnline: browserOnline(), isSyncing: false, lastSyncedAt: null, error: null, uploads: [] });
  if (typeof window !== "undefined") {
    for (const event of ["online", "offline"]) window.addEventListener(event, () => status.set({ isOnline: browserOnline() }));
  }
  let running: Promise<SyncResult> | null = null;

  // What the last session knew: edits made offline before the first sync of this session need the offset.
  void loadClockOffset(db).catch(() => undefined); // nobody signed in: the database never opens
  // When the last sync finished, in whichever tab ran it: tabs that do not lead follow the leader's.
  liveQuery(() => db.syncState.get(LAST_SYNCED_KEY)).subscribe({
    next: (row) => {
      const at = row?.value;
      if (typeof at === "number" && at > (status.get().lastSyncedAt ?? 0)) status.set({ lastSyncedAt: at });
    },
    error: () => undefined, // the database closed (sign-out wipes it); the next engine reads it again
  });

  async function run(signal?: AbortSignal): Promise<SyncResult> {
    status.set({ isSyncing: true });
    const uploads = new Map<string, UploadState>();
    const progress = throttled(() => status.set({ uploads: [...uploads.values()] }), PROGRESS_EVERY_MS);
    try {
      assertDatabaseAccount(db, pb); // never one account's data with another's session
      // Unless the link is known to be slow, photos waiting go first, for a moment (UPLOAD_FIRST_MS: no
      // request starts after it): new photos reach the server at once, and the pull waits no longer than
      // that. On a link not measured yet (back from a shoot), the first batch measures it meanwhile.
      // Safe before the pull: an image's create and its files carry no edit a pull could decide against.
      // What they need from the device is read while the clock is measured (reads only: a restored
      // server's reconciliation below may change the outbox, and then they read it again).
      const clock = measureClockOffset(db, pb);
      clock.catch(() => undefined); // thrown below
      const meter = await loadLinkMeter(db, { fixed: options.link });
      const speed = meter.speed();
      const plan = speed === "slow" ? undefined : readUploadPlan(db, firstFiles(speed));
      plan?.catch(() => undefined); // read again by the upload if it failed
      const restored = await reconcileIfRestored(db, pb, await clock);
      const onUpload = (r: UploadReport) => {
        const isNew = !uploads.has(r.imageId);
        uploads.set(r.imageId, { imageId: r.imageId, name: r.name, kind: r.kind, loaded: r.progress.loaded, total: r.progress.total });
        progress.publish(isNew || r.progress.loaded >= r.progress.total);
      };
      let uploadCount = 0;
      if (plan) {
        const readAhead = restored ? undefined : plan.catch(() => readUploadPlan(db, firstFiles(speed)));
        uploadCount += await uploadImages(db, pb, onUpload, signal, { meter, until: performance.now() + UPLOAD_FIRST_MS, plan: readAhead, progress: uploadProgress });
        assertDatabaseAccount(db, pb);
      }
      // A full device cannot store what the pull brings, nor the push's answers; the uploads free space
      // (a photo leaves once the server has it), so they go on regardless, and the pull and push follow.
      let pulled = await unlessFull(() => pullChanges(db, pb));
      if (pulled !== OUT_OF_SPACE) await keepStudioLogo(db, pb).catch(() => false); // the watermark draws the name until it arrives
      assertDatabaseAccount(db, pb); // the session may have ended while pulling
      let pushed = await unlessFull(() => pushOutbox(db, pb, options.chunkSize));
      assertDatabaseAccount(db, pb);
      uploadCount += await uploadImages(db, pb, onUpload, signal, { link: options.link, progress: uploadProgress });
      if (pulled === OUT_OF_SPACE) pulled = await unlessFull(() => pullChanges(db, pb));
      if (pushed === OUT_OF_SPACE) pushed = await unlessFull(() => pushOutbox(db, pb, options.chunkSize));
      if (pulled === OUT_OF_SPACE || pushed === OUT_OF_SPACE) throw new Error(SYNC_TEXTS.outOfSpace);
      const lastSyncedAt = Date.now();
      await db.syncState.put({ key: LAST_SYNCED_KEY, value: lastSyncedAt }).catch((err: unknown) => {
        if (!isQuotaError(err)) throw err; // the status shows the time; other tabs learn it next time
      });
      status.set({ lastSyncedAt, error: null });
      return { pulled, pushed, uploads: uploadCount };
    } catch (err) {
      status.set({ error: serverErrorMessage(err) });
      throw err;
    } finally {
      progress.cancel();
      uploadProgress.finish();
      status.set({ isSyncing: false, uploads: [] });
    }
  }

  return {
    status,
    /** Runs one sync; a call while one runs waits for it and then runs again (changes may have arrived). */
    async syncOnce(signal?: AbortSignal): Promise<SyncResult> {
      while (running) await running.catch(() => undefined);
      running = run(signal);
      try {
        return await running;
      } finally {
        running = null;
      }
    },
  };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
