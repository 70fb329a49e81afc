/**
 * The owner's viewer streams a clip whose bytes are not on this device (issue 38), in real Chromium against
 * the real server: the clip was uploaded by another device, so the viewer plays the server's web version from
 * an address with the owner's file token (a `<video>` cannot send the Authorization header), and the browser
 * fetches ranges (206) rather than the whole file. When the server refuses a token mid-way (here: the address's
 * token spoiled in flight after the clip's metadata loaded, which the real server answers 404, as an expired
 * one), the player gets a fresh token and plays on. Service workers are blocked so every request is seen.
 */
import type { Browser, BrowserContext, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { ffmpegClip, uploadClip } from "./support/clips";
import { ownerApi } from "./support/owner-api";
import { signInOwner } from "./support/owner-session";

let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let clientId = "";
const answers: Array<{ token: string; status: number; range: string }> = [];
let spoiled = "";

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  const api = await ownerApi(server);
  clientId = (await api<{ id: string }>("POST", "/api/collections/clients/records", { name: "Ada & Grace" })).id;
  // 20 s at 2.5 Mbit/s (about 6 MB): more than the player reads ahead for its metadata.
  const web = ffmpegClip({ seconds: 20, size: "640x360", bitrate: "2500k", keyEvery: 1 });
  await uploadClip(server.url, api.token, clientId, { name: "first-dance.mp4", at: 1, seconds: 20, width: 640, height: 360, original: web, webStatus: "original" });
  context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, serviceWorkers: "block" });
  page = await context.newPage();
  // A token this test spoils stands for one that expired: the real server refuses it.
  await page.route(/\/api\/gallery\/image\/[^?]+\?.*video=web/, (route) => {
    const url = new URL(route.request().url());
    if (spoiled && url.searchParams.get("token") === spoiled) url.searchParams.set("token", `${spoiled}x`);
    return route.continue({ url: url.toString() });
  });
  page.on("response", (res: Response) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith("/api/gallery/image/") && url.searchParams.get("video") === "web") {
      answers.push({ token: (url.searchParams.get("token") ?? "").replace(/x$/, ""), status: res.status(), range: res.request().headers()["range"] ?? "" });
    }
  });
  await signInOwner(page, server, { serviceWorker: false });
  await page.goto(`/clients/${clientId}`);
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe("the owner's viewer of a clip on the server", () => {
  it("streams the web version with the owner's file token in its address, in ranges (206)", async () => {
    await page.getByRole("button", { name: "Play first-dance.mp4, 0:20" }).click();
    const video = page.getByRole("dialog", { name: "first-dance.mp4" }).locator("video.viewer-clip");
    await video.waitFor();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const src = new URL(await video.evaluate((v: HTMLVideoElement) => v.src));
    expect(src.searchParams.get("video")).toBe("web");
    expect(src.searchParams.get("token")?.split(".")).toHaveLength(3);
    expect(answers.some((a) => a.status === 206 && a.range.startsWith("bytes="))).toBe(true);
    expect(answers.every((a) => a.status === 206 || a.status === 200)).toBe(true);

    // The token "expires" before play: the next request is refused; the player renews it and plays on. A token
    // is its claims and its expiry in seconds: one made within the same second would be the same, so wait one.
    await new Promise((r) => setTimeout(r, 1100));
    spoiled = src.searchParams.get("token")!;
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      v.currentTime = 15;
      return v.play().catch(() => undefined);
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => new URL(v.src).searchParams.get("token")), { timeout: 15_000 }).not.toBe(spoiled);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(15.3);
    expect(answers.some((a) => a.token === spoiled && a.status === 404)).toBe(true);
    expect(answers.some((a) => a.token !== spoiled && a.status === 206)).toBe(true);
    expect(await video.evaluate((v: HTMLVideoElement) => v.error)).toBeNull();
  });
});
