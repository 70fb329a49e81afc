/** The sync engine's status plus the outbox and conflict counts, live from the store. */
import { useLiveQuery } from "dexie-react-hooks";
import { useSyncExternalStore } from "react";
import { db } from "../../store/db";
import { appSync } from "../../sync/appSync";

export function useSyncStatus() {
  const status = useSyncExternalStore(appSync.status.subscribe, appSync.status.get);
  const counts = useLiveQuery(async () => {
    const entries = await db.outbox.toArray();
    return {
      pendingChanges: entries.filter((e) => !e.error && !(e.collection === "images" && e.op === "create")).length,
      pendingUploads: entries.filter((e) => !e.error && e.collection === "images" && e.op === "create").length,
      rejected: entries.filter((e) => e.error).length,
      conflicts: await db.conflicts.where("resolved").equals(0).count(),
    };
  }, []);
  return { ...status, ...(counts ?? { pendingChanges: 0, pendingUploads: 0, rejected: 0, conflicts: 0 }) };
}
