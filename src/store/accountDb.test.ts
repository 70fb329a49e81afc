/**
 * One account, one local store: which device database each account opens, and that another account's
 * database holds none of the first one's rows or queue.
 */
// First: it installs fake-indexeddb, which Dexie must find when it loads.
import { tracked } from "./test-db";
import { describe, expect, it } from "vitest";
import { SESSION_STORAGE_KEY } from "../domain/user";
import { accountDbName, chooseAccountDb, LEGACY_DB_NAME, LEGACY_OWNER_KEY, storedAccount } from "./accountDb";
import { StudioDb } from "./db";
import { outboxCount } from "./outbox";
import { createClient } from "./repositories/clients";

const OWNER = { id: "owner0000000001", isStudioOwner: true };
const OTHER = { id: "other0000000002", isStudioOwner: false };
const SECOND_OWNER = { id: "boss00000000003", isStudioOwner: true };

/** localStorage as the PocketBase SDK leaves it after a sign-in (`{ token, record }`). */
function deviceStorage(session?: { id: string; isStudioOwner: boolean }) {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    signIn: (account: { id: string; isStudioOwner: boolean }) => storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: `token-of-${account.id}`, record: { ...account, email: `${account.id}@studio.test` } })),
    signOut: () => void items.delete(SESSION_STORAGE_KEY),
  };
  if (session) storage.signIn(session);
  return storage;
}

describe("which database an account opens", () => {
  it("opens none while nobody is signed in, and claims nothing", () => {
    const storage = deviceStorage();
    expect(chooseAccountDb(storage)).toBeNull();
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: "", record: OWNER })); // a session without a token is none
    expect(chooseAccountDb(storage)).toBeNull();
    storage.setItem(SESSION_STORAGE_KEY, "{not json");
    expect(chooseAccountDb(storage)).toBeNull();
    expect(storage.getItem(LEGACY_OWNER_KEY)).toBeNull();
  });

  it("gives the database of earlier releases to the studio owner, for good, and every other account its own", () => {
    const storage = deviceStorage(OWNER);
    expect(chooseAccountDb(storage)).toEqual({ name: LEGACY_DB_NAME, accountId: OWNER.id });
    expect(storage.getItem(LEGACY_OWNER_KEY)).toBe(OWNER.id);

    storage.signIn(OTHER);
    expect(chooseAccountDb(storage)).toEqual({ name: `studio-gallery-${OTHER.id}`, accountId: OTHER.id });
    storage.signIn(SECOND_OWNER); // another studio owner: the claim is the first one's
    expect(chooseAccountDb(storage)).toEqual({ name: `studio-gallery-${SECOND_OWNER.id}`, accountId: SECOND_OWNER.id });
    storage.signIn(OWNER);
    expect(chooseAccountDb(storage)?.name).toBe(LEGACY_DB_NAME);
  });

  it("keeps the old database unclaimed while an account that is not the studio owner signs in first", () => {
    const storage = deviceStorage(OTHER);
    expect(chooseAccountDb(storage)?.name).toBe(`studio-gallery-${OTHER.id}`);
    expect(storage.getItem(LEGACY_OWNER_KEY)).toBeNull();
    storage.signOut();
    expect(chooseAccountDb(storage)).toBeNull();
    storage.signIn(OWNER);
    expect(chooseAccountDb(storage)?.name).toBe(LEGACY_DB_NAME);
  });

  it("names databases by account only", () => {
    expect(accountDbName(OTHER, null)).toBe(`studio-gallery-${OTHER.id}`);
    expect(accountDbName(OTHER, OWNER.id)).toBe(`studio-gallery-${OTHER.id}`);
    expect(accountDbName(OWNER, OTHER.id)).toBe(`studio-gallery-${OWNER.id}`);
    expect(storedAccount(deviceStorage(OTHER))).toEqual(OTHER);
  });
});

describe("another account on the same browser", () => {
  it("finds none of the owner's rows or queue, and the owner finds both intact afterwards", async () => {
    const storage = deviceStorage(OWNER);
    const open = () => {
      const chosen = chooseAccountDb(storage)!;
      // Names of their own: fake-indexeddb is shared by the files of this run.
      return new StudioDb(`accountDb-test-${chosen.name}`, { accountId: chosen.accountId });
    };
    const ownerDb = open();
    await createClient(ownerDb, { name: "Owner's client", email: "ada@example.com" });
    ownerDb.close();

    storage.signOut(); // the server rejected the owner's session: signed out, nothing wiped
    storage.signIn(OTHER);
    const otherDb = tracked(open());
    expect(otherDb.accountId).toBe(OTHER.id);
    expect(await otherDb.clients.count()).toBe(0);
    expect(await outboxCount(otherDb)).toBe(0);
    otherDb.close();

    storage.signIn(OWNER);
    const again = tracked(open());
    expect(again.accountId).toBe(OWNER.id);
    expect((await again.clients.toArray()).map((c) => c.name)).toEqual(["Owner's client"]);
    expect(await outboxCount(again)).toBe(1);
  });
});
