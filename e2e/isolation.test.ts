/**
 * Every core (issue 28): the owner's app is cross-origin isolated, online and when its service worker opens
 * it offline, so the multi-threaded AVIF and OxiPNG encoders run; a conversion to AVIF and to lossless PNG
 * still works end to end with them. The visitor's gallery is not isolated and still shows its photos.
 * Both service workers send the server's API straight to the network (static routes).
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readImageHeader } from "../workers/image/sniff";
import { VisitorGalleryPage } from "./pages/VisitorGalleryPage";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { uploadPhoto } from "./support/gallery-seed";
import { ownerApi } from "./support/owner-api";
import { ownerSession } from "./support/owner-session";
import { makeJpeg } from "./support/photos";
import { visitorSession } from "./support/visitor-session";

let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/**
 * Every URL the owner's pages and their workers asked for (answered by the network or the service worker),
 * not the service worker's own requests (its precaching fetches every codec, threaded or not).
 */
const asked: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  ({ context, page } = await ownerSession(browser, server, { acceptDownloads: true }));
  context.on("request", (request) => {
    if (!request.serviceWorker()) asked.push(request.url());
  });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/**
 * The source the service worker's static routes chose for each /api/ answer while `action` ran
 * (DevTools' `serviceWorkerRouterInfo`; absent when the request went through the worker's fetch listeners).
 */
async function apiRouting(target: Page, action: () => Promise<unknown>): Promise<Array<{ url: string; source: string }>> {
  const cdp = await target.context().newCDPSession(target);
  const seen: Array<{ url: string; source: string }> = [];
  cdp.on("Network.responseReceived", (event: { response: { url: string; serviceWorkerRouterInfo?: { matchedSourceType?: string } } }) => {
    if (new URL(event.response.url).pathname.startsWith("/api/")) seen.push({ url: event.response.url, source: event.response.serviceWorkerRouterInfo?.matchedSourceType ?? "through the worker" });
  });
  await cdp.send("Network.enable");
  try {
    await action();
  } finally {
    await cdp.detach();
  }
  return seen;
}

const isolated = () => page.evaluate(() => ({ isolated: globalThis.crossOriginIsolated, sharedMemory: typeof SharedArrayBuffer === "function" }));

async function convert(name: string, format: string, options: { lossless?: boolean } = {}): Promise<Buffer> {
  await page.goto("/converter");
  await page.getByLabel("Target Format").selectOption(format);
  if (options.lossless) await page.getByLabel("Lossless Conversion").check();
  await page.getByLabel("Choose images").setInputFiles([{ name: "shot.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(page, 640, 480, 5) }]);
  await page.getByRole("button", { name: "Convert", exact: true }).click();
  await page.getByRole("heading", { name: "Conversion Complete", exact: true }).waitFor({ timeout: 120_000 });
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: `Download ${name}` }).click();
  return readFileSync((await (await downloading).path())!);
}

describe("the owner's app", () => {
  it("is cross-origin isolated when the server answers, and when its service worker opens it offline", async () => {
    // The server's answers alone (no service worker in this context) isolate the app.
    const bare = await browser.newContext({ baseURL: server.url, serviceWorkers: "block" });
    try {
      const first = await bare.newPage();
      await first.goto("/auth");
      expect(await first.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
    } finally {
      await bare.close();
    }
    await page.goto("/");
    expect(await isolated()).toEqual({ isolated: true, sharedMemory: true });
    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole("link", { name: "Image Converter" }).first().waitFor();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      expect(await isolated()).toEqual({ isolated: true, sharedMemory: true });
    } finally {
      await context.setOffline(false);
    }
  });

  it("converts to AVIF and to lossless PNG with the multi-threaded encoders, offline", async () => {
    await page.goto("/converter");
    await context.setOffline(true);
    try {
      await page.reload();
      expect((await isolated()).isolated).toBe(true);
      const avif = await convert("shot.avif", "avif");
      expect(readImageHeader(new Uint8Array(avif))).toMatchObject({ format: "avif", width: 640, height: 480 });
      const png = await convert("shot.png", "png", { lossless: true });
      expect(readImageHeader(new Uint8Array(png))).toMatchObject({ format: "png", width: 640, height: 480 });
    } finally {
      await context.setOffline(false);
    }
    // The encoders' thread workers were started: the threaded builds ran, not their single-threaded twins.
    expect(asked.filter((url) => /\/assets\/avif_enc_mt\.worker-[\w-]+\.js$/.test(url)).length).toBeGreaterThan(0);
    expect(asked.filter((url) => /\/assets\/workerHelpers\.worker-[\w-]+\.js$/.test(url)).length).toBeGreaterThan(0);
    expect(asked.some((url) => /\/assets\/avif_enc-[\w-]+\.(js|wasm)$/.test(url))).toBe(false);
  });

  it("sends the server's API straight to the network, past its service worker", async () => {
    await page.goto("/");
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const routed = await apiRouting(page, () => page.evaluate(() => fetch("/api/sync/now").then((r) => r.status)));
    expect(routed.length).toBeGreaterThan(0);
    expect(routed.map((r) => r.source)).toEqual(routed.map(() => "network"));
  });
});

describe("the visitor's gallery", () => {
  it("is not isolated and still shows its photos", async () => {
    const api = await ownerApi(server);
    const gallery = await api<{ id: string; accessUrl: string; accessCode: string }>("POST", "/api/collections/clients/records", { name: "Open Air" });
    await uploadPhoto(server.url, api.token, gallery.id, "field.jpg", 1200, 800, 3, 0);
    const visitor = await visitorSession(browser, server, gallery);
    try {
      const photo = new VisitorGalleryPage(visitor.page).gridImages().first();
      await photo.waitFor();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      expect(await visitor.page.evaluate(() => globalThis.crossOriginIsolated)).toBe(false);
      // Its service worker lets the photos and the gallery's API go straight to the network.
      await visitor.page.evaluate(() => navigator.serviceWorker.ready);
      const routed = await apiRouting(visitor.page, async () => {
        await visitor.page.reload();
        await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      });
      expect(routed.filter((r) => r.url.includes("/api/gallery/image/")).length).toBeGreaterThan(0);
      expect(routed.map((r) => r.source)).toEqual(routed.map(() => "network"));
    } finally {
      await visitor.context.close();
    }
  });
});
