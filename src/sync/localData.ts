/**
 * The device's copy of the studio's data: how much is not on the server yet, and wiping it (only when the
 * owner signs out and agrees to lose what has not been synced).
 */
import type { StudioDb } from "../store/db";
import { outboxCount } from "../store/outbox";
import { wipeDevice } from "../store/wipe";

export async function unsyncedChangeCount(db: StudioDb): Promise<number> {
  return outboxCount(db);
}

export async function wipeLocalData(db: StudioDb): Promise<void> {
  await wipeDevice(db);
}

/** Asks the browser to keep this origin's data under storage pressure; false when it declines. */
export async function requestPersistentStorage(): Promise<boolean> {
  if (!navigator.storage?.persist) return false;
  return (await navigator.storage.persisted()) || navigator.storage.persist();
}
