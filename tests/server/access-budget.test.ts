/**
 * The brute-force budget of both gallery doors against the real server (docs/SECURITY.md): atomic under 200
 * parallel guesses from 200 addresses, kept across a restart, per-address backoff with Retry-After, a proof of
 * work (never a closed door) on the code-only route's shared budget, and no lockout of the real client. Addresses come from X-Forwarded-For, which the test makes PocketBase trust.
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

const { makeClient } = galleryHelpers(() => server);

async function post(pathname: string, accessCode: string, address: string, pow?: Solution) {
  const res = await fetch(server.url + pathname, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
    body: JSON.stringify({ accessCode, pow }),
  });
  const body = (await res.json()) as { message: string; data?: Record<string, unknown> };
  return { status: res.status, body, retryAfter: res.headers.get("retry-after") };
}

const addresses = (n: number, net: number) => Array.from({ length: n }, (_, i) => `10.${net}.${Math.floor(i / 250)}.${(i % 250) + 1}`);

describe("brute-force budget", () => {
  it("never closes the code-only route: past the free failures it asks a proof of work that grows with them, and a right code with one gets in", async () => {
    const c = await makeClient({ accessCode: "REAL42" });
    const answers = await Promise.all(addresses(200, 1).map((ip, i) => post("/api/gallery/access", `WRONG${String(i).padStart(3, "0")}`, ip)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(8);
    expect(statuses.filter((s) => s === 428)).toHaveLength(192);
    expect(statuses.filter((s) => s === 429)).toHaveLength(0);
    const asked = answers.find((a) => a.status === 428)!;
    expect(asked.body.data).toMatchObject({ bits: 16 });
    expect(asked.retryAfter).toBeNull();

    // Across a restart the right code, from an address that never failed, still needs the puzzle, and gets in with it.
    await server.restart();
    const first = await post("/api/gallery/access", "REAL42", "10.9.9.9");
    expect(first.status).toBe(428);
    const pow = solve(first.body.data as unknown as Challenge);
    const right = await post("/api/gallery/access", "REAL42", "10.9.9.9", pow);
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ accessUrl: c.accessUrl });
    // A solution opens one attempt; a forged or foreign one none.
    expect((await post("/api/gallery/access", "REAL42", "10.9.9.10", pow)).status).toBe(428);
    const fresh = (await post("/api/gallery/access", "REAL42", "10.9.9.11")).body.data as unknown as Challenge;
    expect((await post("/api/gallery/access", "REAL42", "10.9.9.11", { ...solve(fresh), signature: "0".repeat(64) })).status).toBe(428);
    expect((await post("/api/gallery/access", "REAL42", "10.9.9.11", { ...solve(fresh), nonce: "1" })).status).toBe(428);
    // Each further wrong code doubles the work twice.
    const wrong = await post("/api/gallery/access", "WRONGX", "10.9.9.12", solve((await post("/api/gallery/access", "WRONGX", "10.9.9.12")).body.data as unknown as Challenge));
    expect(wrong.status).toBe(401);
    expect((await post("/api/gallery/access", "REAL42", "10.9.9.13")).body.data).toMatchObject({ bits: 18 });
  });

  it("counts 200 parallel wrong codes on a gallery's link for the owner, never answers 400, and never locks the client out", async () => {
    const c = await makeClient({ accessCode: "LINK42" });
    const answers = await Promise.all(addresses(200, 2).map((ip, i) => post(`/api/gallery/${c.accessUrl}/verify`, `BAD${String(i).padStart(3, "0")}`, ip)));
    expect(answers.map((a) => a.status)).toEqual(Array(200).fill(401));
    const real = await post(`/api/gallery/${c.accessUrl}/verify`, "link-42", "10.3.0.1");
    expect(real.status).toBe(200);

    const seen = await server.api<{ items: Array<{ client: string; failures: number; lastFailureAt: string }> }>(
      "GET",
      `/api/collections/access_failures/records?filter=${encodeURIComponent(`client='${c.id}'`)}`,
      { token: server.ownerToken },
    );
    expect(seen.body.items).toHaveLength(1);
    expect(seen.body.items[0]).toMatchObject({ client: c.id, failures: 200 });
    expect(seen.body.items[0]!.lastFailureAt).not.toBe("");
    // Only the owner sees or resets them.
    const anonymous = await server.api<{ items: unknown[] }>("GET", "/api/collections/access_failures/records");
    expect(anonymous.body.items ?? []).toHaveLength(0);
    const id = (seen.body.items[0] as unknown as { id: string }).id;
    expect((await server.api("DELETE", `/api/collections/access_failures/records/${id}`)).status).not.toBe(204);
    expect((await server.api("DELETE", `/api/collections/access_failures/records/${id}`, { token: server.ownerToken })).status).toBe(204);
  });

  it("makes one address wait after five wrong codes (right ones are free) on either route, with Retry-After, across a restart; other addresses go on", async () => {
    const c = await makeClient({ accessCode: "WAIT42" });
    const ip = "10.4.0.1";
    // Right codes cost nothing (the real client may come back often).
    for (let i = 0; i < 2; i++) expect((await post(`/api/gallery/${c.accessUrl}/verify`, "WAIT42", ip)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await post(`/api/gallery/${c.accessUrl}/verify`, `NOPE0${i}`, ip)).status).toBe(401);
    const sixth = await post(`/api/gallery/${c.accessUrl}/verify`, "WAIT42", ip);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.retryAfter)).toBeGreaterThan(50);
    expect(Number(sixth.retryAfter)).toBeLessThanOrEqual(60);
    expect(sixth.body.message).toMatch(/wait/i);
    expect((await post("/api/gallery/access", "WAIT42", ip)).status).toBe(429);
    await server.restart();
    expect((await post(`/api/gallery/${c.accessUrl}/verify`, "WAIT42", ip)).status).toBe(429);
    expect((await post(`/api/gallery/${c.accessUrl}/verify`, "WAIT42", "10.4.0.2")).status).toBe(200);
  });
});
