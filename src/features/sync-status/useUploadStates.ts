/**
 * Each client's upload state, live: queued (waiting for the network), uploading (a sync is sending), done.
 * The counts are one query for every component that shows them, paced while a sync runs (statusQueries.ts).
 */
import { useCallback, useSyncExternalStore } from "react";
import { appSync } from "../../sync/appSync";
import { uploadCounts } from "./statusQueries";

/** "incomplete": the server lacks some originals and this device has none of them to send. */
export type UploadStateKind = "queued" | "uploading" | "done" | "incomplete" | "empty";

export interface ClientUploadState {
  kind: UploadStateKind;
  /** Photos not yet confirmed by the server. */
  pending: number;
  /** Of those waiting to be sent (queued, uploading), clips: counted apart from photos (issue 38). */
  clips: number;
}

export function useUploadStates(): (clientId: string) => ClientUploadState {
  const status = useSyncExternalStore(appSync.status.subscribe, appSync.status.get);
  const counts = useSyncExternalStore(uploadCounts.subscribe, uploadCounts.get);
  const isSending = status.isOnline && status.isSyncing;
  return useCallback(
    (clientId: string) => {
      const c = counts?.get(clientId);
      if (!c || c.images === 0) return { kind: "empty", pending: 0, clips: 0 };
      if (c.unconfirmed === 0) return { kind: "done", pending: 0, clips: 0 };
      if (c.pending === 0) return { kind: "incomplete", pending: c.unconfirmed, clips: 0 };
      return { kind: isSending ? "uploading" : "queued", pending: c.pending, clips: c.pendingClips };
    },
    [counts, isSending],
  );
}
