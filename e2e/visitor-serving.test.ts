/**
 * What a visitor's browser receives on /gallery/*: the visitor entry alone (no owner code, no codecs, no
 * manifest), only the visitor's service worker (scoped to /gallery/, caching nothing), and a 'Reload'
 * page instead of a blank one when a chunk fails to load.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { ownerToken } from "./support/owner-api";

let server: AppServer;
let browser: Browser;
let accessUrl = "";

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  const token = await ownerToken(server);
  const client = await fetch(`${server.url}/api/collections/clients/records`, {
    method: "POST",
    headers: { Authorization: token, "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Ada Lovelace" }),
  });
  accessUrl = ((await client.json()) as { accessUrl: string }).accessUrl;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("visitor pages", () => {
  it("load no owner code, codecs or manifest, and register only the visitor's service worker, which keeps only the visitor's own page and files", async () => {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(`/gallery/${accessUrl}`);
    await page.getByRole("button", { name: "Access Gallery" }).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload(); // now through the visitor's worker, which keeps what the page fetched
    await page.getByRole("button", { name: "Access Gallery" }).waitFor();
    const sw = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const registrations = await navigator.serviceWorker.getRegistrations();
      return {
        scripts: registrations.map((r) => new URL((r.active ?? r.waiting ?? r.installing)!.scriptURL).pathname),
        scopes: registrations.map((r) => new URL(r.scope).pathname),
        readyScope: new URL(registration.scope).pathname,
        caches: await caches.keys(),
        cached: await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname))),
        manifestLinks: document.querySelectorAll('link[rel="manifest"]').length,
      };
    });
    expect(sw.scripts).toEqual(["/gallery-sw.js"]);
    expect(sw.scopes).toEqual(["/gallery/"]);
    expect(sw.caches).toEqual(["visitor-shell-v1"]);
    const cached = sw.cached.flat();
    expect(cached).toContain("/gallery/__shell");
    expect(cached.some((p) => /^\/assets\/.*\.js$/.test(p))).toBe(true);
    expect(cached.filter((p) => p !== "/gallery/__shell" && !p.startsWith("/assets/"))).toEqual([]);
    expect(cached.filter((p) => /OwnerApp|media\.worker|\.wasm$|codec/i.test(p))).toEqual([]);
    expect(sw.manifestLinks).toBe(0);
    const ownerFiles = requested.filter((p) => /OwnerApp|media\.worker|\.wasm$|manifest\.webmanifest|^\/sw\.js$|\/index\.html$/.test(p));
    expect(ownerFiles).toEqual([]);
    await expect(page.locator(".update-prompt").count()).resolves.toBe(0);
    await context.close();
  });

  it("shows 'Reload' when the gallery's chunk fails to load, and opens the gallery once it loads again", async () => {
    // No service worker: Playwright's routing sees the page's own requests only.
    const context = await browser.newContext({ baseURL: server.url, serviceWorkers: "block" });
    const page = await context.newPage();
    const chunk = "**/assets/ClientGalleryRoute-*.js";
    await page.route(chunk, (route) => route.abort("connectionreset"));
    await page.goto(`/gallery/${accessUrl}`);
    await page.getByRole("heading", { name: "This page could not load" }).waitFor();
    await page.unroute(chunk);
    await page.getByRole("button", { name: "Reload" }).click();
    await page.getByRole("button", { name: "Access Gallery" }).waitFor();
    await context.close();
  });
});
