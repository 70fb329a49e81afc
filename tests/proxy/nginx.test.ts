/**
 * deploy/nginx.conf in front of the real PocketBase, run by Debian's nginx over TLS: large uploads, realtime
 * events not held back, the gallery cookie marked Secure, and the rate limiter counting each client's real
 * address (the one nginx saw), never an X-Forwarded-For the client made up.
 */
import { createHash } from "node:crypto";
import http2 from "node:http2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodePng } from "../../scripts/lib/png.mjs";
import { startTestServer, type TestServer } from "../server/test-server";
import { directRequest, multipart, openRealtime, proxyRequest, type ProxyRequest } from "./client";
import { startNginx, type RunningNginx } from "./nginx";

let server: TestServer;
let nginx: RunningNginx;
beforeAll(async () => {
  // What deploy/studio-gallery.service sets.
  server = await startTestServer({ TRUSTED_PROXY_HEADER: "X-Forwarded-For" });
  nginx = await startNginx(Number(new URL(server.url).port));
});
afterAll(async () => {
  await nginx?.stop();
  await server?.stop();
});

const via = (pathname: string, opts: ProxyRequest = {}) => proxyRequest(nginx.httpsPort, nginx.ca, pathname, opts);
const asOwner = () => ({ Authorization: server.ownerToken });

async function makeClient(name: string) {
  const r = await via("/api/collections/clients/records", { method: "POST", headers: { ...asOwner(), "Content-Type": "application/json" }, body: JSON.stringify({ name }) });
  expect(r.status, r.body.toString()).toBe(200);
  return r.json<{ id: string; accessUrl: string; accessCode: string }>();
}

/** A PNG of noise (barely compressible), about `megabytes` MB. */
/** A PNG of random pixels that no compression shrinks: about 3.4 bytes a pixel (RGB noise, opaque alpha). */
function noisePng(megabytes: number) {
  const side = Math.floor(Math.sqrt((megabytes * 1024 * 1024) / 3.45));
  let s = 0x9e3779b9;
  const rnd = () => ((s ^= s << 13), (s ^= s >>> 17), (s ^= s << 5), s & 0xff);
  return encodePng(side, side, () => [rnd(), rnd(), rnd(), 255]);
}

describe("nginx in front of PocketBase (deploy/nginx.conf)", () => {
  it("sends plain HTTP to HTTPS", async () => {
    const res = await fetch(`http://127.0.0.1:${nginx.httpPort}/gallery/access`, { redirect: "manual", headers: { Host: "gallery.example.com" } });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toMatch(/^https:\/\/[^/]+\/gallery\/access$/);
  });

  it("speaks HTTP/2 over TLS (`http2 on;`)", async () => {
    const session = http2.connect(`https://127.0.0.1:${nginx.httpsPort}`, { ca: nginx.ca, servername: "gallery.example.com" });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = session.request({ ":path": "/api/health", ":authority": "gallery.example.com" });
        req.on("response", (headers) => resolve(Number(headers[":status"])));
        req.on("error", reject);
        req.resume();
        req.end();
      });
      expect(status).toBe(200);
    } finally {
      session.close();
    }
  });

  it("takes a photo just under the 20 MB limit and serves the same bytes back", async () => {
    const client = await makeClient("Big Upload");
    const png = noisePng(19.9);
    expect(png.length).toBeGreaterThan(19 * 1024 * 1024);
    expect(png.length).toBeLessThanOrEqual(20_971_520); // the server's limit for originals
    const form = multipart(
      { client: client.id, filename: "big.png", originalName: "big.png", fileSize: String(png.length), uploadedAt: new Date().toISOString() },
      { original: { name: "big.png", type: "image/png", data: png } },
    );
    const up = await via("/api/collections/images/records", { method: "POST", headers: { ...asOwner(), "Content-Type": form.contentType }, body: form.body });
    expect(up.status, up.body.toString().slice(0, 300)).toBe(200);
    const down = await via(`/api/gallery/image/${up.json<{ id: string }>().id}`, { headers: asOwner() });
    expect(down.status).toBe(200);
    expect(createHash("sha256").update(down.body).digest("hex")).toBe(createHash("sha256").update(png).digest("hex"));
  });

  it("delivers a realtime event within a second (the event stream is not buffered)", async () => {
    const stream = await openRealtime(nginx.httpsPort, nginx.ca);
    try {
      const sub = await via("/api/realtime", {
        method: "POST",
        headers: { ...asOwner(), "Content-Type": "application/json" },
        body: JSON.stringify({ clientId: stream.clientId, subscriptions: ["clients/*"] }),
      });
      expect(sub.status, sub.body.toString()).toBe(204);
      const made = await makeClient("Realtime Client");
      const event = JSON.parse(await stream.next("clients/*", 1000)) as { action: string; record: { id: string } };
      expect(event).toMatchObject({ action: "create", record: { id: made.id } });
    } finally {
      stream.close();
    }
  });

  it("makes the gallery cookie a Secure __Host- cookie behind TLS, and a plain one on a plain connection", async () => {
    const client = await makeClient("Secure Cookie");
    const body = JSON.stringify({ accessCode: client.accessCode });
    const headers = { "Content-Type": "application/json" };
    const viaTls = await via(`/api/gallery/${client.accessUrl}/verify`, { method: "POST", headers, body });
    expect(viaTls.status).toBe(200);
    const secure = String(viaTls.headers["set-cookie"]);
    expect(secure).toMatch(/;\s*Secure/i);
    expect(secure).toMatch(/^__Host-sg_gallery_\w+=[^;]+; Path=\/;/);
    const images = await via(`/api/gallery/${client.accessUrl}/all-images`, { headers: { Cookie: secure.split(";")[0]! } });
    expect(images.status).toBe(200);
    const direct = await fetch(`${server.url}/api/gallery/${client.accessUrl}/verify`, { method: "POST", headers, body });
    expect(direct.status).toBe(200);
    expect(direct.headers.get("set-cookie")).not.toMatch(/;\s*Secure/i);
    expect(direct.headers.get("set-cookie")).toMatch(/^sg_gallery_\w+=[^;]+; Path=\/api\/gallery\/;/);
  });

  // The sign-in limiter shows what the proxy's address handling does: the gallery code routes also have the
  // access budget (5 free wrong codes per address, docs/SECURITY.md), which would answer 429 before it.
  async function signInLimit() {
    const settings = await server.api<{ rateLimits: { rules: { label: string; maxRequests: number }[] }; trustedProxy: unknown }>("GET", "/api/settings", {
      token: server.superToken,
    });
    // What TRUSTED_PROXY_HEADER set at start: the header, and its rightmost address (the one nginx wrote).
    expect(settings.body.trustedProxy).toEqual({ headers: ["X-Forwarded-For"], useLeftmostIP: false });
    return settings.body.rateLimits.rules.find((r) => r.label === "*:auth")!.maxRequests;
  }
  const SIGN_IN = "/api/collections/users/auth-with-password";
  const wrongPassword = (forged?: string) => ({
    method: "POST",
    headers: { "Content-Type": "application/json", ...(forged ? { "X-Forwarded-For": forged } : {}) },
    body: JSON.stringify({ identity: "nobody@example.com", password: "wrong-password" }),
  });

  it("rate-limits by the address nginx saw: a forged X-Forwarded-For changes nothing, another client is not affected", async () => {
    await server.restart(); // the limiter's counters live in memory
    const limit = await signInLimit();
    const attempt = (from: string, forged?: string) => via(SIGN_IN, { from, ...wrongPassword(forged) });
    const statuses: number[] = [];
    for (let i = 0; i < limit + 5; i++) statuses.push((await attempt("127.0.0.2", `203.0.113.${i + 1}`)).status);
    expect(statuses.slice(0, limit)).not.toContain(429);
    expect(statuses.slice(limit)).toEqual(Array(5).fill(429));
    // Another visitor behind the same proxy still gets through: the proxy's own address is not what counts.
    expect((await attempt("127.0.0.3")).status).not.toBe(429);
  });

  it("ignores X-Forwarded-For from anyone but the proxy, should PocketBase's port be reachable", async () => {
    // The finding: with the header trusted and the port reachable, 15 of 15 attempts with a rotated header
    // got through a limit of 10. 127.0.0.4 stands for a machine that is not the proxy (127.0.0.1).
    await server.restart();
    const limit = await signInLimit();
    const statuses: number[] = [];
    for (let i = 0; i < limit + 5; i++) {
      statuses.push((await directRequest(server.url, SIGN_IN, { from: "127.0.0.4", ...wrongPassword(`198.51.100.${i + 1}`) })).status);
    }
    expect(statuses.slice(limit)).toEqual(Array(5).fill(429));
  });

  it("keeps the PocketBase dashboard to the server itself", async () => {
    expect((await via("/_/", { from: "127.0.0.2" })).status).toBe(403);
  });

  it("keeps the operator's metrics to the server itself, whatever token is sent", async () => {
    expect((await via("/api/metrics", { from: "127.0.0.2", headers: { Authorization: "Bearer any-token-at-all-0123" } })).status).toBe(403);
    // From the server itself it reaches PocketBase, which answers 404 here: this test server sets no METRICS_TOKEN.
    expect((await via("/api/metrics")).status).toBe(404);
  });
});
