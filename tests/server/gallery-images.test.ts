/**
 * What an unlocked visitor gets from the gallery endpoints against the real server: image files across
 * galleries (the visitor's own and the owner's, nobody else's), responsive sizes, the cover photo and
 * pagination. Each describe restarts the server (rate limiter counters live in memory) and, where it
 * unlocks, forgets the brute-force budget. Codes and sessions: gallery.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { galleryHelpers, pngBytes } from "./gallery-fixture";
import { resetAccessGuards, startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

const { makeClient, updateClient, addImage, unlock } = galleryHelpers(() => server);

describe("image files", () => {
  beforeEach(async () => {
    await server.restart();
    await resetAccessGuards(server);
  });

  it("serve originals and thumbnails to the gallery's visitor and the owner, to nobody else", async () => {
    const a = await makeClient({ name: "A" });
    const b = await makeClient({ name: "B" });
    const imageB = await addImage(b.id, "b-photo.png", 9);
    const cookieA = await unlock(a);
    const cookieB = await unlock(b);
    const forged = `sg_gallery_${b.id}=${cookieA.split("=")[1]}`;

    for (const query of ["", "?thumbnail=true", "?preview=true"]) {
      expect((await server.api("GET", `/api/gallery/image/${imageB}${query}`)).status).toBe(404);
      expect((await server.api("GET", `/api/gallery/image/${imageB}${query}`, { cookie: cookieA })).status).toBe(404);
      expect((await server.api("GET", `/api/gallery/image/${imageB}${query}`, { cookie: forged })).status).toBe(404);
    }
    // Protected file fields refuse PocketBase's own file route without a file token.
    const rec = await server.api<{ original: string }>("GET", `/api/collections/images/records/${imageB}`, { token: server.ownerToken });
    expect((await server.api("GET", `/api/files/images/${imageB}/${rec.body.original}`)).status).toBe(404);

    const original = await fetch(`${server.url}/api/gallery/image/${imageB}`, { headers: { Cookie: cookieB } });
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer()).equals(pngBytes(9))).toBe(true);
    expect(original.headers.get("cache-control")).toBe("private, no-cache");
    // Answered by the app's middleware before routing (lib/handlers/middlewares.js): the security headers are still on it.
    expect(original.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(original.headers.get("referrer-policy")).toBe("no-referrer");
    const thumb = await fetch(`${server.url}/api/gallery/image/${imageB}?thumbnail=true`, { headers: { Cookie: cookieB } });
    expect(Buffer.from(await thumb.arrayBuffer()).equals(pngBytes(109))).toBe(true);
    // No preview was uploaded for this image.
    expect((await server.api("GET", `/api/gallery/image/${imageB}?preview=true`, { cookie: cookieB })).status).toBe(404);

    const owner = await fetch(`${server.url}/api/gallery/image/${imageB}`, { headers: { Authorization: server.ownerToken } });
    expect(owner.status).toBe(200);
  });
});

describe("responsive sizes", () => {
  beforeEach(async () => server.restart());

  it("serve each size by its long edge, fall back for older images, and list the sizes and placeholder to the visitor", async () => {
    const c = await makeClient({ name: "Sizes" });
    const form = new FormData();
    form.set("client", c.id);
    form.set("originalName", "new.png");
    form.set("width", "16");
    form.set("height", "12");
    form.set("placeholder", "YJqGPQw7sFlslqhFafSE+Q6oJ1h2iHB2Rw==");
    form.set("uploadedAt", new Date(Date.UTC(2026, 0, 1)).toISOString());
    form.set("original", new File([pngBytes(1)], "new.png", { type: "image/png" }));
    for (const [i, field] of ["thumbnail", "medium", "large", "preview"].entries()) form.set(field, new File([pngBytes(10 + i)], `${field}.png`, { type: "image/png" }));
    const created = await server.api<{ id: string }>("POST", "/api/collections/images/records", { token: server.ownerToken, form });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const older = await addImage(c.id, "older.png", 3); // original and thumbnail only, as the first release made
    const cookie = await unlock(c);

    const bytes = async (id: string, query: string) => {
      const res = await fetch(`${server.url}/api/gallery/image/${id}${query}`, { headers: { Cookie: cookie } });
      return res.ok ? Buffer.from(await res.arrayBuffer()) : res.status;
    };
    expect(await bytes(created.body.id, "?size=400")).toEqual(pngBytes(10));
    expect(await bytes(created.body.id, "?size=800")).toEqual(pngBytes(11));
    expect(await bytes(created.body.id, "?size=1600")).toEqual(pngBytes(12));
    expect(await bytes(created.body.id, "?size=2048")).toEqual(pngBytes(13));
    expect(await bytes(created.body.id, "?size=3000")).toBe(404);
    // An image from before the new sizes answers with what it has rather than breaking the srcset.
    expect(await bytes(older, "?size=1600")).toEqual(pngBytes(103));
    // Sizes stay private like every other file.
    expect((await server.api("GET", `/api/gallery/image/${created.body.id}?size=800`)).status).toBe(404);

    const list = await server.api<{ images: Array<{ id: string; placeholder: string; sizes: number[]; width: number }> }>("GET", `/api/gallery/${c.accessUrl}/all-images`, { cookie });
    const byId = new Map(list.body.images.map((i) => [i.id, i]));
    expect(byId.get(created.body.id)).toMatchObject({ placeholder: "YJqGPQw7sFlslqhFafSE+Q6oJ1h2iHB2Rw==", sizes: [400, 800, 1600, 2048], width: 16 });
    expect(byId.get(older)).toMatchObject({ placeholder: "", sizes: [400] });
  });
});

describe("cover photo", () => {
  beforeEach(async () => {
    await server.restart();
    await resetAccessGuards(server);
  });

  it("tells an unlocked visitor the picked cover, the first image when none is picked or it is gone, and a locked one nothing", async () => {
    const c = await makeClient({ name: "Cover" });
    const other = await makeClient({ name: "Other" });
    const first = await addImage(c.id, "first.png", 1);
    const picked = await addImage(c.id, "picked.png", 2);
    const foreign = await addImage(other.id, "foreign.png", 3);
    type Info = { coverImage: string };
    const info = async (cookie?: string) => (await server.api<Info>("GET", `/api/gallery/${c.accessUrl}`, { cookie })).body.coverImage;

    expect(await info()).toBe(""); // locked: not even which photo
    const cookie = await unlock(c);
    expect(await info(cookie)).toBe(first);

    await updateClient(c.id, { coverImage: picked });
    expect(await info(cookie)).toBe(picked);
    expect(await info()).toBe("");
    // The cover syncs like the client's other fields: it has its own edit time.
    const stored = await server.api<{ coverImage: string; fieldTimes: Record<string, number> }>("GET", `/api/collections/clients/records/${c.id}`, { token: server.ownerToken });
    expect(stored.body.coverImage).toBe(picked);
    expect(typeof stored.body.fieldTimes.coverImage).toBe("number");

    // Another gallery's photo never becomes this one's cover (the stored one stays, tests/server/references.test.ts);
    // a deleted cover is cleared, and the gallery opens on the first image.
    await updateClient(c.id, { coverImage: foreign });
    expect(await info(cookie)).toBe(picked);
    expect((await server.api("DELETE", `/api/collections/images/records/${picked}`, { token: server.ownerToken })).status).toBe(204);
    expect(await info(cookie)).toBe(first);
    // Only an image id is accepted.
    const bad = await server.api("PATCH", `/api/collections/clients/records/${c.id}`, { token: server.ownerToken, json: { coverImage: "../../etc" } });
    expect(bad.status).toBe(400);
  });
});

describe("pagination", () => {
  beforeEach(async () => {
    await server.restart();
    await resetAccessGuards(server);
  });

  it("pages 12 images at a time from page 1, in upload order", async () => {
    const c = await makeClient();
    for (let i = 1; i <= 13; i++) await addImage(c.id, `img-${String(i).padStart(2, "0")}.png`, i);
    const cookie = await unlock(c);
    type Page = { images: Array<{ originalName: string; fileSize: number }>; pagination: { page: number; total: number; totalPages: number } };
    const first = await server.api<Page>("GET", `/api/gallery/${c.accessUrl}/images?page=1&limit=12`, { cookie });
    const second = await server.api<Page>("GET", `/api/gallery/${c.accessUrl}/images?page=2&limit=12`, { cookie });
    expect(first.body.images).toHaveLength(12);
    expect(first.body.pagination).toMatchObject({ page: 1, total: 13, totalPages: 2 });
    expect(second.body.images.map((i) => i.originalName)).toEqual(["img-13.png"]);
    const all = await server.api<Page>("GET", `/api/gallery/${c.accessUrl}/all-images`, { cookie });
    expect(all.body.images.map((i) => i.originalName)).toEqual(Array.from({ length: 13 }, (_, i) => `img-${String(i + 1).padStart(2, "0")}.png`));
    expect(all.body.images[0]!.fileSize).toBeGreaterThan(0);
  });

  it("sends the first images with the gallery's info to an unlocked visitor (one request draws the first rows), never to a locked one", async () => {
    const c = await makeClient();
    for (let i = 1; i <= 13; i++) await addImage(c.id, `img-${String(i).padStart(2, "0")}.png`, i);
    type Info = { accessCodeVerified: boolean; images?: Array<Record<string, unknown>>; pagination: { total: number; totalPages?: number } };
    const locked = await server.api<Info>("GET", `/api/gallery/${c.accessUrl}?first=5`);
    expect(locked.body.accessCodeVerified).toBe(false);
    expect(locked.body).not.toHaveProperty("images");

    const cookie = await unlock(c);
    const info = await server.api<Info>("GET", `/api/gallery/${c.accessUrl}?first=5`, { cookie });
    const page = await server.api<Info>("GET", `/api/gallery/${c.accessUrl}/images?page=1&limit=5`, { cookie });
    const all = await server.api<Info>("GET", `/api/gallery/${c.accessUrl}/all-images`, { cookie });
    expect(info.headers.get("content-type")).toMatch(/^application\/json/);
    expect(info.body).toMatchObject({ accessCodeVerified: true, pagination: { total: 13, totalPages: 3 } });
    expect(info.body.images).toEqual(page.body.images);
    expect(all.body.images!.slice(0, 5)).toEqual(page.body.images);
    expect(info.body.images![0]).toMatchObject({ originalName: "img-01.png", hasThumbnail: true, sizes: [400] });
    expect(typeof info.body.images![0]!.fileSize).toBe("number");
  });
});
