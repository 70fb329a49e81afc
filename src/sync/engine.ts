/**
 * One sync, as its phases: measure the clock, pull (so conflicts are decided against the newest server
 * state), push record changes, upload image files. Sequential by design: nothing else writes sync data
 * while a sync runs, and only one tab runs syncs (scheduler.ts).
 */
import { liveQuery } from "dexie";
import type PocketBase from "pocketbase";
import type { StudioDb } from "../store/db";
import { isQuotaError } from "../store/errors";
import { assertDatabaseAccount } from "./accountSession";
import { serverErrorMessage } from "./auth";
import { loadClockOffset, measureClockOffset } from "./clock";
import { pullChanges } from "./pullChanges";
import { pushOutbox } from "./pushOutbox";
import { reconcileIfRestored } from "./restoredServer";
import { keepStudioLogo } from "./studioLogo";
import { createStatus, type UploadState } from "./status";
import { SYNC_TEXTS } from "./texts";
import { uploadImages } from "./uploadImages";

export const LAST_SYNCED_KEY = "lastSyncedAt";

const OUT_OF_SPACE = Symbol("out of space");

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
}

export function createSyncEngine(db: StudioDb, pb: PocketBase, options: SyncOptions = {}) {
  const status = createStatus({ isOnline: true, isSyncing: false, lastSyncedAt: null, error: null, uploads: [] });
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
    try {
      assertDatabaseAccount(db, pb); // never one account's data with another's session
      await reconcileIfRestored(db, pb, await measureClockOffset(db, pb)); // a restored server: give back what it lost
      // A full device cannot store what the pull brings, nor the push's answers; the uploads free space
      // (a photo leaves once the server has it), so they go on regardless, and the pull and push follow.
      let pulled = await unlessFull(() => pullChanges(db, pb));
      if (pulled !== OUT_OF_SPACE) await keepStudioLogo(db, pb).catch(() => false); // the watermark draws the name until it arrives
      assertDatabaseAccount(db, pb); // the session may have ended while pulling
      let pushed = await unlessFull(() => pushOutbox(db, pb, options.chunkSize));
      assertDatabaseAccount(db, pb);
      const uploadCount = await uploadImages(
        db,
        pb,
        (r) => {
          uploads.set(r.imageId, { imageId: r.imageId, name: r.name, loaded: r.progress.loaded, total: r.progress.total });
          status.set({ uploads: [...uploads.values()] });
        },
        signal,
      );
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
