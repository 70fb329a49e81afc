/**
 * File limits the server enforces itself (issue 10): an original over 20 MB (20,971,520 bytes) and an
 * oversized thumbnail or preview are refused, whatever the app would have sent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodePng } from "../../scripts/lib/png.mjs";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let clientId = "";
beforeAll(async () => {
  server = await startTestServer();
  const c = await server.api<{ id: string }>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "Limits" } });
  clientId = c.body.id;
});
afterAll(async () => server?.stop());

/** A real PNG followed by padding up to `size` bytes (the type is sniffed from the first bytes). */
function pngOfSize(size: number): Uint8Array<ArrayBuffer> {
  const png = encodePng(8, 8, (x, y) => [x * 30, y * 30, 90, 255]);
  const out = new Uint8Array(new ArrayBuffer(size));
  out.set(png);
  return out;
}

async function upload(files: { original?: number; thumbnail?: number; preview?: number }) {
  const form = new FormData();
  form.set("client", clientId);
  form.set("originalName", "a.png");
  form.set("filename", "a.png");
  form.set("fileSize", String(files.original ?? 0));
  form.set("uploadedAt", new Date().toISOString());
  for (const [field, size] of Object.entries(files)) form.set(field, new File([pngOfSize(size)], `${field}.png`, { type: "image/png" }));
  return server.api<{ data?: Record<string, { code: string }> }>("POST", "/api/collections/images/records", { token: server.ownerToken, form });
}

describe("file sizes", () => {
  it("accepts an original of exactly 20,971,520 bytes and refuses one byte more", async () => {
    expect((await upload({ original: 20971520, thumbnail: 1000 })).status).toBe(200);
    const over = await upload({ original: 20971521, thumbnail: 1000 });
    expect(over.status).toBe(400);
    expect(over.body.data?.original).toBeDefined();
  }, 60_000);

  it("refuses a thumbnail over 1 MB and a preview over 8 MB", async () => {
    expect((await upload({ thumbnail: 1024 * 1024 + 1 })).status).toBe(400);
    expect((await upload({ thumbnail: 1000, preview: 8 * 1024 * 1024 + 1 })).status).toBe(400);
    expect((await upload({ thumbnail: 1024 * 1024, preview: 8 * 1024 * 1024 })).status).toBe(200);
  }, 60_000);
});
