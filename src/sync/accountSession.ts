/**
 * Sync only ever runs as the account its database belongs to (`store/accountDb.ts`).
 *
 * The app's PocketBase client reads its session from localStorage at every request, and another tab
 * signing in changes that at once. A request made with another account's token would be refused, and a
 * refusal can park or discard outbox entries (pushOutbox.ts drops a change the server answers 404). So
 * the engine gets a client of its own (`accountClient`) that holds the database owner's session only:
 * it follows the app's client while that is signed in as the owner (sign-in, token refresh) and when it
 * signs out, and ignores every other account; and the engine checks before each of its phases that it
 * holds that session (`assertDatabaseAccount`), so a sync under way stops when the session ends.
 */
import PocketBase, { BaseAuthStore, type RecordModel } from "pocketbase";
import type { StudioDb } from "../store/db";
import { SYNC_TEXTS } from "./texts";

export class OtherAccountError extends Error {
  constructor() {
    super(SYNC_TEXTS.otherAccount);
    this.name = "OtherAccountError";
  }
}

/** The signed-in account's id on `pb`, or null: a session without a token is no session. */
export function signedInId(pb: PocketBase): string | null {
  return (pb.authStore.token && pb.authStore.record?.id) || null;
}

/** Throws unless `pb` is signed in as the account `db` belongs to (databases of tests and tools belong to anyone). */
export function assertDatabaseAccount(db: StudioDb, pb: PocketBase): void {
  if (db.accountId !== null && signedInId(pb) !== db.accountId) throw new OtherAccountError();
}

/** A client that carries `accountId`'s session from `app`, and never another account's. */
export function accountClient(app: PocketBase, accountId: string | null): PocketBase {
  const client = new PocketBase(app.baseURL, new BaseAuthStore());
  client.autoCancellation(false);
  const follow = (token: string, record: RecordModel | null) => {
    if (!token) client.authStore.clear(); // signed out (or rejected): nothing more is sent as the owner
    else if (accountId !== null && record?.id === accountId) client.authStore.save(token, record);
  };
  follow(app.authStore.token, app.authStore.record);
  app.authStore.onChange(follow);
  return client;
}
