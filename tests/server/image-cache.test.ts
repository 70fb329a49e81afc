/**
 * The visitor image route keeps the image, its gallery and the secret in memory (pb_hooks/lib/core/serve_cache.js):
 * every case warms that cache with the visitor's own requests first, then changes something as the owner,
 * and the very next request must already see the change (revocation stays immediate).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { encodePng } from "../../scripts/lib/png.mjs";
import { addPhoto, photo } from "./studio-fixture";
import { resetAccessGuards, startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());
beforeEach(async () => resetAccessGuards(server));

interface Client {
  id: string;
  accessUrl: string;
  accessCode: string;
}

async function gallery(fields: Record<string, unknown> = {}) {
  const made = await server.api<Client>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "Cache", ...fields } });
  expect(made.status).toBe(200);
  const client = made.body;
  const image = await addPhoto(server, client.id, "a.png", 5);
  const r = await server.api("POST", `/api/gallery/${client.accessUrl}/verify`, { json: { accessCode: client.accessCode } });
  expect(r.status).toBe(200);
  const cookie = (r.headers.get("set-cookie") ?? "").split(";")[0]!;
  return { client, image, cookie };
}

async function owner(method: string, path: string, json?: unknown) {
  const r = await server.api(method, path, { token: server.ownerToken, json });
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
}

/** Two requests: the first fills the cache, the second is served from it. */
async function warm(image: string, cookie: string, query = "?thumbnail=true") {
  for (let i = 0; i < 2; i++) expect((await server.api("GET", `/api/gallery/image/${image}${query}`, { cookie })).status).toBe(200);
}

const status = async (image: string, cookie: string, query = "?thumbnail=true") => (await server.api("GET", `/api/gallery/image/${image}${query}`, { cookie })).status;

describe("the image route's cache", () => {
  it("answers 404 on the very next request after the gallery is disabled, and the old session stays out", async () => {
    const { client, image, cookie } = await gallery();
    await warm(image, cookie);
    await owner("PATCH", `/api/collections/clients/records/${client.id}`, { enabled: false });
    expect(await status(image, cookie)).toBe(404);
    await owner("PATCH", `/api/collections/clients/records/${client.id}`, { enabled: true });
    expect(await status(image, cookie)).toBe(404); // disabling raised the session generation
  });

  it("sees a new access code, a past expiry and a delivery mode at once", async () => {
    const a = await gallery();
    await warm(a.image, a.cookie);
    await owner("PATCH", `/api/collections/clients/records/${a.client.id}`, { accessCode: "CACHE-NEW-1" });
    expect(await status(a.image, a.cookie)).toBe(404);

    const b = await gallery();
    await warm(b.image, b.cookie);
    await owner("PATCH", `/api/collections/clients/records/${b.client.id}`, { expirationDate: "2020-01-01 00:00:00.000Z" });
    expect(await status(b.image, b.cookie)).toBe(410);

    const c = await gallery({ downloadMode: "originals" });
    await warm(c.image, c.cookie, "?download=single");
    await owner("PATCH", `/api/collections/clients/records/${c.client.id}`, { downloadMode: "off" });
    expect(await status(c.image, c.cookie, "?download=single")).toBe(403);
    expect(await status(c.image, c.cookie)).toBe(200); // viewing stays allowed
  });

  it("refuses a session token every VM has verified once the code changes, and after it is switched back", async () => {
    const { client, image, cookie } = await gallery();
    // At once, so that many of PocketBase's VMs verify (and remember) this token (lib/core/session_tokens.js).
    const all = async () => new Set(await Promise.all(Array.from({ length: 30 }, () => status(image, cookie))));
    expect(await all()).toEqual(new Set([200]));
    await owner("PATCH", `/api/collections/clients/records/${client.id}`, { accessCode: "CACHE-NEW-2" });
    expect(await all()).toEqual(new Set([404]));
    await owner("PATCH", `/api/collections/clients/records/${client.id}`, { accessCode: client.accessCode });
    expect(await all()).toEqual(new Set([404])); // the same key again, but a new session generation
  });

  it("sends a small thumbnail from memory with the file's bytes and headers, and a large one from disk", async () => {
    const { client, image, cookie } = await gallery();
    const get = (id: string, headers: Record<string, string> = {}) => fetch(`${server.url}/api/gallery/image/${id}?thumbnail=true`, { headers: { Cookie: cookie, ...headers } });
    for (let i = 0; i < 2; i++) {
      const r = await get(image);
      expect(r.status).toBe(200);
      expect(Buffer.from(await r.arrayBuffer()).equals(photo(105, 16, 12))).toBe(true);
      expect(r.headers.get("content-type")).toBe("image/png");
      expect(r.headers.get("content-disposition")).toMatch(/^inline; filename="[\w.-]+\.png"$/);
      expect(r.headers.get("cache-control")).toBe("private, no-cache");
      expect(r.headers.get("last-modified")).toBeNull(); // from memory, not from the file (which sends one)
      const etag = r.headers.get("etag")!;
      expect(etag).toBeTruthy();
      expect((await get(image, { "If-None-Match": etag })).status).toBe(304);
    }
    // Past SMALL_FILE_BYTES (64 KB): read from the storage folder every time (with its Last-Modified).
    const noisy = noisyPng(200, 200);
    expect(noisy.length).toBeGreaterThan(64 * 1024);
    const form = new FormData();
    form.set("thumbnail", new File([new Uint8Array(noisy)], "thumb-big.png", { type: "image/png" }));
    expect((await server.api("PATCH", `/api/collections/images/records/${image}`, { token: server.ownerToken, form })).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const r = await get(image);
      expect(r.status).toBe(200);
      expect(Buffer.from(await r.arrayBuffer()).equals(noisy)).toBe(true);
      expect(r.headers.get("last-modified")).toBeTruthy();
    }
    await owner("PATCH", `/api/collections/clients/records/${client.id}`, { accessCode: "CACHE-SMALL-1" });
    expect(await status(image, cookie)).toBe(404); // the bytes in memory go only where the checks let them
  });

  it("serves a replaced file's new bytes, and 404 once the image or its gallery is deleted", async () => {
    const { client, image, cookie } = await gallery();
    await warm(image, cookie);
    const form = new FormData();
    form.set("thumbnail", new File([photo(77, 16, 12)], "thumb-new.png", { type: "image/png" }));
    const replaced = await server.api("PATCH", `/api/collections/images/records/${image}`, { token: server.ownerToken, form });
    expect(replaced.status).toBe(200);
    const r = await fetch(`${server.url}/api/gallery/image/${image}?thumbnail=true`, { headers: { Cookie: cookie } });
    expect(r.status).toBe(200);
    expect(Buffer.from(await r.arrayBuffer()).equals(photo(77, 16, 12))).toBe(true);

    await owner("DELETE", `/api/collections/images/records/${image}`);
    expect(await status(image, cookie)).toBe(404);

    const second = await addPhoto(server, client.id, "b.png", 6);
    await warm(second, cookie);
    await owner("DELETE", `/api/collections/clients/records/${client.id}`);
    expect(await status(second, cookie)).toBe(404);
  });
});

/** A PNG of pseudo-random pixels, which does not compress: `width` x `height` x 4 bytes and more. */
function noisyPng(width: number, height: number): Buffer {
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 16;
  return encodePng(width, height, () => [next() & 255, next() & 255, next() & 255, 255]);
}
