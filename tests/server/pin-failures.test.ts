/**
 * The owner sees wrong download PINs beside wrong codes (issue 24): each gallery's `access_failures` row
 * counts wrong codes on its link and wrong PINs apart, with the last time of each; only the owner reads it,
 * and the owner's reset (the row's delete) clears both, and lifts the PIN's puzzle with them (issue 37: the
 * owner decides; docs/SECURITY.md).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryHelpers } from "./gallery-fixture";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const r = await server.api("PATCH", "/api/settings", { token: server.superToken, json: { trustedProxy: { headers: ["X-Forwarded-For"], useLeftmostIP: true } } });
  expect(r.status).toBe(200);
});
afterAll(async () => server?.stop());

const { makeClient, unlock } = galleryHelpers(() => server, "Dora Maar");

async function attempt(path: string, body: unknown, address: string, cookie = "") {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

interface FailuresRow {
  id: string;
  client: string;
  failures: number;
  lastFailureAt: string;
  pinFailures: number;
  lastPinFailureAt: string;
}

async function failuresOf(clientId: string, token?: string) {
  const r = await server.api<{ items?: FailuresRow[] }>("GET", `/api/collections/access_failures/records?filter=${encodeURIComponent(`client='${clientId}'`)}`, token ? { token } : {});
  return r.body.items ?? [];
}

describe("failed PIN attempts for the owner", () => {
  it("counts wrong PINs apart from wrong codes, shows them only to the owner, and resets both", async () => {
    const c = await makeClient({ accessCode: "DORA42", downloadPin: "4821" });
    const cookie = await unlock(c);
    for (const [i, code] of ["DORA00", "DORA01"].entries()) expect(await attempt(`/api/gallery/${c.accessUrl}/verify`, { accessCode: code }, `10.31.0.${i + 1}`)).toBe(401);
    for (const [i, pin] of ["0000", "1111", "2222"].entries()) expect(await attempt(`/api/gallery/${c.accessUrl}/download-pin`, { pin }, `10.31.1.${i + 1}`, cookie)).toBe(401);
    // A right PIN and a right code are no failures.
    expect(await attempt(`/api/gallery/${c.accessUrl}/download-pin`, { pin: "4821" }, "10.31.2.1", cookie)).toBe(200);
    expect(await attempt(`/api/gallery/${c.accessUrl}/verify`, { accessCode: "DORA42" }, "10.31.2.1")).toBe(200);

    const [row] = await failuresOf(c.id, server.ownerToken);
    expect(row).toMatchObject({ client: c.id, failures: 2, pinFailures: 3 });
    expect(row!.lastFailureAt).not.toBe("");
    expect(row!.lastPinFailureAt).not.toBe("");
    expect(await failuresOf(c.id)).toHaveLength(0);

    expect((await server.api("DELETE", `/api/collections/access_failures/records/${row!.id}`)).status).not.toBe(204);
    expect((await server.api("DELETE", `/api/collections/access_failures/records/${row!.id}`, { token: server.ownerToken })).status).toBe(204);
    expect(await failuresOf(c.id, server.ownerToken)).toHaveLength(0);

    // Counting starts again from nothing, PINs alone.
    expect(await attempt(`/api/gallery/${c.accessUrl}/download-pin`, { pin: "3333" }, "10.31.3.1", cookie)).toBe(401);
    expect(await failuresOf(c.id, server.ownerToken)).toMatchObject([{ failures: 0, lastFailureAt: "", pinFailures: 1 }]);
  });

  it("lifts the PIN's puzzle with the owner's reset, for this gallery only", async () => {
    const c = await makeClient({ accessCode: "DORA77", downloadPin: "4821" });
    const other = await makeClient({ accessCode: "DORA88", downloadPin: "4821" });
    const cookie = await unlock(c);
    const otherCookie = await unlock(other);
    for (let i = 0; i < 5; i++) expect(await attempt(`/api/gallery/${c.accessUrl}/download-pin`, { pin: `100${i}` }, `10.32.0.${i + 1}`, cookie)).toBe(401);
    for (let i = 0; i < 5; i++) expect(await attempt(`/api/gallery/${other.accessUrl}/download-pin`, { pin: `100${i}` }, `10.32.2.${i + 1}`, otherCookie)).toBe(401);
    expect(await attempt(`/api/gallery/${c.accessUrl}/download-pin`, { pin: "2000" }, "10.32.1.1", cookie)).toBe(428);
    const [row] = await failuresOf(c.id, server.ownerToken);
    expect(row!.pinFailures).toBe(5);
    expect((await server.api("DELETE", `/api/collections/access_failures/records/${row!.id}`, { token: server.ownerToken })).status).toBe(204);
    // The right PIN now gets in without a puzzle, and a wrong one is a plain wrong PIN again.
    expect(await attempt(`/api/gallery/${c.accessUrl}/download-pin`, { pin: "4821" }, "10.32.1.2", cookie)).toBe(200);
    expect(await attempt(`/api/gallery/${c.accessUrl}/download-pin`, { pin: "2000" }, "10.32.1.3", cookie)).toBe(401);
    // The other gallery's PIN, not reset, still asks its puzzle.
    expect(await attempt(`/api/gallery/${other.accessUrl}/download-pin`, { pin: "2000" }, "10.32.2.9", otherCookie)).toBe(428);
  });
});
