/**
 * Sync runs only as the account its database belongs to: the engine refuses another session before any
 * request, and the sync's own client never takes another account's session from the app's.
 */
import { tracked } from "../store/test-db";
import PocketBase, { BaseAuthStore } from "pocketbase";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StudioDb } from "../store/db";
import { createClient } from "../store/repositories/clients";
import { outboxCount } from "../store/outbox";
import { accountClient, OtherAccountError } from "./accountSession";
import { createSyncEngine } from "./engine";

const OWNER = { id: "owner0000000001", collectionId: "_pb_users_auth_", collectionName: "users", isStudioOwner: true };
const OTHER = { id: "other0000000002", collectionId: "_pb_users_auth_", collectionName: "users", isStudioOwner: false };

function client(): PocketBase {
  return new PocketBase("http://127.0.0.1:9", new BaseAuthStore());
}

afterEach(() => vi.restoreAllMocks());

describe("the sync engine", () => {
  it("refuses to sync the owner's database under another account's session, sending nothing", async () => {
    const ownerDb = tracked(new StudioDb("account-session-owner", { accountId: OWNER.id }));
    await createClient(ownerDb, { name: "Owner's client" });
    const pb = client();
    pb.authStore.save("token-of-other", OTHER);
    const fetchSpy = vi.spyOn(globalThis, "fetch");

    await expect(createSyncEngine(ownerDb, pb).syncOnce()).rejects.toBeInstanceOf(OtherAccountError);
    pb.authStore.clear();
    await expect(createSyncEngine(ownerDb, pb).syncOnce()).rejects.toBeInstanceOf(OtherAccountError);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await outboxCount(ownerDb)).toBe(1);
  });
});

describe("the sync's own client", () => {
  it("carries the owner's session, follows its refreshes, and ignores every other account", () => {
    const app = client();
    app.authStore.save("owner-token-1", OWNER);
    const sync = accountClient(app, OWNER.id);
    expect(sync.authStore.token).toBe("owner-token-1");

    app.authStore.save("owner-token-2", OWNER); // refreshed (here, or in another tab)
    expect(sync.authStore.token).toBe("owner-token-2");

    app.authStore.save("other-token", OTHER); // another account signs in (in another tab)
    expect(sync.authStore.token).toBe("owner-token-2");
    expect(sync.authStore.record?.id).toBe(OWNER.id);

    app.authStore.clear(); // signed out, or the server rejected the session
    expect(sync.authStore.token).toBe("");
    app.authStore.save("other-token", OTHER);
    expect(sync.authStore.token).toBe("");
    app.authStore.save("owner-token-3", OWNER); // the owner signs in again
    expect(sync.authStore.token).toBe("owner-token-3");
  });

  it("has no session while the owner has not signed in", () => {
    const app = client();
    app.authStore.save("other-token", OTHER);
    expect(accountClient(app, OWNER.id).authStore.token).toBe("");
    expect(accountClient(app, null).authStore.token).toBe("");
  });
});
