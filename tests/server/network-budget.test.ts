/**
 * One routed IPv6 /48 on the gallery links (issue 24): each /64 is an address with its own waits, and a /48
 * holds 65,536 of them, so the links' guesses from one /48 also share a budget with growing friction: past
 * 10 recent wrong codes from the /48 each further attempt needs a proof of work, whichever /64 sends it.
 * Other /48s and IPv4 addresses are not slowed; a right code with the puzzle solved gets in. Addresses come
 * from X-Forwarded-For, which the test makes PocketBase trust.
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

const { makeClient } = galleryHelpers(() => server, "Lisette Model");

async function verify(accessUrl: string, accessCode: string, address: string, pow?: Solution) {
  const res = await fetch(`${server.url}/api/gallery/${accessUrl}/verify`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
    body: JSON.stringify({ accessCode, pow }),
  });
  const body = (await res.json()) as { data?: unknown };
  return { status: res.status, challenge: body.data as Challenge };
}

/** The i-th /64 of the /48 2001:db8:48::/48. */
const inNetwork = (i: number) => `2001:db8:48:${i.toString(16)}::1`;

describe("the links' budget per IPv6 /48", () => {
  it("asks a growing proof of work of a /48's many /64s after its 10 free wrong codes, and lets the right code in with one", async () => {
    const c = await makeClient({ accessCode: "LISE42" });
    const statuses = [];
    for (let i = 0; i < 20; i++) statuses.push((await verify(c.accessUrl, `NOPE${String(i).padStart(2, "0")}`, inNetwork(i))).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 428)).toHaveLength(10);

    // Another /48 and an IPv4 address are not slowed by this one.
    expect((await verify(c.accessUrl, "NOPE00", "2001:db8:49::1")).status).toBe(401);
    expect((await verify(c.accessUrl, "NOPE01", "10.48.0.1")).status).toBe(401);

    // The real client in the same /48 (a fresh /64) solves the smallest puzzle and gets in.
    const asked = await verify(c.accessUrl, "LISE42", inNetwork(100));
    expect(asked.status).toBe(428);
    expect(asked.challenge.bits).toBe(16);
    expect((await verify(c.accessUrl, "LISE42", inNetwork(100), solve(asked.challenge))).status).toBe(200);

    // A wrong code with a solved puzzle is checked (and counted), and the next puzzle is bigger.
    const next = await verify(c.accessUrl, "NOPE02", inNetwork(101));
    expect((await verify(c.accessUrl, "NOPE02", inNetwork(101), solve(next.challenge))).status).toBe(401);
    const after = await verify(c.accessUrl, "NOPE03", inNetwork(102));
    expect(after.status).toBe(428);
    expect(after.challenge.bits).toBe(18);
  });

  it("reads IPv4 visitors a proxy writes as mapped IPv6 as their IPv4 addresses, whatever the spelling", async () => {
    // PocketBase hands the hooks these expanded (0000:...:ffff:c000:02xx); they must not share one /64 and one /48.
    const c = await makeClient({ accessCode: "LISE55" });
    const mapped = (i: number) => (i % 2 ? `::ffff:192.0.2.${i}` : `0:0:0:0:0:ffff:c000:2${i.toString(16).padStart(2, "0")}`);
    const statuses = [];
    for (let i = 1; i <= 12; i++) statuses.push((await verify(c.accessUrl, `NOPE3${i}`, mapped(i))).status);
    expect(statuses).toEqual(new Array(12).fill(401));
    expect((await verify(c.accessUrl, "LISE55", mapped(13))).status).toBe(200);

    // One IPv4 address keeps its own waits in any spelling: five wrong codes, then it waits.
    for (let i = 0; i < 5; i++) expect((await verify(c.accessUrl, `NOPE4${i}`, i % 2 ? "::ffff:198.51.100.7" : "0000:0000:0000:0000:0000:ffff:c633:6407")).status).toBe(401);
    expect((await verify(c.accessUrl, "LISE55", "198.51.100.7")).status).toBe(429);
  });

  it("refuses a /48's puzzle solution for another /48", async () => {
    const c = await makeClient({ accessCode: "LISE77" });
    for (let i = 0; i < 10; i++) expect((await verify(c.accessUrl, `NOPE1${i}`, `2001:db8:50:${i}::1`)).status).toBe(401);
    const asked = await verify(c.accessUrl, "LISE77", "2001:db8:50:99::1");
    expect(asked.status).toBe(428);
    const solution = solve(asked.challenge);
    for (let i = 0; i < 10; i++) expect((await verify(c.accessUrl, `NOPE2${i}`, `2001:db8:51:${i}::1`)).status).toBe(401);
    expect((await verify(c.accessUrl, "LISE77", "2001:db8:51:99::1", solution)).status).toBe(428);
  });
});
