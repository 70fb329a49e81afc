/**
 * Rate limits against the real server (issue 10): the owner's sync of 2,000 sub-requests in the engine's
 * batch size and 1,500 quick image requests from one address meet no 429, and every 429 carries Retry-After.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodePng } from "../../scripts/lib/png.mjs";
import { BATCH_CHUNK } from "../../src/sync/pushOutbox";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

type BatchAnswer = Array<{ status: number; body: { id?: string } }>;

async function batch(requests: Array<{ method: string; url: string; body?: unknown }>) {
  return server.api<BatchAnswer>("POST", "/api/batch", { token: server.ownerToken, json: { requests } });
}

async function inChunks<T>(items: T[], size: number, run: (chunk: T[]) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await run(items.slice(i, i + size));
}

describe("rate limits that never hurt real use", () => {
  it("lets the owner sync 2,000 creates and then 2,000 deletes through /api/batch without a 429", async () => {
    await server.restart();
    const ids: string[] = [];
    const names = Array.from({ length: 2000 }, (_, i) => `Client ${i}`);
    await inChunks(names, BATCH_CHUNK, async (chunk) => {
      const r = await batch(chunk.map((name) => ({ method: "POST", url: "/api/collections/clients/records", body: { name } })));
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
      for (const one of r.body) ids.push(one.body.id!);
    });
    expect(ids).toHaveLength(2000);
    await inChunks(ids, BATCH_CHUNK, async (chunk) => {
      const r = await batch(chunk.map((id) => ({ method: "DELETE", url: `/api/collections/clients/records/${id}` })));
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
      expect(r.body.every((one) => one.status === 204)).toBe(true);
    });
  }, 120_000);

  it("serves 1,500 quick gallery image requests from one address without a 429", async () => {
    await server.restart();
    const c = await server.api<{ id: string; accessUrl: string; accessCode: string }>("POST", "/api/collections/clients/records", {
      token: server.ownerToken,
      json: { name: "Venue" },
    });
    const png = encodePng(16, 12, (x, y) => [x * 9, y * 9, 90, 255]);
    const form = new FormData();
    form.set("client", c.body.id);
    form.set("originalName", "a.png");
    form.set("filename", "a.png");
    form.set("fileSize", String(png.length));
    form.set("uploadedAt", new Date().toISOString());
    form.set("original", new File([png], "a.png", { type: "image/png" }));
    form.set("thumbnail", new File([png], "thumb-a.png", { type: "image/png" }));
    const img = await server.api<{ id: string }>("POST", "/api/collections/images/records", { token: server.ownerToken, form });
    expect(img.status).toBe(200);
    const v = await server.api("POST", `/api/gallery/${c.body.accessUrl}/verify`, { json: { accessCode: c.body.accessCode } });
    const cookie = (v.headers.get("set-cookie") ?? "").split(";")[0]!;

    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < 1500) {
        next++;
        const res = await fetch(`${server.url}/api/gallery/image/${img.body.id}?thumbnail=true`, { headers: { Cookie: cookie } });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: 48 }, worker));
    expect(Object.fromEntries(statuses)).toEqual({ 200: 1500 });
  }, 120_000);

  it("puts Retry-After on the limiter's 429", async () => {
    await server.restart();
    let last: Response | undefined;
    for (let i = 0; i < 30; i++) {
      last = await fetch(`${server.url}/api/gallery/access`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ accessCode: `WRONG${i}` }) });
      await last.text();
      if (last.status === 429) break;
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
