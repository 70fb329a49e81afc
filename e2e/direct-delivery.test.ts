/**
 * Direct delivery in Chromium (issue 39): the studio's files are in a bucket (the signature-checking test S3, on
 * another origin, its CORS set by scripts/s3-cors.mjs); a visitor opens the gallery and its thumbnails come from
 * the bucket's origin, downloads a photo (its name, the bucket's bytes) and a zip of all of them (each entry's
 * bytes the original's), through the server's redirects to presigned URLs.
 */
import type { Browser } from "playwright-core";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server } from "../tests/server/s3-server";
import { extractEntry, readZipDirectory } from "../workers/zip/readZip";
import { VisitorGalleryPage } from "./pages/VisitorGalleryPage";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { seedJpegGallery } from "./support/gallery-seed";
import { ownerApi, type OwnerApi } from "./support/owner-api";

let s3: Awaited<ReturnType<typeof startS3Server>>;
let server: AppServer;
let browser: Browser;
let api: OwnerApi;

beforeAll(async () => {
  s3 = await startS3Server();
  [server, browser] = await Promise.all([startAppServer({ ...s3.env, S3_URL_TTL: "120" }), launchChromium()]);
  await s3.setCors([server.url]);
  api = await ownerApi(server);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await s3?.stop();
});

describe("a visitor's files straight from the bucket", () => {
  it("shows thumbnails from the bucket's origin and downloads a photo and a zip whose bytes came from it", async () => {
    const context = await browser.newContext({ baseURL: server.url, acceptDownloads: true, viewport: { width: 1280, height: 860 } });
    await context.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);
    const page = await context.newPage();
    const fromBucket: string[] = [];
    page.on("response", (res) => {
      if (res.url().startsWith(s3.endpoint) && res.status() === 200) fromBucket.push(res.url());
    });
    await page.goto("/gallery/access");
    const seeded = await seedJpegGallery(api, page, "Bucket Wedding", [
      ["first dance.jpg", 1],
      ["rings.jpg", 2],
      ["toast.jpg", 3],
    ]);
    s3.requests.length = 0;
    const gallery = new VisitorGalleryPage(page);
    await page.goto(`/gallery/${seeded.accessUrl}`);
    await gallery.enterCode(seeded.accessCode);
    await gallery.sidebarRows().nth(2).waitFor();
    // Every grid image loaded, and its bytes came from the bucket through a presigned URL.
    await page.waitForFunction(() => {
      const imgs = [...document.querySelectorAll<HTMLImageElement>('[aria-label="Gallery"] img')];
      return imgs.length >= 3 && imgs.every((img) => img.complete && img.naturalWidth > 0);
    }, undefined, { timeout: 20_000 });
    const presignedGets = s3.requests.filter((r) => r.method === "GET" && r.query.includes("X-Amz-Signature=") && r.status === 200);
    expect(presignedGets.length).toBeGreaterThanOrEqual(3);
    expect(s3.requests.filter((r) => r.refused)).toEqual([]);
    expect(fromBucket.length).toBeGreaterThanOrEqual(3);

    // One photo from the viewer: its name, the original's bytes, served by the bucket as an attachment.
    const secondId = seeded.imageIds[1];
    await page.locator(`.photo-card-open[data-image-id="${secondId}"]`).click();
    await page.getByText("2 / 3").waitFor();
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("rings.jpg");
    expect(readFileSync((await download.path())!).equals(seeded.originals.get(secondId!)!)).toBe(true);
    expect(fromBucket.some((url) => decodeURIComponent(url).includes("response-content-disposition=attachment"))).toBe(true);
    const done = page.getByRole("dialog", { name: "Download Complete" });
    await done.getByRole("button", { name: "Done" }).click();
    await page.keyboard.press("Escape");
    await page.locator(".yarl__root").waitFor({ state: "detached" });

    // A zip of all three, built in the browser from the bucket's answers.
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
    const before = s3.requests.length;
    await page.getByRole("button", { name: "Select All", exact: true }).click();
    const zipping = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download Selected (3)" }).click();
    const zip = new Blob([readFileSync((await (await zipping).path())!)]);
    await page.getByRole("heading", { name: "Download Complete" }).waitFor();
    const entries = await readZipDirectory(zip);
    const contents = await Promise.all(entries.map(async (e) => Buffer.from(await (await extractEntry(zip, e)).arrayBuffer())));
    expect(contents).toHaveLength(3);
    for (const original of seeded.originals.values()) expect(contents.filter((c) => c.equals(original))).toHaveLength(1);
    const zipGets = s3.requests.slice(before).filter((r) => r.method === "GET" && r.status === 200 && r.query.includes("attachment"));
    expect(zipGets.length).toBeGreaterThanOrEqual(3);
    await context.close();
  });
});
