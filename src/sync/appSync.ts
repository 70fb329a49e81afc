/** The app's sync engine (one per tab, over the app's database and PocketBase client). */
import { db } from "../store/db";
import { createSyncEngine } from "./engine";
import { pb } from "./pocketbase";
import { startSyncScheduler } from "./scheduler";

export const appSync = createSyncEngine(db, pb);

export function startAppSync(): () => void {
  return startSyncScheduler(db, pb, appSync);
}
