/**
 * Originals as shot or as JPEG against the real server (issue 25): a gallery that delivers originals as
 * JPEG answers a visitor's download of a photo with the full-size JPEG the owner's device uploaded, named
 * `.jpg`, and the original as shot while the photo has none; an as-shot gallery never hands out the JPEG.
 * A visitor cannot ask for the other format than the gallery's; the owner still gets the original.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryHelpers } from "./gallery-fixture";
import { jpegHeader, pngHeader, webpVp8x } from "./image-bytes";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

const { makeClient, updateClient, unlock } = galleryHelpers(() => server, "Dora Maar");
const ORIGINAL = webpVp8x(64, 48);
const JPEG = jpegHeader(64, 48);

/** A WebP original with a thumbnail, and its full-size JPEG when `withJpeg`. */
async function addPhoto(clientId: string, withJpeg: boolean): Promise<string> {
  const form = new FormData();
  form.set("client", clientId);
  form.set("originalName", "Bridge.webp");
  form.set("filename", "Bridge.webp");
  form.set("uploadedAt", new Date().toISOString());
  form.set("original", new File([new Uint8Array(ORIGINAL)], "Bridge.webp", { type: "image/webp" }));
  form.set("thumbnail", new File([new Uint8Array(pngHeader(16, 12))], "thumbnail.png", { type: "image/png" }));
  if (withJpeg) form.set("jpeg", new File([new Uint8Array(JPEG)], "jpeg.jpg", { type: "image/jpeg" }));
  const r = await server.api<{ id: string; jpeg: string }>("POST", "/api/collections/images/records", { token: server.ownerToken, form });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.id;
}

async function download(imageId: string, query: string, headers: Record<string, string>) {
  const res = await fetch(`${server.url}/api/gallery/image/${imageId}${query}`, { headers });
  return { status: res.status, type: res.headers.get("content-type"), disposition: res.headers.get("content-disposition") ?? "", bytes: Buffer.from(await res.arrayBuffer()) };
}

describe("originals as shot or as JPEG", () => {
  it("a JPEG gallery delivers the photo's full-size JPEG, named .jpg, and refuses the original as shot", async () => {
    const c = await makeClient({ originalsAs: "jpeg" });
    const image = await addPhoto(c.id, true);
    const cookie = await unlock(c);
    const info = await server.api<{ delivery: { originalsAs: string }; images: Array<{ id: string; hasJpeg: boolean }> }>("GET", `/api/gallery/${c.accessUrl}?first=10`, { cookie });
    expect(info.body.delivery.originalsAs).toBe("jpeg");
    expect(info.body.images.find((i) => i.id === image)?.hasJpeg).toBe(true);
    for (const query of ["?download=single", "?download=zip", "?download=single&format=jpeg"]) {
      const got = await download(image, query, { Cookie: cookie });
      expect(got.status).toBe(200);
      expect(got.type).toBe("image/jpeg");
      expect(got.bytes.equals(JPEG)).toBe(true);
      expect(got.disposition).toContain('filename="Bridge.jpg"');
    }
    const refused = await server.api<{ message: string }>("GET", `/api/gallery/image/${image}?download=single&format=original`, { cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/as JPEG/);
    // The owner keeps the original as shot (the device makes sizes and JPEGs from it), and may ask for the JPEG.
    expect((await download(image, "", { Authorization: server.ownerToken })).bytes.equals(ORIGINAL)).toBe(true);
    expect((await download(image, "?format=jpeg", { Authorization: server.ownerToken })).bytes.equals(JPEG)).toBe(true);
  });

  it("serves the original as shot while the photo has no JPEG yet, and says so in the image list", async () => {
    const c = await makeClient({ originalsAs: "jpeg" });
    const image = await addPhoto(c.id, false);
    const cookie = await unlock(c);
    const list = await server.api<{ images: Array<{ id: string; hasJpeg: boolean }> }>("GET", `/api/gallery/${c.accessUrl}/all-images`, { cookie });
    expect(list.body.images.find((i) => i.id === image)?.hasJpeg).toBe(false);
    for (const query of ["?download=single", "?download=zip&format=original", "?download=zip&format=jpeg"]) {
      const got = await download(image, query, { Cookie: cookie });
      expect(got.status).toBe(200);
      expect(got.bytes.equals(ORIGINAL)).toBe(true);
      expect(got.disposition).toContain('filename="Bridge.webp"');
    }
  });

  it("an as-shot gallery delivers the original and refuses the JPEG, whatever the photo has", async () => {
    const c = await makeClient();
    const image = await addPhoto(c.id, true);
    const cookie = await unlock(c);
    const info = await server.api<{ delivery: { originalsAs: string } }>("GET", `/api/gallery/${c.accessUrl}`, { cookie });
    expect(info.body.delivery.originalsAs).toBe("shot"); // the server's default for a new client
    expect((await download(image, "?download=zip", { Cookie: cookie })).bytes.equals(ORIGINAL)).toBe(true);
    const refused = await server.api<{ message: string }>("GET", `/api/gallery/image/${image}?download=single&format=jpeg`, { cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/as shot/);
    // Switching the gallery to JPEG takes effect on the next request.
    await updateClient(c.id, { originalsAs: "jpeg" });
    expect((await download(image, "?download=single", { Cookie: cookie })).bytes.equals(JPEG)).toBe(true);
  });

  it("refuses a jpeg file that is not a JPEG", async () => {
    const c = await makeClient();
    const image = await addPhoto(c.id, false);
    const form = new FormData();
    form.set("jpeg", new File([new Uint8Array(pngHeader(16, 12))], "jpeg.jpg", { type: "image/jpeg" }));
    const r = await server.api<{ data: Record<string, { code: string }> }>("PATCH", `/api/collections/images/records/${image}`, { token: server.ownerToken, form });
    expect(r.status).toBe(400);
    expect(r.body.data.jpeg?.code).toBe("validation_not_jpeg");
  });
});
