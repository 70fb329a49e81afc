/**
 * What PocketBase serves of the built app: the visitor entry (gallery.html) for every /gallery/* page and
 * the owner's index.html elsewhere. The test writes a tiny build into the server's public folder.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
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
});
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
