/**
 * The status hooks' queries of the device's store, one of each for every component that shows them, paced
 * while a sync runs (pacedQuery.ts): the upload counts per client, and the header's outbox and conflict counts.
 */
import { db } from "../../store/db";
import { photosNotOnServer, uploadCountsByClient } from "../../store/outbox";
import { RECONCILING_KEY } from "../../store/restoredServer";
import { appSync } from "../../sync/appSync";
import { isFileEntry } from "../../sync/pushOutbox";
import { pacedQuery, type Busy } from "./pacedQuery";

const syncing: Busy = { isBusy: () => appSync.status.get().isSyncing, subscribe: appSync.status.subscribe };

export const uploadCounts = pacedQuery(db, ["images", "outbox"], () => uploadCountsByClient(db), syncing);

export interface SyncCounts {
  pendingChanges: number;
  pendingUploads: number;
  /** Of the uploads, clips (issue 38): the status counts them apart from photos. */
  pendingClips: number;
  rejected: number;
  conflicts: number;
  notOnServer: number;
  isReconciling: boolean;
}

async function syncCountsOf(): Promise<SyncCounts> {
  const entries = await db.outbox.toArray();
  return {
    pendingChanges: entries.filter((e) => !e.error && !isFileEntry(e)).length,
    pendingUploads: entries.filter((e) => !e.error && isFileEntry(e)).length,
    pendingClips: entries.filter((e) => !e.error && isFileEntry(e) && e.fields.kind === "video").length,
    rejected: entries.filter((e) => e.error).length,
    conflicts: await db.conflicts.where("resolved").equals(0).count(),
    notOnServer: await photosNotOnServer(db, entries),
    isReconciling: (await db.syncState.get(RECONCILING_KEY)) !== undefined,
  };
}

// A restore being reconciled (syncState) and a new conflict show at once: states, not counts moving with each photo.
export const syncCounts = pacedQuery(db, ["outbox", "conflicts", "images", "syncState"], syncCountsOf, syncing, ["syncState", "conflicts"]);
