/**
 * The owner's clips (issue 38), on the device, offline, in real Chromium: two clips held only by this device
 * (made by ffmpeg in the test, written into the device's database as an import leaves them). The grid shows
 * each one's poster with a play mark and its length, and a clip becomes the gallery's cover as a photo does;
 * the viewer plays the H.264 clip from the device's bytes (time advances, nothing starts by itself, Left and
 * Right seek in the player rather than change clips) and, for the HEVC clip this Chromium cannot decode,
 * keeps the poster with the reason and says why its client gets it as shot. The end-to-end test of a clip's whole way (import, upload, visitor) is the lead's.
 * With SCREENSHOT_DIR set it saves owner-clips-grid, owner-clip-viewer and owner-clip-cannot-play.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { ownerApi } from "./support/owner-api";
import { ownerSession } from "./support/owner-session";
import { saveRegionShot, saveShot } from "./support/screenshots";

let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let clientId = "";
const dir = mkdtempSync(path.join(os.tmpdir(), "sg-owner-clips-"));

/** A few seconds of ffmpeg's test pattern with a tone, as a camera's or a phone's clip. */
function clip(name: string, seconds: number, video: string[]): string {
  const file = path.join(dir, name);
  execFileSync("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", String(seconds), ...video, "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "+faststart", file]);
  return file;
}

interface SeedClip {
  id: string;
  name: string;
  duration: number;
  webStatus: string;
  video: Record<string, unknown>;
  bytes: string;
}

/** Writes the clips into the device's database (image rows never synced, their bytes in imageBlobs). */
async function seed(clips: SeedClip[], poster: string) {
  await page.evaluate(
    async ({ clips, poster, clientId }) => {
      const blobOf = (b64: string, type: string) => new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type });
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open("studio-gallery");
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction(["images", "imageBlobs"], "readwrite");
      clips.forEach((c, i) => {
        const original = blobOf(c.bytes, "video/mp4");
        const files = { original: "", thumbnail: "", medium: "", large: "", preview: "", webVideo: "" };
        const row = { id: c.id, client: clientId, filename: c.name, originalName: c.name, fileSize: original.size, mimeType: "video/mp4", width: 320, height: 240, checksum: "", crc32: "", placeholder: "" };
        const clipFields = { kind: "video", duration: c.duration, webStatus: c.webStatus, metadata: { video: c.video } };
        const sync = { uploadedAt: new Date(Date.UTC(2026, 5, 1, 10, 0, i)).toISOString(), set: "", files, server: null, serverUpdated: "", fieldTimes: {} };
        tx.objectStore("images").put({ ...row, ...clipFields, ...sync });
        tx.objectStore("imageBlobs").put({ id: c.id, original, thumbnail: blobOf(poster, "image/jpeg"), preview: blobOf(poster, "image/jpeg") });
      });
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { clips, poster, clientId },
  );
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  const api = await ownerApi(server);
  clientId = (await api<{ id: string }>("POST", "/api/collections/clients/records", { name: "Ada & Grace" })).id;
  ({ context, page } = await ownerSession(browser, server));
  // At the shoot: nothing reaches the server, and the clips exist on this device only.
  await context.setOffline(true);
  const h264 = clip("first-dance.mp4", 3, ["-c:v", "libx264", "-preset", "veryfast"]);
  const hevc = clip("drone.mp4", 2, ["-c:v", "libx265", "-tag:v", "hvc1", "-x265-params", "log-level=error"]);
  const poster = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 40, g: 90, b: 160 } } }).jpeg().toBuffer();
  await seed(
    [
      { id: "clipfirstdance1", name: "first-dance.mp4", duration: 3, webStatus: "original", video: { codec: "avc", audioCodec: "aac", container: "mp4", fastStart: true }, bytes: readFileSync(h264).toString("base64") },
      { id: "clipdronehevc01", name: "drone.mp4", duration: 2, webStatus: "unsupported", video: { codec: "hevc", audioCodec: "aac", container: "mp4", reason: "cannot_decode" }, bytes: readFileSync(hevc).toString("base64") },
    ],
    poster.toString("base64"),
  );
  await page.goto(`/clients/${clientId}`);
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("the owner's clips", () => {
  it("shows each clip's poster with a play mark and its length in the grid", async () => {
    const grid = page.getByRole("list", { name: "Images" });
    await grid.getByRole("button", { name: "Play first-dance.mp4, 0:03" }).waitFor();
    await grid.getByRole("button", { name: "Play drone.mp4, 0:02" }).waitFor();
    const tiles = await grid.locator(".image-card-open").evaluateAll((cards) =>
      cards.map((card) => ({ length: card.querySelector(".clip-length")?.textContent, mark: !!card.querySelector(".clip-play"), poster: (card.querySelector("img") as HTMLImageElement | null)?.naturalWidth ?? 0 })),
    );
    expect(tiles).toEqual([
      { length: "0:03", mark: true, poster: 320 },
      { length: "0:02", mark: true, poster: 320 },
    ]);
    await saveRegionShot(page, "owner-clips-grid", grid);
  });

  it("makes a clip the gallery's cover, as a photo", async () => {
    const grid = page.getByRole("list", { name: "Images" });
    await grid.getByRole("button", { name: "Set as cover: drone.mp4" }).click();
    await page.getByTestId("toast").getByText("Cover photo set").waitFor();
    const marks = await grid.locator(".image-card").evaluateAll((cards) => cards.map((card) => !!card.querySelector(".image-card-cover-mark")));
    expect(marks).toEqual([false, true]);
  });

  it("plays a clip from the device's bytes, never by itself, its arrows seeking rather than changing clips", async () => {
    await page.getByRole("button", { name: "Play first-dance.mp4, 0:03" }).click();
    const viewer = page.getByRole("dialog", { name: "first-dance.mp4" });
    const video = viewer.locator("video.viewer-clip");
    await video.waitFor();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((v: HTMLVideoElement) => ({ paused: v.paused, autoplay: v.autoplay, controls: v.controls, blob: v.src.startsWith("blob:") }))).toEqual({ paused: true, autoplay: false, controls: true, blob: true });
    await viewer.getByText("Length 0:03").waitFor();
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.5);
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await saveShot(page, "owner-clip-viewer");
    await video.focus();
    await page.keyboard.press("ArrowRight");
    await viewer.getByText("1 of 2").waitFor();
  });

  it("keeps the poster of a clip this browser cannot decode, with the reason and what its client gets", async () => {
    await page.getByRole("button", { name: "Next image" }).click();
    const viewer = page.getByRole("dialog", { name: "drone.mp4" });
    await viewer.getByRole("status").getByText("This device can't play this clip's format. It is delivered to your client as it was shot.").waitFor();
    await viewer.getByText(/^No web version: the device that imported this clip couldn't decode its HEVC \(H\.265\) video\./).waitFor();
    expect(await viewer.locator("video").count()).toBe(0);
    expect(await viewer.locator(".viewer-clip-still img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    await saveShot(page, "owner-clip-cannot-play");
  });
});
