/**
 * One sync, as its phases: measure the clock, pull (so conflicts are decided against the newest server
 * state), push record changes, upload image files. Sequential by design: nothing else writes sync data
 * while a sync runs, and only one tab runs syncs (scheduler.ts).
 */
import { liveQuery } from "dexie";
import type PocketBase from "pocketbase";
import type { StudioDb } from "../store/db";
import { serverErrorMessage } from "./auth";
import { loadClockOffset, measureClockOffset } from "./clock";
import { pullChanges } from "./pullChanges";
import { pushOutbox } from "./pushOutbox";
import { reconcileIfRestored } from "./restoredServer";
import { keepStudioLogo } from "./studioLogo";
import { createStatus, type UploadState } from "./status";
import { uploadImages } from "./uploadImages";

export const LAST_SYNCED_KEY = "lastSyncedAt";

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
  void loadClockOffset(db);
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
      await reconcileIfRestored(db, pb, await measureClockOffset(db, pb)); // a restored server: give back what it lost
      const pulled = await pullChanges(db, pb);
      await keepStudioLogo(db, pb).catch(() => false); // the watermark draws the name until it arrives
      const pushed = await pushOutbox(db, pb, options.chunkSize);
      const uploadCount = await uploadImages(
        db,
        pb,
        (r) => {
          uploads.set(r.imageId, { imageId: r.imageId, name: r.name, loaded: r.progress.loaded, total: r.progress.total });
          status.set({ uploads: [...uploads.values()] });
        },
        signal,
      );
      const lastSyncedAt = Date.now();
      await db.syncState.put({ key: LAST_SYNCED_KEY, value: lastSyncedAt });
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
