/**
 * Access codes against the real server: one normalisation at the door, codes unique across the studio,
 * codes that two clients shared before uniqueness (flagged by migration, closed on the code-only route),
 * sessions that stay revoked, and device edit times from the future that cannot freeze a field.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

interface Client {
  id: string;
  accessUrl: string;
  accessCode: string;
  codeShared: boolean;
}

async function createClient(fields: Record<string, unknown> = {}) {
  return server.api<Client & { data: Record<string, { code: string; message: string }> }>("POST", "/api/collections/clients/records", {
    token: server.ownerToken,
    json: { name: "Ada Lovelace", ...fields },
  });
}

async function makeClient(fields: Record<string, unknown> = {}): Promise<Client> {
  const r = await createClient(fields);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

function sql(statement: string) {
  execFileSync("sqlite3", [path.join(server.dataDir, "data.db"), statement]);
}

describe("access codes", () => {
  beforeEach(async () => server.restart());

  it("compares codes after one normalisation (case, spaces and dashes do not matter)", async () => {
    const c = await makeClient({ accessCode: "AB12CD" });
    const r = await server.api<{ accessUrl: string }>("POST", "/api/gallery/access", { json: { accessCode: " ab-12 cd " } });
    expect(r.status).toBe(200);
    expect(r.body.accessUrl).toBe(c.accessUrl);
    const v = await server.api("POST", `/api/gallery/${c.accessUrl}/verify`, { json: { accessCode: "ab12cd" } });
    expect(v.status).toBe(200);
  });

  it("refuses a second client whose code equals another's once normalised, naming the field", async () => {
    const first = await makeClient({ accessCode: "ZZ99YY" });
    const second = await createClient({ accessCode: "zz-99 yy" });
    expect(second.status).toBe(400);
    expect(second.body.data.accessCode?.code).toBe("access_code_taken");
    expect(second.body.data.accessCode?.message).toMatch(/another client/i);

    const other = await makeClient({ accessCode: "QQ11WW" });
    const moved = await server.api<{ data: Record<string, { code: string }> }>("PATCH", `/api/collections/clients/records/${other.id}`, {
      token: server.ownerToken,
      json: { accessCode: "zz99yy" },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.data.accessCode?.code).toBe("access_code_taken");
    // The first client keeps its gallery, and saving it again with its own code is fine.
    const again = await server.api("PATCH", `/api/collections/clients/records/${first.id}`, { token: server.ownerToken, json: { accessCode: "ZZ99YY", name: "Ada" } });
    expect(again.status).toBe(200);
  });

  it("flags clients that shared a code before this change; the code alone opens neither, their links still work", async () => {
    const a = await makeClient({ accessCode: "SAME42" });
    const b = await makeClient({ accessCode: "OTHER7" });
    // A database from before uniqueness: two clients with one code, and the migration not yet run.
    await server.crash();
    sql(`UPDATE clients SET accessCode = 'same-42' WHERE id = '${b.id}'; DELETE FROM _migrations WHERE file LIKE '1763770000_%';`);
    await server.start();

    for (const c of [a, b]) {
      const row = await server.api<Client>("GET", `/api/collections/clients/records/${c.id}`, { token: server.ownerToken });
      expect(row.body.codeShared).toBe(true);
    }
    const byCode = await server.api<{ message: string }>("POST", "/api/gallery/access", { json: { accessCode: "SAME42" } });
    expect(byCode.status).toBe(401);
    expect(byCode.body.message).toBe("The access code provided is invalid or expired.");
    for (const c of [a, b]) {
      const byLink = await server.api("POST", `/api/gallery/${c.accessUrl}/verify`, { json: { accessCode: "SAME42" } });
      expect(byLink.status).toBe(200);
    }
    // The owner cannot clear the flag by hand; a new code clears it.
    const cleared = await server.api<Client>("PATCH", `/api/collections/clients/records/${a.id}`, { token: server.ownerToken, json: { codeShared: false } });
    expect(cleared.body.codeShared).toBe(true);
    const renewed = await server.api<Client>("PATCH", `/api/collections/clients/records/${a.id}`, { token: server.ownerToken, json: { accessCode: "FRESH9" } });
    expect(renewed.status).toBe(200);
    expect(renewed.body.codeShared).toBe(false);
    const opened = await server.api<{ accessUrl: string }>("POST", "/api/gallery/access", { json: { accessCode: "fresh9" } });
    expect(opened.body.accessUrl).toBe(a.accessUrl);
    // The other client's code is its own now: its next save clears its flag too.
    const other = await server.api<Client>("PATCH", `/api/collections/clients/records/${b.id}`, { token: server.ownerToken, json: { notes: "told them" } });
    expect(other.body.codeShared).toBe(false);
    const openedB = await server.api<{ accessUrl: string }>("POST", "/api/gallery/access", { json: { accessCode: "SAME42" } });
    expect(openedB.body.accessUrl).toBe(b.accessUrl);
  });
});

async function unlock(c: Client): Promise<string> {
  const r = await server.api("POST", `/api/gallery/${c.accessUrl}/verify`, { json: { accessCode: c.accessCode } });
  expect(r.status).toBe(200);
  return (r.headers.get("set-cookie") ?? "").split(";")[0]!;
}

async function isVerified(c: Client, cookie: string): Promise<boolean> {
  const r = await server.api<{ verified: boolean }>("GET", `/api/gallery/${c.accessUrl}/verify-session`, { cookie });
  return r.status === 200 && r.body.verified;
}

async function patch(id: string, json: Record<string, unknown>) {
  const r = await server.api<Client & { sessionGeneration: number; name: string }>("PATCH", `/api/collections/clients/records/${id}`, { token: server.ownerToken, json });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

describe("revocation", () => {
  beforeEach(async () => server.restart());

  it("keeps a session revoked after the gallery is disabled and enabled again", async () => {
    const c = await makeClient({ accessCode: "REV001" });
    const cookie = await unlock(c);
    expect(await isVerified(c, cookie)).toBe(true);
    await patch(c.id, { enabled: false });
    await patch(c.id, { enabled: true });
    expect(await isVerified(c, cookie)).toBe(false);
    expect(await isVerified(c, await unlock(c))).toBe(true);
  });

  it("keeps a session revoked after the gallery expires and its expiry is lifted", async () => {
    const c = await makeClient({ accessCode: "REV002" });
    const cookie = await unlock(c);
    await patch(c.id, { expirationDate: "2020-01-01 00:00:00.000Z" });
    await patch(c.id, { expirationDate: "" });
    expect(await isVerified(c, cookie)).toBe(false);
  });

  it("keeps a session revoked after the code changes and is switched back", async () => {
    const c = await makeClient({ accessCode: "REV003" });
    const cookie = await unlock(c);
    await patch(c.id, { accessCode: "REV004" });
    await patch(c.id, { accessCode: "REV003" });
    expect(await isVerified(c, cookie)).toBe(false);
  });

  it("lets nobody set the generation back", async () => {
    const c = await makeClient({ accessCode: "REV005" });
    const cookie = await unlock(c);
    const raised = await patch(c.id, { enabled: false });
    expect(raised.sessionGeneration).toBe(1);
    const lowered = await patch(c.id, { enabled: true, sessionGeneration: 0 });
    expect(lowered.sessionGeneration).toBe(1);
    expect(await isVerified(c, cookie)).toBe(false);
  });

  it("treats a device's edit time from the future as now, so a later new code or disable still applies", async () => {
    const c = await makeClient({ accessCode: "CLK001" });
    const inAYear = Date.now() + 365 * 24 * 3600 * 1000;
    const frozen = await patch(c.id, { accessCode: "CLK002", enabled: false, fieldTimes: { accessCode: inAYear, enabled: inAYear } });
    expect(frozen).toMatchObject({ accessCode: "CLK002", enabled: false });
    const later = await patch(c.id, { accessCode: "CLK003", enabled: true });
    expect(later).toMatchObject({ accessCode: "CLK003", enabled: true });
  });
});
