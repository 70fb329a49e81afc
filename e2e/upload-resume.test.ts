/**
 * Uploads resume: photos imported offline, one of them a ~19 MB original, go up once the network is back,
 * on a slow uplink (previews first, then each original on its own); the connection is cut halfway through
 * the big original. After it returns, the server holds every photo exactly once, and only the interrupted
 * original is sent again: no record, thumbnail or other original twice. (On a fast link a photo goes whole
 * and a cut one goes whole again: tests/server/sync-whole.test.ts.)
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GalleryTabPage } from "./pages/GalleryTabPage";
import { NewClientPage } from "./pages/ClientPages";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { startCutProxy, type CutProxy } from "./support/cut-proxy";
import { ownerSession } from "./support/owner-session";
import { photo, type TestFile } from "./support/photos";

let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let proxy: CutProxy;
let network: CDPSession;
/** The picked files' folder, removed at the end. */
const dir = mkdtempSync(path.join(os.tmpdir(), "sg-upload-resume-"));

/**
 * The page's network through Chromium's DevTools emulation: offline, or online with an uplink of so many
 * bytes a second (unlimited when not given). One session sets both (Playwright's setOffline is a second
 * one, whose offline would outlast this one's throttled online).
 */
async function setNetwork({ offline, uploadBytesPerSecond = -1 }: { offline: boolean; uploadBytesPerSecond?: number }) {
  await network.send("Network.emulateNetworkConditions", { offline, latency: 0, downloadThroughput: -1, uploadThroughput: uploadBytesPerSecond });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  proxy = await startCutProxy(server.url);
  ({ context, page } = await ownerSession(browser, { ...server, url: proxy.url }));
  network = await context.newCDPSession(page);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await context?.close();
  await browser?.close();
  await proxy?.close();
  await server?.stop();
});

/** A real PNG of random noise (it does not compress): 2,500 x 2,500 RGB is about 18.8 MB, under the 20 MB limit. */
async function bigNoisePng(name: string): Promise<TestFile> {
  const side = 2500;
  const buffer = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
  return { name, mimeType: "image/png", buffer };
}

interface ServerImage {
  id: string;
  originalName: string;
  original: string;
  thumbnail: string;
  preview: string;
}

async function serverImages(clientId: string): Promise<ServerImage[]> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("pocketbase_auth") ?? "{}").token as string);
  const res = await fetch(`${server.url}/api/collections/images/records?perPage=200&filter=${encodeURIComponent(`client='${clientId}'`)}`, { headers: { Authorization: token } });
  return ((await res.json()) as { items: ServerImage[] }).items;
}

describe("upload resume", () => {
  it("sends only the interrupted original again when the connection drops halfway through a 20 MB upload", async () => {
    await page.goto("/clients/new");
    await new NewClientPage(page).create({ name: "Resume Rita" });
    await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
    const clientId = page.url().split("/").pop()!;
    await page.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 20_000 });

    const big = await bigNoisePng("big-original.png");
    expect(big.buffer.length).toBeGreaterThan(18_000_000);
    expect(big.buffer.length).toBeLessThan(20_971_520);
    const small = [await photo(page, "first.jpg", 1200, 800, 61), await photo(page, "second.jpg", 800, 1200, 62), await photo(page, "last.jpg", 1000, 1000, 63)];

    // A photographer goes offline with the app ready for it (ownerSession waits for the service worker, which
    // holds the photo tools' code; offline before that, every file failed and the test waited in vain).
    await expect.poll(() => page.getByTestId("sync-details").innerText()).not.toContain("offline work");
    await setNetwork({ offline: true });
    await page.getByTestId("sync-status").getByText("Offline").waitFor();
    const gallery = new GalleryTabPage(page);
    // Chosen from files on disk, as a person picks them: Playwright hands Chromium a buffer this large over the
    // DevTools pipe, which Debian's Chromium 156 does not finish within the action's 30 s on a loaded machine.
    const onDisk = [small[0]!, small[1]!, big, small[2]!].map((f) => {
      writeFileSync(path.join(dir, f.name), f.buffer);
      return path.join(dir, f.name);
    });
    await page.getByTestId("Upload images").setInputFiles(onDisk);
    // Importing a 20 MB PNG (four sizes and a placeholder): 9-12 s on an idle machine.
    await gallery.dialogTitle("Saved on this device · uploads when online (4 photos)").waitFor({ timeout: 120_000 });
    await gallery.closeDialog();

    // Every upload request the page makes, by method and path.
    const sent: Array<{ method: string; path: string; bytesAt: number }> = [];
    page.on("request", (r) => r.url().includes("/api/") && r.method() !== "GET" && sent.push({ method: r.method(), path: new URL(r.url()).pathname, bytesAt: proxy.sent() }));
    const patchOf = (id: string) => sent.find((r) => r.method === "PATCH" && r.path.endsWith(`/${id}`));

    // Back online on a slow uplink: 2 MB/s, under what the app takes for a fast link (it measures the
    // link with its first request: on a fast one a photo goes whole, record and original in one request).
    // On a slow one the previews go first, then each original on its own, so the big original takes about
    // ten seconds; cut it halfway. Chromium's own throttling (DevTools), so the app measures the link it has.
    await setNetwork({ offline: false, uploadBytesPerSecond: 2_000_000 });
    let bigId = "";
    await expect.poll(async () => (bigId = (await serverImages(clientId)).find((i) => i.originalName === big.name)?.id ?? ""), { timeout: 60_000 }).not.toBe("");
    await expect.poll(() => patchOf(bigId), { timeout: 60_000, interval: 50 }).toBeDefined();
    const atStart = patchOf(bigId)!.bytesAt;
    // The upload bars (issue 43) move as the big original goes: bytes, share, speed and time left under the
    // header, and this gallery's on its page.
    const bars = [page.getByTestId("upload-bar"), page.getByTestId("upload-bar-gallery")];
    const shareOf = async (i: number) => Number(await bars[i]!.getByRole("progressbar").getAttribute("aria-valuenow"));
    const shares = [await shareOf(0), await shareOf(1)];
    await expect.poll(async () => (await shareOf(0)) > shares[0]! && (await shareOf(1)) > shares[1]!, { timeout: 10_000, interval: 100 }).toBe(true);
    expect(await bars[0]!.innerText()).toMatch(/Uploading[\s\S]*[\d.]+ (KB|MB) of [\d.]+ MB \(\d+%\)[\s\S]*of 4 files[\s\S]*per second[\s\S]*(left|Measuring)/);
    expect(await bars[1]!.innerText()).toMatch(/Uploading to this gallery[\s\S]*[\d.]+ (KB|MB) of [\d.]+ MB/);
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, "upload-bar.png"), clip: { x: 0, y: 0, width: 1280, height: 360 } });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, "upload-bar-phone.png") });
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    await expect.poll(() => proxy.sent() - atStart, { timeout: 30_000, interval: 50 }).toBeGreaterThan(big.buffer.length / 2);
    await setNetwork({ offline: true });
    proxy.cut();
    expect(proxy.sent() - atStart).toBeLessThan(big.buffer.length * 0.9);
    // Chromium retries a reset request on a new connection by itself; the proxy refuses those too.
    await page.waitForTimeout(1_000);

    // At the cut: every record (with thumbnails and previews) is on the server, the big original is not.
    await page.getByTestId("sync-status").getByText("Offline").waitFor();
    const before = await serverImages(clientId);
    expect(before).toHaveLength(4);
    expect(before.every((i) => i.thumbnail && i.preview)).toBe(true);
    expect(before.find((i) => i.id === bigId)!.original).toBe("");
    const waiting = before.filter((i) => !i.original);
    const sentBeforeRestore = sent.length;

    const bytesBeforeRestore = proxy.sent();
    proxy.restore();
    await setNetwork({ offline: false });
    await expect.poll(async () => (await serverImages(clientId)).filter((i) => i.original).length, { timeout: 90_000 }).toBe(4);
    await page.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 30_000 });
    // Bytes on the wire after the network returned: the big original again and those not sent yet, little else.
    const resentBytes = proxy.sent() - bytesBeforeRestore;
    const waitingBytes = waiting.reduce((sum, i) => sum + [big, ...small].find((f) => f.name === i.originalName)!.buffer.length, 0);
    expect(resentBytes).toBeGreaterThan(big.buffer.length);
    expect(resentBytes).toBeLessThan(waitingBytes + 200_000);

    const after = await serverImages(clientId);
    expect(after.map((i) => i.originalName).sort()).toEqual(["big-original.png", "first.jpg", "last.jpg", "second.jpg"]);
    expect(after.every((i) => i.original && i.thumbnail && i.preview)).toBe(true);

    // After the cut, only the originals still waiting went: no batch of records, no original twice.
    const resent = sent.slice(sentBeforeRestore).filter((r) => r.path.startsWith("/api/collections/images") || r.path === "/api/batch");
    expect(resent.map((r) => `${r.method} ${r.path}`).sort()).toEqual(waiting.map((i) => `PATCH /api/collections/images/records/${i.id}`).sort());
    // Over the whole run: one batch of records, and each original's PATCH once, except the big one's twice.
    const patches = sent.filter((r) => r.method === "PATCH").map((r) => r.path.split("/").pop());
    expect(patches.filter((id) => id === bigId)).toHaveLength(2);
    expect(new Set(patches).size).toBe(4);
    expect(patches).toHaveLength(5);
    expect(sent.filter((r) => r.path === "/api/batch" && r.method === "POST").length).toBeGreaterThanOrEqual(1);
  }, 300_000); // its own waits add up to minutes on a busy machine (the tier's default is 90 s)
});
