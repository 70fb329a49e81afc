/**
 * The code-only page (`POST /api/gallery/access`) in the owner's hands (issue 37): an expired gallery's code
 * answers there exactly like a wrong code and spends its ticket (no free harvest of expired codes); the owner
 * sees the page's pressure (the recent wrong codes, the puzzle they ask, its seconds on a phone), resets it,
 * and can turn the page off, after which only gallery links open galleries. Nobody else may read or change
 * any of it. Addresses come from X-Forwarded-For, which the test makes PocketBase trust.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryHelpers } from "./gallery-fixture";
import { createVisitorUser, resetAccessGuards, startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const r = await server.api("PATCH", "/api/settings", { token: server.superToken, json: { trustedProxy: { headers: ["X-Forwarded-For"], useLeftmostIP: true } } });
  expect(r.status).toBe(200);
});
afterAll(async () => server?.stop());

const { makeClient, unlock } = galleryHelpers(() => server, "Imogen Cunningham");

async function codeOnly(accessCode: string, address: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api/gallery/access`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address, ...headers },
    body: JSON.stringify({ accessCode }),
  });
  return { status: res.status, body: (await res.json()) as { status: number; message: string; data?: Record<string, unknown> } };
}

interface PagePressure {
  on: boolean;
  pressure: number;
  free: number;
  bits: number;
  phoneSeconds: number;
}

const PATH = "/api/owner/code-only-page";

describe("an expired gallery's code on the code-only page", () => {
  it("answers exactly like a wrong code and spends the ticket; the gallery's own link still says it expired", async () => {
    await resetAccessGuards(server);
    const expired = await makeClient({ accessCode: "OLDIE7", expirationDate: "2020-01-01 00:00:00.000Z" });
    const wrong = await codeOnly("NOSUCH", "10.41.0.1");
    const answer = await codeOnly("OLDIE7", "10.41.0.2");
    expect(wrong.status).toBe(401);
    expect(answer).toEqual(wrong);
    // From one address: five expired codes are five failures, so the sixth attempt must wait.
    for (let i = 0; i < 4; i++) expect((await codeOnly("OLDIE7", "10.41.0.2")).status).toBe(401);
    expect((await codeOnly("OLDIE7", "10.41.0.2")).status).toBe(429);
    // The link, where the visitor already knows the gallery, keeps its "expired" page.
    const link = await server.api("POST", `/api/gallery/${expired.accessUrl}/verify`, { json: { accessCode: "OLDIE7" } });
    expect(link.status).toBe(410);
  });
});

describe("the code-only page's pressure for the owner", () => {
  it("shows the owner the recent wrong codes and the puzzle they ask, and resets them", async () => {
    await resetAccessGuards(server);
    const c = await makeClient({ accessCode: "IMOG42" });
    const calm = await server.api<PagePressure>("GET", PATH, { token: server.ownerToken });
    expect(calm.status).toBe(200);
    expect(calm.body).toMatchObject({ on: true, pressure: 0, free: 8, bits: 0, phoneSeconds: 0 });
    for (let i = 0; i < 9; i++) expect((await codeOnly(`WRONG${i}`, `10.42.0.${i + 1}`)).status).toBe(i < 8 ? 401 : 428);
    const pressed = await server.api<PagePressure>("GET", PATH, { token: server.ownerToken });
    expect(pressed.body).toMatchObject({ on: true, free: 8, bits: 16 });
    expect(pressed.body.pressure).toBeCloseTo(8, 2);
    // 2^16 tries at the phone's 50,000 a second (docs/SECURITY.md): about a second and a half.
    expect(pressed.body.phoneSeconds).toBeCloseTo(65536 / 50000, 1);

    const reset = await server.api<PagePressure>("POST", PATH, { token: server.ownerToken, json: { reset: true } });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ on: true, pressure: 0, bits: 0 });
    expect((await codeOnly("IMOG42", "10.42.1.1")).status).toBe(200);
    expect((await codeOnly("WRONGX", "10.42.1.2")).status).toBe(401);
    expect(c.accessUrl).toBeTruthy();
  });

  it("turns the page off for every visitor while gallery links still open, and on again", async () => {
    await resetAccessGuards(server);
    const c = await makeClient({ accessCode: "SWITCH" });
    const off = await server.api<PagePressure>("POST", PATH, { token: server.ownerToken, json: { on: false } });
    expect(off.status).toBe(200);
    expect(off.body.on).toBe(false);
    const refused = await codeOnly("SWITCH", "10.43.0.1");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/link/i);
    // No ticket was taken: the address has all its free attempts left on the link.
    const link = await fetch(`${server.url}/api/gallery/${c.accessUrl}/verify`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.43.0.1" },
      body: JSON.stringify({ accessCode: "SWITCH" }),
    });
    expect(link.status).toBe(200);
    expect((await server.api<PagePressure>("GET", PATH, { token: server.ownerToken })).body).toMatchObject({ on: false, pressure: 0 });

    expect((await server.api<PagePressure>("POST", PATH, { token: server.ownerToken, json: { on: true } })).body.on).toBe(true);
    const back = await codeOnly("SWITCH", "10.43.0.2");
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ accessUrl: c.accessUrl });
  });

  it("lets nobody but the owner read, reset or switch it", async () => {
    await resetAccessGuards(server);
    const c = await makeClient({ accessCode: "GUARD7" });
    for (let i = 0; i < 8; i++) expect((await codeOnly(`NOPE0${i}`, `10.44.0.${i + 1}`)).status).toBe(401);
    const visitor = await createVisitorUser(server, "someone@studio.test");
    const gallerySession = await unlock(c);
    const strangers: Array<{ token?: string; cookie?: string }> = [{}, { token: visitor.token }, { cookie: gallerySession }];
    for (const who of strangers) {
      expect((await server.api("GET", PATH, who)).status).toBeGreaterThanOrEqual(401);
      expect((await server.api("POST", PATH, { ...who, json: { reset: true } })).status).toBeGreaterThanOrEqual(401);
      expect((await server.api("POST", PATH, { ...who, json: { on: false } })).status).toBeGreaterThanOrEqual(401);
    }
    // Still pressed and still on: the next wrong code asks its puzzle, the owner sees the page on.
    expect((await codeOnly("NOPE09", "10.44.1.1")).status).toBe(428);
    const seen = await server.api<PagePressure>("GET", PATH, { token: server.ownerToken });
    expect(seen.body).toMatchObject({ on: true, bits: 16 });
  });
});
