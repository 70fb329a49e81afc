/** The sync engine's status plus the outbox and conflict counts, live from the store (shared and paced: statusQueries.ts). */
import { useSyncExternalStore } from "react";
import { appSync } from "../../sync/appSync";
import { syncCounts } from "./statusQueries";

export function useSyncStatus() {
  const status = useSyncExternalStore(appSync.status.subscribe, appSync.status.get);
  const counts = useSyncExternalStore(syncCounts.subscribe, syncCounts.get);
  return { ...status, ...(counts ?? { pendingChanges: 0, pendingUploads: 0, pendingClips: 0, rejected: 0, conflicts: 0, notOnServer: 0, isReconciling: false }) };
}
