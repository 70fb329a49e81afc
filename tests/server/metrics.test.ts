/**
 * The operator's metrics (GET /api/metrics, pb_hooks/lib/core/metrics.js) on the real server: off without a
 * METRICS_TOKEN of 16 characters or more (404, as an unknown API path), refused without that bearer token
 * (an owner's sign-in is not it), and in Prometheus's text format with requests, errors, sessions, storage
 * and the mail queue that follow what the server did.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryHelpers, pngBytes } from "./gallery-fixture";
import { startTestServer, type TestServer } from "./test-server";

const TOKEN = "metrics-token-for-the-test-0123456789";
let server: TestServer;
const { makeClient, addImage, unlock } = galleryHelpers(() => server);

beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: "too-short" });
});
afterAll(async () => server?.stop());

async function scrape(token = TOKEN) {
  const res = await fetch(`${server.url}/api/metrics`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** The samples of an exposition, by "name{labels}", after checking every line against the format. */
function parse(text: string) {
  const samples = new Map<string, number>();
  for (const line of text.trimEnd().split("\n")) {
    if (line.startsWith("# HELP ") || line.startsWith("# TYPE ")) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[a-z_]+="[^"]*"(?:,[a-z_]+="[^"]*")*\})?) (-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|NaN)$/.exec(line);
    expect(m, `not a sample line: ${line}`).not.toBeNull();
    samples.set(m![1]!, Number(m![2]));
  }
  return samples;
}

describe("metrics", () => {
  it("is off while METRICS_TOKEN is shorter than 16 characters: 404, whatever the request carries", async () => {
    expect((await scrape("too-short")).status).toBe(404);
    expect((await scrape("")).status).toBe(404);
  });

  it("with a token set: refused without it, with another, and to the owner's own sign-in", async () => {
    await server.crash();
    await server.start({ METRICS_TOKEN: TOKEN });
    const none = await scrape("");
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(none.text).not.toMatch(/studio_gallery_/);
    expect((await scrape(TOKEN.slice(0, -1) + "x")).status).toBe(401);
    expect((await scrape(server.ownerToken)).status).toBe(401);
    const owner = await fetch(`${server.url}/api/metrics`, { headers: { Authorization: server.ownerToken } });
    expect(owner.status).toBe(401);
  });

  it("answers Prometheus's text format, whose counters and gauges follow requests, sessions, photos and mail", async () => {
    const before = await scrape();
    expect(before.status).toBe(200);
    expect(before.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(before.headers.get("cache-control")).toBe("no-store");
    const b = parse(before.text);
    for (const name of ["studio_gallery_http_errors_total", "studio_gallery_http_rate_limited_total", "studio_gallery_mail_queue", "studio_gallery_mail_configured", "studio_gallery_start_time_seconds"]) {
      expect(b.has(name), name).toBe(true);
    }
    expect(b.get("studio_gallery_galleries")).toBe(0);
    expect(b.get('studio_gallery_data_bytes{part="database"}')).toBeGreaterThan(0);

    const client = await makeClient();
    await addImage(client.id, "a.png", 3);
    await unlock(client);
    await unlock(client);
    expect((await server.api("GET", "/api/no-such-route")).status).toBe(404);
    const refused = await server.api("POST", `/api/gallery/${client.accessUrl}/verify`, { json: { accessCode: "WRONG-CODE" } });
    expect(refused.status).toBe(401);

    const a = parse((await scrape()).text);
    const grew = (key: string) => (a.get(key) ?? 0) - (b.get(key) ?? 0);
    // Made a client, added a photo, unlocked twice, and the scrape before this one: 2xx.
    expect(grew('studio_gallery_http_requests_total{class="2xx"}')).toBeGreaterThanOrEqual(5);
    expect(grew('studio_gallery_http_requests_total{class="4xx"}')).toBe(2);
    expect(grew('studio_gallery_sessions_total{kind="visitor"}')).toBe(2);
    expect(grew('studio_gallery_sessions_total{kind="preview"}')).toBe(0);
    expect(a.get("studio_gallery_galleries")).toBe(1);
    expect(a.get('studio_gallery_media{kind="photo"}')).toBe(1);
    expect(a.get('studio_gallery_media{kind="video"}')).toBe(0);
    expect(a.get('studio_gallery_originals_bytes{kind="photo"}')).toBe(pngBytes(3).length);
    expect(a.get("studio_gallery_mail_queue")).toBe(0);
    expect(a.get("studio_gallery_mail_configured")).toBe(0);
    expect(a.get("studio_gallery_http_errors_total")).toBe(a.get('studio_gallery_http_requests_total{class="5xx"}'));
  });

  it("counts the owner's preview as a session of its own kind", async () => {
    const client = await makeClient({ name: "Preview Person" });
    const before = parse((await scrape()).text);
    const r = await server.api("POST", `/api/owner/preview/${client.id}`, { token: server.ownerToken, json: {} });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = parse((await scrape()).text);
    expect((after.get('studio_gallery_sessions_total{kind="preview"}') ?? 0) - (before.get('studio_gallery_sessions_total{kind="preview"}') ?? 0)).toBe(1);
  });
});
