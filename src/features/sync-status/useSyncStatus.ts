/** The sync engine's status plus the outbox and conflict counts, live from the store. */
import { useLiveQuery } from "dexie-react-hooks";
import { useSyncExternalStore } from "react";
import { db } from "../../store/db";
import { RECONCILING_KEY } from "../../store/restoredServer";
import { appSync } from "../../sync/appSync";
import { photosNotOnServer } from "../../store/outbox";
import { isFileEntry } from "../../sync/pushOutbox";

export function useSyncStatus() {
  const status = useSyncExternalStore(appSync.status.subscribe, appSync.status.get);
  const counts = useLiveQuery(async () => {
    const entries = await db.outbox.toArray();
    return {
      pendingChanges: entries.filter((e) => !e.error && !isFileEntry(e)).length,
      pendingUploads: entries.filter((e) => !e.error && isFileEntry(e)).length,
      rejected: entries.filter((e) => e.error).length,
      conflicts: await db.conflicts.where("resolved").equals(0).count(),
      notOnServer: await photosNotOnServer(db),
      isReconciling: (await db.syncState.get(RECONCILING_KEY)) !== undefined,
    };
  }, []);
  return { ...status, ...(counts ?? { pendingChanges: 0, pendingUploads: 0, rejected: 0, conflicts: 0, notOnServer: 0, isReconciling: false }) };
}
