/**
 * Transfers against the real server: an image's CRC-32 is kept as the device sent it at creation, refused
 * when malformed, never changed by an update, and handed to visitors so their zip can copy the original;
 * protected images revalidate with an ETag (304 without the bytes), and a revoked session still gets nothing.
 */
import { crc32 as zlibCrc32 } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodePng } from "../../scripts/lib/png.mjs";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

const png = (seed: number) => encodePng(16, 12, (x, y) => [(x * seed) % 256, (y * 7 + seed) % 256, seed % 256, 255]);
const hex = (bytes: Uint8Array) => zlibCrc32(bytes).toString(16).padStart(8, "0");

async function makeClient() {
  const r = await server.api<{ id: string; accessUrl: string; accessCode: string }>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "Ada Lovelace" } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

async function addImage(clientId: string, seed: number, crc32: string) {
  const bytes = png(seed);
  const form = new FormData();
  for (const [k, v] of Object.entries({ client: clientId, originalName: `p${seed}.png`, filename: `p${seed}.png`, fileSize: String(bytes.length), crc32 })) form.set(k, v);
  form.set("original", new File([bytes], `p${seed}.png`, { type: "image/png" }));
  form.set("thumbnail", new File([png(seed + 100)], "t.png", { type: "image/png" }));
  return server.api<{ id: string; crc32: string; data?: Record<string, unknown> }>("POST", "/api/collections/images/records", { token: server.ownerToken, form });
}

describe("an image's CRC-32", () => {
  it("is stored as sent, refused when not 8 hex digits, and kept through updates", async () => {
    const client = await makeClient();
    const crc = hex(png(1));
    const created = await addImage(client.id, 1, crc);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.crc32).toBe(crc);

    const bad = await addImage(client.id, 2, "XYZ");
    expect(bad.status).toBe(400);
    expect(bad.body.data).toHaveProperty("crc32");

    const changed = await server.api<{ crc32: string }>("PATCH", `/api/collections/images/records/${created.body.id}`, { token: server.ownerToken, json: { crc32: "00000000" } });
    expect(changed.status).toBe(200);
    expect(changed.body.crc32).toBe(crc);
  });

  it("reaches the visitor's image list", async () => {
    const client = await makeClient();
    const crc = hex(png(3));
    expect((await addImage(client.id, 3, crc)).status).toBe(200);
    const verify = await server.api("POST", `/api/gallery/${client.accessUrl}/verify`, { json: { accessCode: client.accessCode } });
    const cookie = (verify.headers.get("set-cookie") ?? "").split(";")[0]!;
    const list = await server.api<{ images: { crc32: string }[] }>("GET", `/api/gallery/${client.accessUrl}/all-images`, { cookie });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.images.map((i) => i.crc32)).toEqual([crc]);
  });
});

async function unlock(client: { accessUrl: string; accessCode: string }) {
  const verify = await server.api("POST", `/api/gallery/${client.accessUrl}/verify`, { json: { accessCode: client.accessCode } });
  expect(verify.status).toBe(200);
  return (verify.headers.get("set-cookie") ?? "").split(";")[0]!;
}

const get = (pathname: string, headers: Record<string, string>) => fetch(server.url + pathname, { headers });

describe("image revalidation", () => {
  it("answers 304 without the bytes when the browser holds the same file, and 200 when it changed", async () => {
    const client = await makeClient();
    const created = await addImage(client.id, 4, hex(png(4)));
    const cookie = await unlock(client);
    const url = `/api/gallery/image/${created.body.id}?thumbnail=true`;
    const first = await get(url, { Cookie: cookie });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toMatch(/private/);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    await first.arrayBuffer();

    const again = await get(url, { Cookie: cookie, "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    expect(again.headers.get("cache-control")).toMatch(/private/);
    // The other forms RFC 9110 allows: a weak tag, a list naming it, and any tag; a list without it is a 200.
    for (const asked of [`W/${etag}`, `"other", ${etag}`, `"other",W/${etag}`, "*"]) {
      expect((await get(url, { Cookie: cookie, "If-None-Match": asked })).status, asked).toBe(304);
    }
    const other = await get(url, { Cookie: cookie, "If-None-Match": `"other", W/"another"` });
    expect(other.status).toBe(200);
    await other.arrayBuffer();

    // A new thumbnail is a new file name, so a new ETag: the old one no longer matches.
    const form = new FormData();
    form.set("thumbnail", new File([png(99)], "t2.png", { type: "image/png" }));
    expect((await server.api("PATCH", `/api/collections/images/records/${created.body.id}`, { token: server.ownerToken, form })).status).toBe(200);
    const changed = await get(url, { Cookie: cookie, "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("refuses a revoked session even when it revalidates a file it holds", async () => {
    const client = await makeClient();
    const created = await addImage(client.id, 5, hex(png(5)));
    const cookie = await unlock(client);
    const url = `/api/gallery/image/${created.body.id}?thumbnail=true`;
    const first = await get(url, { Cookie: cookie });
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    expect((await server.api("PATCH", `/api/collections/clients/records/${client.id}`, { token: server.ownerToken, json: { accessCode: "NEWCODE7" } })).status).toBe(200);
    const revoked = await get(url, { Cookie: cookie, "If-None-Match": etag });
    expect(revoked.status).toBe(404);
    expect(revoked.headers.get("etag")).toBeNull();
  });
});
