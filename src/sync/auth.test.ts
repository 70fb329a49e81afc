/**
 * Session refresh against answers the network can really give: a full one, a refusal, no connection, and a
 * 200 whose body is cut off (what a page left mid-request sees). Only the refusal ends the session.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { refreshSession, storedUser } from "./auth";
import { pb } from "./pocketbase";

const owner = { id: "owner0000000001", email: "owner@studio.test", isStudioOwner: true, collectionId: "_pb_users_auth_", collectionName: "users" };

function cutOffResponse(): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"token":"eyJ'));
      controller.error(new TypeError("network error"));
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => pb.authStore.save("old-token", owner));
afterEach(() => {
  vi.unstubAllGlobals();
  pb.authStore.clear();
});

describe("refreshSession", () => {
  it("keeps the new token and record of a full answer", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json(200, { token: "new-token", record: { ...owner, email: "new@studio.test" } })));
    expect(await refreshSession()).toEqual({ kind: "refreshed", user: { id: owner.id, username: "new@studio.test", isStudioOwner: true } });
    expect(pb.authStore.token).toBe("new-token");
  });

  it("keeps the session as it was when the answer's body is cut off", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => cutOffResponse()));
    expect(await refreshSession()).toEqual({ kind: "unreachable" });
    expect(pb.authStore.token).toBe("old-token");
    expect(storedUser()).toMatchObject({ id: owner.id, username: owner.email });
  });

  it("keeps the session when the server cannot be reached", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    expect(await refreshSession()).toEqual({ kind: "unreachable" });
    expect(pb.authStore.token).toBe("old-token");
  });

  it("reports a refusal of the server, which ends the session", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json(401, { status: 401, message: "The request requires valid record authorization token.", data: {} })));
    expect(await refreshSession()).toEqual({ kind: "rejected" });
  });
});

describe("storedUser", () => {
  it("is no one when the device kept a record without a token", () => {
    pb.authStore.save("", owner);
    expect(storedUser()).toBeNull();
  });
});
