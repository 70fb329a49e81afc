/**
 * The device's copy of the studio's data: how much is not on the server yet, and wiping it (only when the
 * owner signs out and agrees to lose what has not been synced).
 */
import type { StudioDb } from "../store/db";

export async function unsyncedChangeCount(db: StudioDb): Promise<number> {
  return db.outbox.count();
}

export async function wipeLocalData(db: StudioDb): Promise<void> {
  await db.transaction("rw", [db.clients, db.images, db.imageBlobs, db.settings, db.outbox, db.conflicts, db.syncState], async () => {
    await Promise.all([db.clients.clear(), db.images.clear(), db.imageBlobs.clear(), db.settings.clear(), db.outbox.clear(), db.conflicts.clear(), db.syncState.clear()]);
  });
}

/** Asks the browser to keep this origin's data under storage pressure; false when it declines. */
export async function requestPersistentStorage(): Promise<boolean> {
  if (!navigator.storage?.persist) return false;
  return (await navigator.storage.persisted()) || navigator.storage.persist();
}
