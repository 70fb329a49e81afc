/**
 * A visitor's clips in Chromium against the real server (issue 38): the tile's poster, play mark and length;
 * the viewer plays the web version inline (no autoplay, native controls, time advances, seeking works) and
 * swipes past it like a photo; the slideshow plays a clip through, muted, then goes on; an HEVC clip this
 * browser cannot decode shows its poster, a sentence and its download; favourites work on a clip; a zip carries
 * clips byte for byte, stored, per delivery mode.
 */
import type { Browser, Page } from "playwright-core";
import { readFileSync } from "node:fs";
import { extractEntry, readZipDirectory } from "../workers/zip/readZip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VisitorGalleryPage } from "./pages/VisitorGalleryPage";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { ffmpegClip, uploadClip, type SeededClip } from "./support/clips";
import { uploadPhoto } from "./support/gallery-seed";
import { ownerApi } from "./support/owner-api";
import { visitorSession } from "./support/visitor-session";

let server: AppServer;
let browser: Browser;
let gallery: { id: string; accessUrl: string; accessCode: string };
let film: SeededClip;
let hevc: SeededClip;
const bytes: Record<string, Buffer> = {};

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  const api = await ownerApi(server);
  gallery = await api("POST", "/api/collections/clients/records", { name: "Ada & Grace" });
  bytes.web = ffmpegClip({ seconds: 3, keyEvery: 1 });
  bytes.film = ffmpegClip({ seconds: 3, size: "480x270" });
  bytes.hevc = ffmpegClip({ seconds: 3, codec: "hevc" });
  await uploadPhoto(server.url, api.token, gallery.id, "photo-01.jpg", 2400, 1600, 3, 0);
  film = await uploadClip(server.url, api.token, gallery.id, { name: "first-dance.mov", at: 1, seconds: 3, width: 320, height: 180, original: bytes.film, web: bytes.web, webStatus: "made" });
  await uploadPhoto(server.url, api.token, gallery.id, "photo-02.jpg", 1600, 2400, 4, 2);
  hevc = await uploadClip(server.url, api.token, gallery.id, { name: "phone.mp4", at: 3, seconds: 3, width: 320, height: 180, original: bytes.hevc, webStatus: "unsupported", codec: "hevc" });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const videoState = (page: Page) =>
  page.locator(".yarl__slide_current video").evaluate((v: HTMLVideoElement) => ({ paused: v.paused, muted: v.muted, time: v.currentTime, ended: v.ended, controls: v.controls, poster: v.poster, src: v.currentSrc }));

async function openClip(page: Page, id: string) {
  await page.locator(`.photo-card-open[data-image-id="${id}"]`).click();
  await page.locator(".yarl__slide_current video").waitFor();
}

describe("a visitor's clips", () => {
  it("shows a clip's tile with its poster, a play mark and its length", async () => {
    const { context, page } = await visitorSession(browser, server, gallery);
    const tile = page.locator(`.photo-card-open[data-image-id="${film.id}"]`).locator("..");
    await tile.getByRole("img", { name: "Video, 0:03" }).waitFor();
    expect(await tile.locator(".photo-card-clip").innerText()).toContain("0:03");
    expect(await tile.locator("img").first().getAttribute("src")).toContain(`/api/gallery/image/${film.id}?`);
    await context.close();
  });

  it("plays the web version inline with the browser's controls, never by itself, seeks, and swipes past like a photo", async () => {
    const { context, page } = await visitorSession(browser, server, gallery);
    await openClip(page, film.id);
    const before = await videoState(page);
    expect(before).toMatchObject({ paused: true, controls: true });
    expect(before.poster).toContain(`/api/gallery/image/${film.id}?size=`);
    await page.waitForTimeout(800);
    expect((await videoState(page)).paused).toBe(true); // no autoplay
    // The visitor's tap on play (a click on the video toggles it in Chromium's controls).
    await page.locator(".yarl__slide_current video").click();
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>(".yarl__slide_current video")?.currentTime ?? 0) > 0.3);
    const playing = await videoState(page);
    expect(playing.src).toContain(`/api/gallery/image/${film.id}?video=web`);
    expect(playing.muted).toBe(false);
    await page.locator(".yarl__slide_current video").evaluate((v: HTMLVideoElement) => (v.currentTime = 2));
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>(".yarl__slide_current video")?.currentTime ?? 0) >= 2);
    // Next, like a photo: the clip stops.
    await page.getByRole("button", { name: "Next image" }).click();
    await page.locator(".yarl__slide_current img").waitFor();
    expect(await page.locator(".yarl__slide video").evaluateAll((vs) => vs.every((v) => (v as HTMLVideoElement).paused))).toBe(true);
    await context.close();
  });

  it("plays a clip through in the slideshow, muted, then goes on", async () => {
    const { context, page } = await visitorSession(browser, server, gallery);
    await openClip(page, film.id);
    await page.getByRole("button", { name: "Slideshow" }).click();
    await page.waitForFunction(() => !(document.querySelector<HTMLVideoElement>(".yarl__slide_current video")?.paused ?? true));
    expect((await videoState(page)).muted).toBe(true);
    // The slideshow's 4 s delay runs from the clip's end, not its start: the photo after it comes only then.
    await page.waitForFunction(() => document.querySelector<HTMLVideoElement>(".yarl__slide_current video")?.ended === true, undefined, { timeout: 10_000 });
    await page.locator(".yarl__slide_current img").waitFor({ timeout: 10_000 });
    await context.close();
  });

  it("shows the poster, a sentence and the download for a clip this browser cannot decode", async () => {
    const { context, page } = await visitorSession(browser, server, gallery);
    await page.locator(`.photo-card-open[data-image-id="${hevc.id}"]`).click();
    const note = page.getByRole("note");
    await note.getByText("This video doesn't play in this browser. Download it to watch it on your device.").waitFor();
    expect(await page.locator(".yarl__slide_current video").count()).toBe(0);
    const download = page.waitForEvent("download");
    await note.getByRole("button", { name: "Download video" }).click();
    expect((await download).suggestedFilename()).toBe("phone.mp4");
    await context.close();
  });

  it("keeps a favourite on a clip", async () => {
    const { context, page } = await visitorSession(browser, server, gallery);
    const tile = page.locator(`.photo-card-open[data-image-id="${film.id}"]`).locator("..");
    await tile.getByRole("button", { name: /favourites/ }).click();
    const name = page.getByRole("dialog").getByLabel("Your name");
    if (await name.isVisible().catch(() => false)) {
      await name.fill("Ada");
      await page.getByRole("dialog").getByRole("button", { name: "Continue" }).click();
    }
    await tile.locator(".photo-card-heart.is-favourite").waitFor();
    await context.close();
  });

  it("zips clips byte for byte, stored: originals as shot, or in web size the web version as .mp4", async () => {
    const api = await ownerApi(server);
    for (const mode of ["originals", "web"] as const) {
      await api("PATCH", `/api/collections/clients/records/${gallery.id}`, { downloadMode: mode });
      // The zip streams through the service worker into the browser's download (no save picker in this test).
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 }, acceptDownloads: true });
      await context.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);
      const page = await context.newPage();
      await page.goto(`/gallery/${gallery.accessUrl}`);
      await new VisitorGalleryPage(page).enterCode(gallery.accessCode);
      await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
      await page.getByRole("button", { name: "Select All", exact: true }).click();
      const downloading = page.waitForEvent("download");
      await page.getByRole("button", { name: "Download Selected (4)" }).click();
      const zip = new Blob([readFileSync((await (await downloading).path())!)]);
      await page.getByRole("heading", { name: "Download Complete" }).waitFor();
      const entries = await readZipDirectory(zip);
      const entry = async (name: string) => {
        const found = entries.find((e) => e.name === name);
        expect(found, `${mode}: ${name} in ${entries.map((e) => e.name).join(", ")}`).toBeDefined();
        expect(found!.method).toBe(0); // stored
        return Buffer.from(await (await extractEntry(zip, found!)).arrayBuffer());
      };
      expect((await entry(mode === "web" ? "first-dance.mp4" : "first-dance.mov")).equals(mode === "web" ? bytes.web! : bytes.film!)).toBe(true);
      // A clip delivered as shot has nothing else to give, in either mode.
      expect((await entry("phone.mp4")).equals(bytes.hevc!)).toBe(true);
      await context.close();
    }
    await api("PATCH", `/api/collections/clients/records/${gallery.id}`, { downloadMode: "originals" });
  });
});

