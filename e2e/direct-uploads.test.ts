/**
 * Direct uploads in Chromium (issue 39): the studio on object storage (the local S3 server that checks every
 * signature, its CORS set by the project's own script for the app's origin). The owner imports photos offline,
 * comes online, and the files go from the browser straight to the bucket: the bucket's log shows the browser's
 * PUTs carrying the bytes, the server process reads far less than those bytes (/proc/<pid>/io, the kernel's
 * count), and every photo's files are on its record, served from the bucket.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3Client, s3ConfigFromEnv } from "../scripts/lib/s3.mjs";
import { putBucketCors } from "../scripts/s3-cors.mjs";
import { startS3Server } from "../tests/server/s3-server";
import { GalleryTabPage } from "./pages/GalleryTabPage";
import { NewClientPage } from "./pages/ClientPages";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { ownerToken } from "./support/owner-api";
import { ownerSession } from "./support/owner-session";
import { photo } from "./support/photos";

let s3: Awaited<ReturnType<typeof startS3Server>>;
let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [s3, browser] = await Promise.all([startS3Server(), launchChromium()]);
  server = await startAppServer(s3.env);
  await putBucketCors(s3ConfigFromEnv(s3.env)!, [server.url]);
  ({ context, page } = await ownerSession(browser, server));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await s3?.stop();
});

/** The PocketBase process under `npm start` (its only child). */
function pocketbasePid(): number {
  return Number(readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, "utf8").trim().split(/\s+/)[0]);
}
const bytesRead = (pid: number) => Number(/rchar: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, "utf8"))![1]);
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

describe("direct uploads", () => {
  it("sends photos imported offline straight to the bucket once online, and the server only checks them", async () => {
    await page.goto("/clients/new");
    await new NewClientPage(page).create({ name: "Bucket Bea" });
    await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
    const clientId = page.url().split("/").pop()!;
    await page.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 20_000 });
    const files = [await photo(page, "lake.jpg", 2400, 1600, 71), await photo(page, "dock.jpg", 1600, 2400, 72), await photo(page, "boat.jpg", 2000, 2000, 73)];

    await expect.poll(() => page.getByTestId("sync-details").innerText()).not.toContain("offline work");
    await context.setOffline(true);
    await page.getByTestId("sync-status").getByText("Offline").waitFor();
    await page.getByTestId("Upload images").setInputFiles(files);
    const gallery = new GalleryTabPage(page);
    await gallery.dialogTitle("Saved on this device · uploads when online (3 photos)").waitFor({ timeout: 60_000 });
    await gallery.closeDialog();

    const pid = pocketbasePid();
    const before = bytesRead(pid);
    s3.requests.length = 0;
    await context.setOffline(false);
    await page.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 45_000 });
    const read = bytesRead(pid) - before;

    // The bucket received the files from the browser (its origin on each PUT), every signature checked.
    const puts = s3.requests.filter((r) => r.method === "PUT" && r.status === 200);
    expect(puts.every((r) => r.origin === server.url)).toBe(true);
    expect(s3.requests.filter((r) => r.refused)).toEqual([]);
    const originals = files.reduce((sum, f) => sum + f.buffer.length, 0);
    const intoBucket = puts.reduce((sum, r) => sum + r.bytesIn, 0);
    expect(intoBucket).toBeGreaterThan(originals);
    // The server read JSON and the headers it judged (a few KB a file), never the files themselves.
    expect(read).toBeLessThan(intoBucket / 4);

    const token = await ownerToken(server);
    const res = await fetch(`${server.url}/api/collections/images/records?perPage=50&filter=${encodeURIComponent(`client='${clientId}'`)}`, { headers: { Authorization: token } });
    const images = ((await res.json()) as { items: Array<{ id: string; collectionId: string; originalName: string; original: string; thumbnail: string; preview: string }> }).items;
    expect(images.map((i) => i.originalName).sort()).toEqual(["boat.jpg", "dock.jpg", "lake.jpg"]);
    const bucket = s3Client(s3ConfigFromEnv(s3.env)!);
    for (const image of images) {
      expect(image.thumbnail && image.preview).toBeTruthy();
      const file = files.find((f) => f.name === image.originalName)!;
      const stored = await bucket.get(`${image.collectionId}/${image.id}/${image.original}`);
      expect(sha(stored!)).toBe(sha(file.buffer));
    }
    // The photos show: the grid's thumbnails after a reload, from this device's copy and the server's records.
    await page.reload();
    await expect.poll(() => page.locator("img[src^='blob:'], img[src*='/api/']").count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  });
});
