/** The sync engine's visible state, as a small observable the UI reads with useSyncExternalStore. */
export interface UploadState {
  imageId: string;
  name: string;
  /** A photo or a clip (issue 38: the status counts them apart). */
  kind: "photo" | "clip";
  loaded: number;
  total: number;
}

export interface SyncStatus {
  isOnline: boolean;
  isSyncing: boolean;
  lastSyncedAt: number | null;
  error: string | null;
  /** Uploads of the current sync, by image id. */
  uploads: UploadState[];
}

export function createStatus(initial: SyncStatus) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(patch: Partial<SyncStatus>) {
      state = { ...state, ...patch };
      for (const l of listeners) l();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type StatusStore = ReturnType<typeof createStatus>;
