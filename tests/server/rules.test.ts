/**
 * API rules against the real server: only a studio owner touches studio data, nobody promotes
 * themselves, registration is off unless enabled, client defaults, and tombstones on every delete.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodePng } from "../../scripts/lib/png.mjs";
import { createVisitorUser, startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let visitor: { id: string; token: string };

beforeAll(async () => {
  server = await startTestServer();
  visitor = await createVisitorUser(server);
});
afterAll(async () => server?.stop());

async function ownerCreatesClient(fields: Record<string, unknown> = {}) {
  const r = await server.api<{ id: string; accessUrl: string; accessCode: string; [field: string]: unknown }>("POST", "/api/collections/clients/records", {
    token: server.ownerToken,
    json: { name: "Ada Client", ...fields },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

function pngFile(name: string) {
  return new File([encodePng(8, 6, (x, y) => [x * 30, y * 40, 120, 255])], name, { type: "image/png" });
}

describe("a signed-in user who is not the studio owner", () => {
  it("sees no clients, images, settings or tombstones", async () => {
    const client = await ownerCreatesClient();
    for (const collection of ["clients", "images", "settings", "tombstones"]) {
      const asOwner = await server.api<{ totalItems: number }>("GET", `/api/collections/${collection}/records`, { token: server.ownerToken });
      expect(asOwner.status).toBe(200);
      const asVisitor = await server.api<{ totalItems: number; items: unknown[] }>("GET", `/api/collections/${collection}/records`, { token: visitor.token });
      expect(asVisitor.status).toBe(200);
      expect(asVisitor.body.items).toEqual([]);
    }
    expect((await server.api("GET", `/api/collections/clients/records/${client.id}`, { token: visitor.token })).status).toBe(404);
  });

  it("cannot create, change or delete studio data", async () => {
    const client = await ownerCreatesClient();
    const create = await server.api("POST", "/api/collections/clients/records", { token: visitor.token, json: { name: "Intruder" } });
    expect([400, 403]).toContain(create.status);
    const update = await server.api("PATCH", `/api/collections/clients/records/${client.id}`, { token: visitor.token, json: { name: "Changed" } });
    expect(update.status).toBe(404);
    const del = await server.api("DELETE", `/api/collections/clients/records/${client.id}`, { token: visitor.token });
    expect(del.status).toBe(404);
    const after = await server.api<{ name: string }>("GET", `/api/collections/clients/records/${client.id}`, { token: server.ownerToken });
    expect(after.body.name).toBe("Ada Client");
  });

  it("cannot make itself a studio owner", async () => {
    const promote = await server.api("PATCH", `/api/collections/users/records/${visitor.id}`, {
      token: visitor.token,
      json: { isStudioOwner: true, name: "Sneaky" },
    });
    expect(promote.status).toBeGreaterThanOrEqual(400);
    const record = await server.api<{ isStudioOwner: boolean }>("GET", `/api/collections/users/records/${visitor.id}`, { token: server.superToken });
    expect(record.body.isStudioOwner).toBe(false);
    // Still no access to studio data afterwards.
    const list = await server.api<{ items: unknown[] }>("GET", "/api/collections/clients/records", { token: visitor.token });
    expect(list.body.items).toEqual([]);
  });

  it("can still change its own harmless fields", async () => {
    const rename = await server.api<{ name: string; isStudioOwner: boolean }>("PATCH", `/api/collections/users/records/${visitor.id}`, {
      token: visitor.token,
      json: { name: "Vera" },
    });
    expect(rename.status).toBe(200);
    expect(rename.body).toMatchObject({ name: "Vera", isStudioOwner: false });
  });
});

describe("registration", () => {
  it("is refused while ALLOW_REGISTRATION is not true", async () => {
    const r = await server.api("POST", "/api/collections/users/records", {
      json: { email: "new@studio.test", password: "new-pass-1", passwordConfirm: "new-pass-1" },
    });
    expect(r.status).toBe(403);
  });

  it("creates non-owner users only when enabled", async () => {
    const open = await startTestServer({ ALLOW_REGISTRATION: "true" });
    try {
      const plain = await open.api<{ id: string; isStudioOwner: boolean }>("POST", "/api/collections/users/records", {
        json: { email: "new@studio.test", password: "new-pass-1", passwordConfirm: "new-pass-1" },
      });
      expect(plain.status).toBe(200);
      expect(plain.body.isStudioOwner).toBe(false);
      const owner = await open.api("POST", "/api/collections/users/records", {
        json: { email: "boss@studio.test", password: "new-pass-1", passwordConfirm: "new-pass-1", isStudioOwner: true },
      });
      expect(owner.status).toBe(400);
      const found = await open.api<{ items: Array<{ isStudioOwner: boolean }> }>("GET", "/api/collections/users/records?filter=(email='boss@studio.test')", {
        token: open.superToken,
      });
      expect(found.body.items).toEqual([]);
    } finally {
      await open.stop();
    }
  });
});

describe("client defaults", () => {
  it("generates a 10-character lowercase access url and a 6-character uppercase code", async () => {
    const c = await ownerCreatesClient({ accessUrl: "", accessCode: "" });
    expect(c.accessUrl).toMatch(/^[a-z0-9]{10}$/);
    expect(c.accessCode).toMatch(/^[A-Z0-9]{6}$/);
  });

  it("defaults enabled to true, eventType to Wedding, and links the owner", async () => {
    const c = await ownerCreatesClient();
    expect(c).toMatchObject({ enabled: true, eventType: "Wedding", owner: server.ownerId });
    const off = await ownerCreatesClient({ enabled: false, eventType: "Portrait" });
    expect(off).toMatchObject({ enabled: false, eventType: "Portrait" });
  });

  it("keeps given values, refuses a taken or reserved access url", async () => {
    const c = await ownerCreatesClient({ accessUrl: "smith-wedding", accessCode: "LOVE24" });
    expect(c).toMatchObject({ accessUrl: "smith-wedding", accessCode: "LOVE24" });
    const dup = await server.api("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "Twin", accessUrl: "smith-wedding" } });
    expect(dup.status).toBe(400);
    const reserved = await server.api("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "X", accessUrl: "image" } });
    expect(reserved.status).toBe(400);
  });

  it("accepts a record id made on the device", async () => {
    const c = await ownerCreatesClient({ id: "abcdefghij12345" });
    expect(c.id).toBe("abcdefghij12345");
  });
});

describe("tombstones", () => {
  it("are written for a deleted image, and for a client and its cascaded images", async () => {
    const client = await ownerCreatesClient();
    const imageIds: string[] = [];
    for (const name of ["a.png", "b.png"]) {
      const form = new FormData();
      form.set("client", client.id);
      form.set("originalName", name);
      form.set("original", pngFile(name));
      const img = await server.api<{ id: string }>("POST", "/api/collections/images/records", { token: server.ownerToken, form });
      expect(img.status, JSON.stringify(img.body)).toBe(200);
      imageIds.push(img.body.id);
    }
    expect((await server.api("DELETE", `/api/collections/images/records/${imageIds[0]}`, { token: server.ownerToken })).status).toBe(204);
    expect((await server.api("DELETE", `/api/collections/clients/records/${client.id}`, { token: server.ownerToken })).status).toBe(204);

    const stones = await server.api<{ items: Array<{ recordCollection: string; recordId: string; client: string }> }>(
      "GET",
      `/api/collections/tombstones/records?perPage=100&filter=(client='${client.id}')`,
      { token: server.ownerToken },
    );
    const seen = stones.body.items.map((t) => `${t.recordCollection}:${t.recordId}`).sort();
    expect(seen).toEqual([`clients:${client.id}`, `images:${imageIds[0]}`, `images:${imageIds[1]}`].sort());
    const left = await server.api<{ items: unknown[] }>("GET", `/api/collections/images/records?filter=(client='${client.id}')`, { token: server.ownerToken });
    expect(left.body.items).toEqual([]);
  });
});

describe("zip imports", () => {
  it("leave no zip_files collection: the archive stays on the device and its photos are images", async () => {
    const res = await server.api("GET", "/api/collections/zip_files/records", { token: server.ownerToken });
    expect(res.status).toBe(404);
  });
});
