/**
 * Runs sync while a studio owner is signed in, asks the browser to keep the data persistently, and after
 * each sync makes the sizes older images lack (media/rebuildSizes.ts) and the full-size JPEGs of photos a
 * gallery had before it asked for JPEG (features/client-gallery/makeJpegs.ts), and fills the offline copy
 * of thumbnails and previews (sync/offlineCache.ts) in the tab that synced.
 */
import { useEffect } from "react";
import { useSession } from "../state/session";
import { appSync, startAppSync } from "../sync/appSync";
import { requestPersistentStorage } from "../sync/localData";
import { createCacheFiller } from "../sync/offlineCache";
import { db } from "../store/db";
import { rebuildMissingSizes } from "../media/rebuildSizes";
import { makeMissingJpegs } from "../media/makeJpegs";

function rebuildAfterSyncs(): () => void {
  const controller = new AbortController();
  let running = false;
  let lastSeen: number | null = null;
  const unsubscribe = appSync.status.subscribe(() => {
    const s = appSync.status.get();
    if (s.isSyncing || !s.lastSyncedAt || s.lastSyncedAt === lastSeen || running) return;
    lastSeen = s.lastSyncedAt;
    running = true;
    void rebuildMissingSizes(controller.signal)
      .catch(() => 0)
      .then(() => makeMissingJpegs(controller.signal))
      .catch(() => 0)
      .finally(() => (running = false));
  });
  return () => {
    controller.abort();
    void unsubscribe();
  };
}

/** After each sync this tab ran (isSyncing went true -> false without an error), fill the offline copy. */
function fillCacheAfterSyncs(): () => void {
  const controller = new AbortController();
  const filler = createCacheFiller(db, controller.signal);
  let wasSyncing = false;
  const unsubscribe = appSync.status.subscribe(() => {
    const s = appSync.status.get();
    if (wasSyncing && !s.isSyncing && !s.error) filler.request();
    wasSyncing = s.isSyncing;
  });
  return () => {
    controller.abort();
    void unsubscribe();
  };
}

export function SyncRunner() {
  // Only once the server has accepted the session (state/session.ts, `isConfirmed`).
  const isOwner = useSession((s) => s.status === "signed-in" && s.user?.isStudioOwner === true && s.isConfirmed);
  useEffect(() => {
    if (!isOwner) return;
    void requestPersistentStorage();
    const stopSync = startAppSync();
    const stopRebuild = rebuildAfterSyncs();
    const stopCache = fillCacheAfterSyncs();
    return () => {
      stopCache();
      stopRebuild();
      stopSync();
    };
  }, [isOwner]);
  return null;
}
