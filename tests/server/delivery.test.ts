/**
 * Delivery controls against the real server (issue 12): downloads off / web size / originals per gallery,
 * and the optional download PIN, asked once per session and rate-limited like the access code. The server
 * enforces them whatever the visitor's page shows.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { encodePng } from "../../scripts/lib/png.mjs";
import { galleryHelpers, type Client } from "./gallery-fixture";
import { resetAccessGuards, startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

const { makeClient, unlock } = galleryHelpers(() => server, "Lee Miller");

const png = (seed: number) => encodePng(16, 12, (x, y) => [(x * seed) % 256, (y * 7 + seed) % 256, seed % 256, 255]);

async function addImage(clientId: string): Promise<string> {
  const form = new FormData();
  form.set("client", clientId);
  form.set("originalName", "portrait.png");
  form.set("filename", "portrait.png");
  form.set("fileSize", String(png(1).length));
  form.set("uploadedAt", new Date().toISOString());
  form.set("original", new File([png(1)], "portrait.png", { type: "image/png" }));
  form.set("thumbnail", new File([png(2)], "thumb.png", { type: "image/png" }));
  form.set("preview", new File([png(3)], "preview.png", { type: "image/png" }));
  const r = await server.api<{ id: string }>("POST", "/api/collections/images/records", { token: server.ownerToken, form });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.id;
}

const status = async (imageId: string, query: string, cookie: string) => (await server.api("GET", `/api/gallery/image/${imageId}${query}`, { cookie })).status;

async function deliveryOf(client: Client, cookie: string) {
  const r = await server.api<{ delivery: { downloads: string; pinRequired: boolean; pinVerified: boolean } }>("GET", `/api/gallery/${client.accessUrl}`, { cookie });
  return r.body.delivery;
}

describe("download modes", () => {
  beforeEach(async () => {
    await server.restart();
    await resetAccessGuards(server);
  });

  it("keeps today's behaviour for a gallery with no mode: originals for the visitor", async () => {
    const c = await makeClient();
    const image = await addImage(c.id);
    const cookie = await unlock(c);
    expect(await deliveryOf(c, cookie)).toEqual({ downloads: "originals", originalsAs: "shot", pinRequired: false, pinVerified: true });
    expect(await status(image, "", cookie)).toBe(200);
    expect(await status(image, "?download=single", cookie)).toBe(200);
  });

  it("off: refuses originals and any download, still shows the photos", async () => {
    const c = await makeClient({ downloadMode: "off" });
    const image = await addImage(c.id);
    const cookie = await unlock(c);
    expect((await deliveryOf(c, cookie)).downloads).toBe("off");
    const refused = await server.api<{ message: string }>("GET", `/api/gallery/image/${image}`, { cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/turned off/);
    expect(await status(image, "?size=2048&download=zip", cookie)).toBe(403);
    expect(await status(image, "?preview=true&download=single", cookie)).toBe(403);
    expect(await status(image, "?size=2048", cookie)).toBe(200); // viewing
    // The owner still has the original.
    expect((await fetch(`${server.url}/api/gallery/image/${image}`, { headers: { Authorization: server.ownerToken } })).status).toBe(200);
  });

  it("web size: downloads get the 2,048 px preview, never the original", async () => {
    const c = await makeClient({ downloadMode: "web" });
    const image = await addImage(c.id);
    const cookie = await unlock(c);
    expect(await status(image, "", cookie)).toBe(403);
    const web = await fetch(`${server.url}/api/gallery/image/${image}?size=2048&download=zip`, { headers: { Cookie: cookie } });
    expect(web.status).toBe(200);
    expect(Buffer.from(await web.arrayBuffer()).equals(Buffer.from(png(3)))).toBe(true);
  });

  it("applies a changed mode at once, to sessions already open", async () => {
    const c = await makeClient();
    const image = await addImage(c.id);
    const cookie = await unlock(c);
    expect(await status(image, "", cookie)).toBe(200);
    const r = await server.api("PATCH", `/api/collections/clients/records/${c.id}`, { token: server.ownerToken, json: { downloadMode: "off" } });
    expect(r.status).toBe(200);
    expect(await status(image, "", cookie)).toBe(403);
  });

  it("refuses an unknown mode and a PIN that is not 4 digits", async () => {
    for (const fields of [{ downloadMode: "everything" }, { downloadPin: "12a4" }, { downloadPin: "12345" }]) {
      const r = await server.api("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "X", ...fields } });
      expect(r.status, JSON.stringify(fields)).toBe(400);
    }
  });
});

describe("download PIN", () => {
  beforeEach(async () => {
    await server.restart();
    await resetAccessGuards(server);
  });

  it("asks for the PIN before the first download, then not again in that session", async () => {
    const c = await makeClient({ downloadPin: "4821" });
    const image = await addImage(c.id);
    const cookie = await unlock(c);
    expect(await deliveryOf(c, cookie)).toEqual({ downloads: "originals", originalsAs: "shot", pinRequired: true, pinVerified: false });
    const refused = await server.api<{ message: string }>("GET", `/api/gallery/image/${image}`, { cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/PIN/);
    expect(await status(image, "?size=2048&download=zip", cookie)).toBe(403);
    expect(await status(image, "?size=400", cookie)).toBe(200); // viewing needs no PIN

    const wrong = await server.api("POST", `/api/gallery/${c.accessUrl}/download-pin`, { cookie, json: { pin: "0000" } });
    expect(wrong.status).toBe(401);
    const right = await server.api("POST", `/api/gallery/${c.accessUrl}/download-pin`, { cookie, json: { pin: "4821" } });
    expect(right.status).toBe(200);
    const setCookie = right.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).not.toMatch(/Max-Age|Expires/i); // a session cookie: asked again in a new browser session
    const both = `${cookie}; ${setCookie.split(";")[0]}`;
    expect((await deliveryOf(c, both)).pinVerified).toBe(true);
    expect(await status(image, "", both)).toBe(200);
    expect(await status(image, "?size=2048&download=zip", both)).toBe(200);
    // The PIN's proof alone opens nothing: the gallery session is still needed.
    expect(await status(image, "", setCookie.split(";")[0]!)).toBe(404);
  });

  it("needs the gallery session to try a PIN, and a new PIN voids the old proof", async () => {
    const c = await makeClient({ downloadPin: "1111" });
    const image = await addImage(c.id);
    expect((await server.api("POST", `/api/gallery/${c.accessUrl}/download-pin`, { json: { pin: "1111" } })).status).toBe(401);
    const cookie = await unlock(c);
    const right = await server.api("POST", `/api/gallery/${c.accessUrl}/download-pin`, { cookie, json: { pin: "1111" } });
    const both = `${cookie}; ${right.headers.get("set-cookie")!.split(";")[0]}`;
    expect(await status(image, "", both)).toBe(200);
    await server.api("PATCH", `/api/collections/clients/records/${c.id}`, { token: server.ownerToken, json: { downloadPin: "2222" } });
    // A new PIN raises the session generation (issue 24): the old session is gone, and with a fresh one the old PIN proof opens nothing.
    expect(await status(image, "", both)).toBe(404);
    const fresh = await unlock(c);
    expect(await status(image, "", `${fresh}; ${right.headers.get("set-cookie")!.split(";")[0]}`)).toBe(403);
  });

  it("is rate-limited like the access code, with Retry-After", async () => {
    const c = await makeClient({ downloadPin: "9876" });
    const cookie = await unlock(c);
    let last = 0;
    let retryAfter: string | null = null;
    for (let i = 0; i < 8 && last !== 429; i++) {
      const r = await server.api("POST", `/api/gallery/${c.accessUrl}/download-pin`, { cookie, json: { pin: String(1000 + i) } });
      last = r.status;
      retryAfter = r.headers.get("retry-after");
    }
    expect(last).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // While the address waits, even the right PIN is not checked.
    expect((await server.api("POST", `/api/gallery/${c.accessUrl}/download-pin`, { cookie, json: { pin: "9876" } })).status).toBe(429);
  });
});
