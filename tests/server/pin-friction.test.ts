/**
 * The download PIN against many addresses (issue 24): one gallery's PIN has its own budget with growing
 * friction (a proof of work past 5 recent failures), so 1,000 addresses cannot walk its 10^4 values; the
 * right PIN still gets in with the puzzle solved. A PIN change raises the session generation, so a PIN
 * changed and changed back revives no old PIN proof. Issue 37: the pressure belongs to the PIN, so a new PIN
 * starts clean, and the puzzle stops growing at 2^20 tries (however many wrong PINs were paid for). Addresses
 * come from X-Forwarded-For, which the test makes PocketBase trust.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryHelpers } from "./gallery-fixture";
import { solve, type Challenge, type Solution } from "./solve-pow";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const r = await server.api("PATCH", "/api/settings", { token: server.superToken, json: { trustedProxy: { headers: ["X-Forwarded-For"], useLeftmostIP: true } } });
  expect(r.status).toBe(200);
});
afterAll(async () => server?.stop());

const { makeClient, unlock } = galleryHelpers(() => server, "Lee Miller");

async function tryPin(accessUrl: string, cookie: string, pin: string, address: string, pow?: Solution) {
  const res = await fetch(`${server.url}/api/gallery/${accessUrl}/download-pin`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address, Cookie: cookie },
    body: JSON.stringify({ pin, pow }),
  });
  const body = (await res.json()) as { message: string; data?: unknown };
  return { status: res.status, body, setCookie: res.headers.get("set-cookie") };
}

describe("download PIN friction", () => {
  it("asks a growing proof of work of 100 addresses after the gallery's 5 free PIN failures; the right PIN with it gets in", async () => {
    const c = await makeClient({ downloadPin: "4821" });
    const cookie = await unlock(c);
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => tryPin(c.accessUrl, cookie, String(1000 + i), `10.20.0.${i + 1}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 428)).toHaveLength(95);
    // Another gallery's PIN is not slowed by this one's attack.
    const other = await makeClient({ downloadPin: "1234" });
    expect((await tryPin(other.accessUrl, await unlock(other), "1234", "10.20.1.1")).status).toBe(200);

    const asked = await tryPin(c.accessUrl, cookie, "4821", "10.20.2.1");
    expect(asked.status).toBe(428);
    const challenge = asked.body.data as Challenge;
    expect(challenge.bits).toBe(16);
    const right = await tryPin(c.accessUrl, cookie, "4821", "10.20.2.1", solve(challenge));
    expect(right.status).toBe(200);
  });

  it("voids old PIN proofs when the PIN changes, even when it is changed back", async () => {
    const c = await makeClient({ downloadPin: "1111" });
    const cookie = await unlock(c);
    const proof = await tryPin(c.accessUrl, cookie, "1111", "10.21.0.1");
    expect(proof.status).toBe(200);
    const pinCookie = proof.setCookie!.split(";")[0]!;
    for (const downloadPin of ["2222", "1111"]) {
      const r = await server.api("PATCH", `/api/collections/clients/records/${c.id}`, { token: server.ownerToken, json: { downloadPin } });
      expect(r.status).toBe(200);
    }
    const fresh = await unlock(c);
    const r = await server.api<{ delivery: { pinVerified: boolean } }>("GET", `/api/gallery/${c.accessUrl}`, { cookie: `${fresh}; ${pinCookie}` });
    expect(r.body.delivery.pinVerified).toBe(false);
  });

  it("starts a new PIN clean: the old PIN's wrong guesses ask no puzzle of it", async () => {
    const c = await makeClient({ downloadPin: "4821" });
    let cookie = await unlock(c);
    for (let i = 0; i < 6; i++) expect((await tryPin(c.accessUrl, cookie, String(3000 + i), `10.22.0.${i + 1}`)).status).toBe(i < 5 ? 401 : 428);
    const r = await server.api("PATCH", `/api/collections/clients/records/${c.id}`, { token: server.ownerToken, json: { downloadPin: "7777" } });
    expect(r.status).toBe(200);
    cookie = await unlock(c); // a new PIN raises the session generation
    expect((await tryPin(c.accessUrl, cookie, "7777", "10.22.1.1")).status).toBe(200);
    expect((await tryPin(c.accessUrl, cookie, "3000", "10.22.1.2")).status).toBe(401);
    // Back to the old PIN: its own wrong guesses still count against it.
    expect((await server.api("PATCH", `/api/collections/clients/records/${c.id}`, { token: server.ownerToken, json: { downloadPin: "4821" } })).status).toBe(200);
    cookie = await unlock(c);
    expect((await tryPin(c.accessUrl, cookie, "4821", "10.22.1.3")).status).toBe(428);
  });

  it("never asks more than 2^20 tries, however many wrong PINs an attacker pays puzzles for", async () => {
    const c = await makeClient({ downloadPin: "4821" });
    const cookie = await unlock(c);
    for (let i = 0; i < 5; i++) expect((await tryPin(c.accessUrl, cookie, String(5000 + i), `10.23.0.${i + 1}`)).status).toBe(401);
    const asked: number[] = [];
    for (let i = 0; i < 5; i++) {
      const address = `10.23.1.${i + 1}`;
      const first = await tryPin(c.accessUrl, cookie, String(6000 + i), address);
      expect(first.status).toBe(428);
      const challenge = first.body.data as Challenge;
      asked.push(challenge.bits);
      expect((await tryPin(c.accessUrl, cookie, String(6000 + i), address, solve(challenge))).status).toBe(401);
    }
    expect(asked).toEqual([16, 18, 20, 20, 20]);
    const right = await tryPin(c.accessUrl, cookie, "4821", "10.23.2.1");
    expect(right.body.data).toMatchObject({ bits: 20 });
    expect((await tryPin(c.accessUrl, cookie, "4821", "10.23.2.1", solve(right.body.data as Challenge))).status).toBe(200);
  }, 180_000); // five puzzles of 2^20 tries solved in Node: seconds alone, over a minute on a loaded 2-core machine
});
