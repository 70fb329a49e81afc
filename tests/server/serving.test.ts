/**
 * What PocketBase serves of the built app: the visitor entry (gallery.html) for every /gallery/* page and
 * the owner's index.html elsewhere; cache lifetimes, 404 for missing assets, and the precompressed files
 * chosen by Accept-Encoding. The test writes a tiny build into the server's public folder.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
const INDEX = "<!doctype html><title>owner</title><link rel=\"manifest\" href=\"/manifest.webmanifest\">";
const GALLERY = "<!doctype html><html><head><title>Gallery</title></head><body><div id=root></div></body></html>";

beforeAll(async () => {
  server = await startTestServer();
  const pub = path.join(server.dataDir, "public");
  mkdirSync(path.join(pub, "assets"), { recursive: true });
  writeFileSync(path.join(pub, "index.html"), INDEX);
  writeFileSync(path.join(pub, "gallery.html"), GALLERY);
  writeFileSync(path.join(pub, "assets", "app-abc123.js"), APP_JS);
  writeFileSync(path.join(pub, "assets", "app-abc123.js.br"), brotliCompressSync(APP_JS));
  writeFileSync(path.join(pub, "assets", "app-abc123.js.gz"), gzipSync(APP_JS));
  writeFileSync(path.join(pub, "sw.js"), "self.addEventListener('fetch', () => {});");
  writeFileSync(path.join(pub, "manifest.webmanifest"), "{}");
});

const APP_JS = Buffer.from(`export const answer = ${JSON.stringify("forty-two ".repeat(500))};\n`);

/** A raw GET (Node's fetch would ask for and undo compression itself). */
function rawGet(pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(server.url + pathname, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}
afterAll(async () => server?.stop());

describe("visitor entry", () => {
  it("serves gallery.html, not the owner's index.html, for gallery pages, and asks the browser to revalidate it", async () => {
    for (const page of ["/gallery/abcdefghij", "/gallery/access", "/gallery/abcdefghij?x=1"]) {
      const res = await fetch(server.url + page);
      expect(res.status, page).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/text\/html/);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      const html = await res.text();
      expect(html, page).toContain("<title>Gallery");
      expect(html).not.toContain("manifest");
    }
  });

  it("keeps the owner's index.html for the owner's pages", async () => {
    const res = await fetch(`${server.url}/clients`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<title>owner</title>");
  });
});

describe("built files", () => {
  it("answers a missing asset with 404, not the app's index.html", async () => {
    const res = await rawGet("/assets/index-gone1234.js");
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toContain("<title>owner</title>");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect((await rawGet("/assets/../index.html")).body.toString()).not.toContain("<title>owner</title>");
  });

  it("caches hashed assets for a year and revalidates the pages, service workers and manifest, keeping the security headers", async () => {
    const asset = await rawGet("/assets/app-abc123.js");
    expect(asset.status).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(asset.headers["x-content-type-options"]).toBe("nosniff");
    for (const page of ["/", "/clients", "/sw.js", "/manifest.webmanifest", "/gallery/abcdefghij"]) {
      const res = await rawGet(page);
      expect(res.status, page).toBe(200);
      expect(res.headers["cache-control"], page).toBe("no-cache");
    }
  });

  it("sends the brotli or gzip file the browser accepts, with Vary: Accept-Encoding, and the plain file otherwise", async () => {
    const br = await rawGet("/assets/app-abc123.js", { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.body.length).toBeLessThan(APP_JS.length / 10);
    expect(brotliDecompressSync(br.body).equals(APP_JS)).toBe(true);

    const gz = await rawGet("/assets/app-abc123.js", { "Accept-Encoding": "gzip, br;q=0" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(APP_JS)).toBe(true);

    const plain = await rawGet("/assets/app-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.equals(APP_JS)).toBe(true);
  });
});
