/**
 * Originals as shot or as JPEG (issue 25), in Chromium against the real server: a HEIC made by libheif's
 * heif-enc from a camera JPEG (artist, copyright, capture date, GPS) is imported on the owner's device into
 * a gallery that delivers originals as shot, and a visitor's download is that HEIC. The owner switches the
 * gallery to JPEG on Client Details (offline first: the page counts 0 of 1 JPEGs and says clients get the
 * original until then): the device makes the photo's full-size JPEG from the original after the sync, and the visitor's single download and zip are JPEGs named .jpg that exiftool
 * reads the artist and copyright from (no GPS); the download dialog says which format comes. A HEIC
 * imported once the gallery says JPEG has its JPEG on the server with its original. With SCREENSHOT_DIR
 * set it saves the owner's choice and the visitor's dialog naming the format.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractEntry, readZipDirectory } from "../workers/zip/readZip";
import { ClientDetailPage } from "./pages/ClientPages";
import { GalleryTabPage } from "./pages/GalleryTabPage";
import { VisitorGalleryPage } from "./pages/VisitorGalleryPage";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { ownerApi, type OwnerApi } from "./support/owner-api";
import { ownerSession } from "./support/owner-session";
import { saveRegionShot } from "./support/screenshots";

let server: AppServer;
let browser: Browser;
let api: OwnerApi;
let client: { id: string; accessUrl: string; accessCode: string };

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  api = await ownerApi(server);
  client = await api("POST", "/api/collections/clients/records", { name: "Hana Heic", downloadMode: "originals" });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function inTemp<T>(work: (dir: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sg-heic-jpeg-"));
  try {
    return work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const exiftool = (bytes: Buffer) =>
  inTemp((dir) => {
    writeFileSync(path.join(dir, "f"), bytes);
    return (JSON.parse(execFileSync("exiftool", ["-j", "-n", path.join(dir, "f")], { encoding: "utf8" })) as Array<Record<string, unknown>>)[0]!;
  });

/** A 1,200 x 800 HEIC as a phone writes it (heif-enc keeps the JPEG's EXIF), with artist, copyright, date and GPS. */
async function phoneHeic(seed: number): Promise<Buffer> {
  const [width, height] = [1200, 800];
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i += 3) {
    data[i] = (((i / 3) % width) * 255) / width;
    data[i + 1] = seed;
    data[i + 2] = 160;
  }
  const jpeg = await sharp(data, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Artist: "Ada Artist", Copyright: "(c) Ada Artist" },
      IFD2: { DateTimeOriginal: "2024:05:06 07:08:09" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 30/1", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 0/1" },
    })
    .jpeg({ quality: 95 })
    .toBuffer();
  return inTemp((dir) => {
    writeFileSync(path.join(dir, "in.jpg"), jpeg);
    execFileSync("heif-enc", ["-q", "90", path.join(dir, "in.jpg"), "-o", path.join(dir, "out.heic")]);
    return readFileSync(path.join(dir, "out.heic"));
  });
}

const isHeic = (b: Buffer) => b.toString("latin1", 4, 12) === "ftypheic";
const isJpeg = (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

async function visitorPage(): Promise<Page> {
  // Saving goes through the service worker's stream (a save-file picker needs a person).
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 }, acceptDownloads: true });
  await context.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);
  const page = await context.newPage();
  await page.goto(`/gallery/${client.accessUrl}`);
  await new VisitorGalleryPage(page).enterCode(client.accessCode);
  await page.getByRole("list", { name: "Gallery", exact: true }).getByRole("img").first().waitFor();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
  return page;
}

/** The viewer's Download of the first photo: its name, its bytes, and what the dialog says comes. */
async function singleDownload(page: Page): Promise<{ name: string; bytes: Buffer; note: string }> {
  await page.getByRole("list", { name: "Gallery", exact: true }).locator(".photo-card-open").first().click();
  const downloading = page.waitForEvent("download");
  await page.locator(".yarl__root").getByRole("button", { name: "Download", exact: true }).click();
  const download = await downloading;
  const dialog = page.getByRole("dialog", { name: "Download Complete" });
  await dialog.waitFor();
  const note = (await dialog.locator(".progress-note").textContent()) ?? "";
  return { name: download.suggestedFilename(), bytes: readFileSync((await download.path())!), note };
}

/** 'Download All' of the gallery: each file's name and bytes (a lone photo may come as itself). */
async function zipDownload(page: Page): Promise<Array<{ name: string; bytes: Buffer }>> {
  await page.getByRole("button", { name: "Select All", exact: true }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: /^Download Selected/ }).click();
  const download = await downloading;
  const saved = readFileSync((await download.path())!);
  if (!download.suggestedFilename().endsWith(".zip")) return [{ name: download.suggestedFilename(), bytes: saved }];
  const zip = new Blob([saved]);
  const entries = await readZipDirectory(zip);
  return Promise.all(entries.map(async (e) => ({ name: e.name, bytes: Buffer.from(await (await extractEntry(zip, e)).arrayBuffer()) })));
}

describe("HEIC originals as shot or as JPEG", () => {
  it("HEIC original delivered as JPEG when gallery says so", async () => {
    const owner = await ownerSession(browser, server);
    await owner.page.goto(`/clients/${client.id}`);
    const tab = new GalleryTabPage(owner.page);
    await tab.uploadPhotos([{ name: "IMG_0042.HEIC", mimeType: "image/heic", buffer: await phoneHeic(90) }]);
    await tab.dialogTitle("Upload Completed Successfully").waitFor({ timeout: 90_000 });
    await tab.closeDialog();

    // As shot: the visitor gets the HEIC itself, and the dialog says so.
    let visitor = await visitorPage();
    const shot = await singleDownload(visitor);
    expect(shot.name).toBe("IMG_0042.HEIC");
    expect(isHeic(shot.bytes)).toBe(true);
    expect(shot.note).toBe("You get the original files as shot (HEIC).");
    await visitor.context().close();

    // The owner asks for JPEG: the device makes the JPEG from the original after the sync, and counts it.
    const details = new ClientDetailPage(owner.page);
    await details.openDetails();
    // Offline first: the choice is kept on the device, and the page says what clients get until the JPEG exists.
    await owner.context.setOffline(true);
    await owner.page.getByLabel("Originals that are not JPEG").selectOption("jpeg");
    await details.save();
    const status = owner.page.getByTestId("jpeg-status");
    await status.getByText("Full-size JPEGs on the server: 0 of 1.", { exact: false }).waitFor();
    expect(await status.textContent()).toContain("until a photo has its JPEG, clients get its original as shot");
    await owner.context.setOffline(false);
    await status.getByText("The HEIC, TIFF, AVIF or WebP photo has its full-size JPEG.").waitFor({ timeout: 90_000 });
    await owner.page.setViewportSize({ width: 1100, height: 1600 }); // the whole section below the sticky header
    await saveRegionShot(owner.page, "delivery-choice", owner.page.locator("fieldset.form-section"));

    visitor = await visitorPage();
    const single = await singleDownload(visitor);
    expect(single.name).toBe("IMG_0042.jpg");
    expect(isJpeg(single.bytes)).toBe(true);
    expect(single.note).toBe("You get full-size JPEG files, named .jpg, that open on any computer or phone.");
    await saveRegionShot(visitor, "visitor-download-format", visitor.getByRole("dialog", { name: "Download Complete" }));
    const tags = exiftool(single.bytes);
    expect(tags).toMatchObject({ FileType: "JPEG", ImageWidth: 1200, ImageHeight: 800, Artist: "Ada Artist", Copyright: "(c) Ada Artist", DateTimeOriginal: "2024:05:06 07:08:09" });
    expect(Object.keys(tags).filter((k) => k.startsWith("GPS"))).toEqual([]);
    await visitor.context().close();

    visitor = await visitorPage();
    const [zipped] = await zipDownload(visitor);
    expect(zipped!.name).toBe("IMG_0042.jpg");
    expect(isJpeg(zipped!.bytes)).toBe(true);
    expect(exiftool(zipped!.bytes)).toMatchObject({ Artist: "Ada Artist", Copyright: "(c) Ada Artist" });
    await visitor.context().close();

    // Imported into a gallery that says JPEG, a HEIC takes its JPEG to the server with its original.
    await owner.page.getByRole("tab", { name: "Gallery" }).click();
    await tab.uploadPhotos([{ name: "IMG_0043.HEIC", mimeType: "image/heic", buffer: await phoneHeic(30) }]);
    await tab.dialogTitle("Upload Completed Successfully").waitFor({ timeout: 90_000 });
    // The dialog can finish before the sync has sent the photo: wait for the server to have its original.
    type ServerImage = { originalName: string; jpeg: string; original: string };
    let second: ServerImage | undefined;
    await expect
      .poll(async () => {
        const { items } = await api<{ items: ServerImage[] }>("GET", `/api/collections/images/records?filter=${encodeURIComponent(`client="${client.id}"`)}`);
        second = items.find((i) => i.originalName === "IMG_0043.HEIC");
        return second?.original ?? "";
      }, { timeout: 60_000 })
      .not.toBe("");
    second = second!;
    expect(second.original).toMatch(/\.heic$/);
    expect(second.jpeg).toMatch(/\.jpg$/);
    await owner.context.close();
  });
});
