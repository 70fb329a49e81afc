/**
 * The studio's logo is judged by its bytes as a photo is (issue 37, item 16): a 24-byte file that starts
 * like a PNG was stored as the logo ("Logo updated"); the server now refuses a file that is not a whole PNG
 * or JPEG, with the reason, and keeps the logo it had.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pngBytes } from "./gallery-fixture";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let settingsId = "";
beforeAll(async () => {
  server = await startTestServer();
  const settings = await server.api<{ items: Array<{ id: string }> }>("GET", "/api/collections/settings/records", { token: server.ownerToken });
  settingsId = settings.body.items[0]!.id;
});
afterAll(async () => server?.stop());

async function uploadLogo(bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.set("logo", new File([new Uint8Array(bytes)], name, { type }));
  return server.api<{ logo?: string; message?: string; data?: Record<string, { message: string }> }>("PATCH", `/api/collections/settings/records/${settingsId}`, { token: server.ownerToken, form });
}

describe("the studio's logo", () => {
  it("takes a whole PNG, and refuses the first 24 bytes of one, keeping the logo it had", async () => {
    const whole = await uploadLogo(pngBytes(3), "logo.png", "image/png");
    expect(whole.status).toBe(200);
    const kept = whole.body.logo;
    expect(kept).toMatch(/\.png$/);

    const stub = pngBytes(5).slice(0, 24);
    const refused = await uploadLogo(stub, ".png", "image/png");
    expect(refused.status).toBe(400);
    expect(refused.body.data?.logo?.message).toBe("The logo is not a whole PNG or JPEG image.");
    const after = await server.api<{ logo: string }>("GET", `/api/collections/settings/records/${settingsId}`, { token: server.ownerToken });
    expect(after.body.logo).toBe(kept);
  });

  it("refuses an image of another format called .png", async () => {
    // A GIF's first bytes with a size: an image, but not one a logo may be.
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b]);
    const refused = await uploadLogo(gif, "logo.png", "image/png");
    expect(refused.status).toBe(400);
  });
});
