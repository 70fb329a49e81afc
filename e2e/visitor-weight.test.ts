/**
 * The budgets of issue 43, in Chromium against the built app served by PocketBase (the build itself refuses
 * the message parser, zod and the owner's code in any visitor chunk: vite-plugin-visitor-weight.ts):
 *
 * - the visitor's JavaScript before the code (the gate shown, the network idle): at most 120 KB gzipped,
 *   each script counted at its gzip size as the build wrote it (dist/…/*.gz);
 * - the whole first visit up to the first thumbnail, besides images: at most 150 KB as transferred
 *   (CDP's encodedDataLength: the server sends brotli), plus the visitor's service worker script, which a
 *   real first visit downloads too (blocked here so every file the page needs is counted by the page);
 * - a signed-out browser on the owner's app loads the sign-in alone, never the owner's app chunk.
 *
 * `WEIGHT_LIST=1` prints every file of the first visit with its bytes as transferred.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { uploadPhoto } from "./support/gallery-seed";
import { ownerApi } from "./support/owner-api";

const DIST = path.resolve(import.meta.dirname, "../dist");
const BEFORE_CODE_JS_GZIP_KB = 120;
const FIRST_VISIT_KB = 150;

/** A built file's size gzipped, as the build wrote it beside the file (or gzipped here when it is small). */
function gzipBytes(pathname: string): number {
  const file = path.join(DIST, pathname);
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file), { level: 9 }).length;
}

let server: AppServer;
let browser: Browser;
let gallery: { accessUrl: string; accessCode: string };

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  const api = await ownerApi(server);
  const client = await api<{ id: string; accessUrl: string; accessCode: string }>("POST", "/api/collections/clients/records", { name: "Imogen Cunningham" });
  for (let i = 0; i < 3; i++) await uploadPhoto(server.url, api.token, client.id, `IMG_${i}.jpg`, 900, 600, i, i);
  gallery = client;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("weight budgets", () => {
  it("keeps the visitor's JavaScript before the code and the first visit within their budgets", async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, serviceWorkers: "block" });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const responses = new Map<string, { type: string; url: string }>();
    const transferred: Array<{ path: string; type: string; bytes: number }> = [];
    cdp.on("Network.responseReceived", (e) => responses.set(e.requestId, { type: e.type, url: e.response.url }));
    cdp.on("Network.loadingFinished", (e) => {
      const r = responses.get(e.requestId);
      if (r) transferred.push({ path: new URL(r.url).pathname, type: r.type, bytes: e.encodedDataLength });
    });

    await page.goto(`/gallery/${gallery.accessUrl}`);
    await page.getByRole("button", { name: "Access Gallery" }).waitFor();
    await page.waitForLoadState("networkidle");
    const scripts = [...new Set(transferred.filter((t) => t.type === "Script").map((t) => t.path))];
    console.log(scripts.map((p) => `${p} ${(gzipBytes(p) / 1024).toFixed(1)}`).join("\n"));
    const beforeCodeKb = scripts.reduce((sum, p) => sum + gzipBytes(p), 0) / 1024;

    await page.getByLabel("Access Code").fill(gallery.accessCode);
    await page.getByRole("button", { name: "Access Gallery" }).click();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>(".gallery-main img")].some((img) => img.complete && img.naturalWidth > 0), undefined, { timeout: 30_000 });
    const swFile = path.join(DIST, "gallery-sw.js");
    const swBytes = statSync(existsSync(`${swFile}.br`) ? `${swFile}.br` : swFile).size;
    const firstVisitKb = (transferred.filter((t) => t.type !== "Image").reduce((sum, t) => sum + t.bytes, 0) + swBytes) / 1024;
    if (process.env.WEIGHT_LIST) console.log(transferred.filter((t) => t.type !== "Image").map((t) => `${t.type} ${t.path} ${t.bytes}`).join("\n"));
    console.log(`visitor JS before the code ${beforeCodeKb.toFixed(1)} KB gzipped over ${scripts.length} files; first visit ${firstVisitKb.toFixed(1)} KB besides images`);
    await context.close();

    expect(scripts.length).toBeGreaterThan(3);
    expect(beforeCodeKb).toBeLessThanOrEqual(BEFORE_CODE_JS_GZIP_KB);
    expect(firstVisitKb).toBeLessThanOrEqual(FIRST_VISIT_KB);
  });

  it("loads the sign-in alone for a signed-out browser, never the owner's app", async () => {
    const context = await browser.newContext({ baseURL: server.url, serviceWorkers: "block" });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (r) => void (r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname)));
    await page.goto("/clients");
    await page.waitForURL("**/auth");
    await page.getByRole("button", { name: "Login" }).waitFor();
    await page.waitForLoadState("networkidle");
    await context.close();
    expect(scripts.some((s) => /\/SignInApp-[\w-]+\.js$/.test(s))).toBe(true);
    expect(scripts.filter((s) => /\/OwnerApp-[\w-]+\.js$/.test(s))).toEqual([]);
  });
});
