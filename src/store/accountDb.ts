/**
 * Which device database the app opens: one per account, so local data belongs to the account that wrote
 * it. Another account signing in on this browser opens its own (empty) database and can neither read, push
 * nor discard the first one's rows and outbox; the first account finds them intact when it signs in again.
 *
 * The account is the session the PocketBase SDK keeps in localStorage (`SESSION_STORAGE_KEY`), read once
 * when the app loads: a sign-in as another account reloads the app, so every module opens that account's
 * database. Nobody signed in: no database (`null`).
 *
 * Invariants a reader could break:
 * - The database of releases before this rule, `studio-gallery`, held one account's data with no owner
 *   recorded. Only a studio owner can write studio data to the server (the collection rules), so it
 *   belongs to the studio owner: the first account with `isStudioOwner` that opens the app claims it, and
 *   the claim is kept (`LEGACY_OWNER_KEY`); no other account ever opens it. A studio owner on a new device
 *   claims the name too (nothing is there), which is harmless: the name is theirs from then on.
 * - Every other account's database is `studio-gallery-<user id>`; PocketBase ids are `[a-z0-9]{15}`.
 */
import { SESSION_STORAGE_KEY } from "../domain/user";

export const LEGACY_DB_NAME = "studio-gallery";
/** localStorage: the user id the legacy database belongs to, once claimed. */
export const LEGACY_OWNER_KEY = "studio-gallery-legacy-owner";

export interface DeviceAccount {
  id: string;
  isStudioOwner: boolean;
}

export interface AccountDb {
  name: string;
  accountId: string;
}

type KeyValueStorage = Pick<Storage, "getItem" | "setItem">;

/** The account of the session kept on this device (token and record, as `sync/auth.ts` keeps them). */
export function storedAccount(storage: KeyValueStorage): DeviceAccount | null {
  try {
    type Record = { id?: unknown; isStudioOwner?: unknown };
    const session = JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? "null") as { token?: unknown; record?: Record; model?: Record } | null;
    const record = session?.record ?? session?.model; // as the SDK reads it (older versions wrote `model`)
    const id = record?.id;
    if (typeof session?.token !== "string" || !session.token || typeof id !== "string" || !id) return null;
    return { id, isStudioOwner: record?.isStudioOwner === true };
  } catch {
    return null;
  }
}

/** The database name of `account`, given who owns the legacy database (`null`: nobody has claimed it). */
export function accountDbName(account: DeviceAccount, legacyOwner: string | null): string {
  if (legacyOwner === account.id || (legacyOwner === null && account.isStudioOwner)) return LEGACY_DB_NAME;
  return `${LEGACY_DB_NAME}-${account.id}`;
}

/** The database of the account signed in on this device, recording the legacy database's claim; `null` when nobody is. */
export function chooseAccountDb(storage: KeyValueStorage): AccountDb | null {
  const account = storedAccount(storage);
  if (!account) return null;
  const legacyOwner = storage.getItem(LEGACY_OWNER_KEY) || null;
  const name = accountDbName(account, legacyOwner);
  if (name === LEGACY_DB_NAME && legacyOwner === null) storage.setItem(LEGACY_OWNER_KEY, account.id);
  return { name, accountId: account.id };
}
