/**
 * The app's sync engine (one per tab, over the app's database), with a PocketBase client that carries only
 * the session of the account the database belongs to (accountSession.ts).
 */
import { db } from "../store/db";
import { accountClient } from "./accountSession";
import { createSyncEngine } from "./engine";
import { pb } from "./pocketbase";
import { startSyncScheduler } from "./scheduler";

const syncClient = accountClient(pb, db.accountId);

export const appSync = createSyncEngine(db, syncClient);

export function startAppSync(): () => void {
  return startSyncScheduler(db, syncClient, appSync);
}
