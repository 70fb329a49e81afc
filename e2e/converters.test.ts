/**
 * Both converters in Chromium with real codecs: every output format decodes back with the input's size,
 * lossless PNG and WebP keep every pixel, a lower quality gives a smaller file, a zip input, per-file and
 * zip downloads, a corrupt input failing alone, and the client converter's results landing in the
 * client's gallery and on the server.
 */
import type { Browser, BrowserContext, Download, Page } from "playwright-core";
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withExifOrientation } from "../workers/image/exif";
import { readImageHeader } from "../workers/image/sniff";
import { extractEntry, readZipDirectory } from "../workers/zip/readZip";
import { buildZip } from "../workers/zip/test-zip";
import { NewClientPage } from "./pages/ClientPages";
import { startAppServer, type AppServer } from "./support/app-server";
import { ownerSession } from "./support/owner-session";
import { saveShot } from "./support/screenshots";
import { launchChromium } from "./support/browser";
import { corruptJpeg, makeJpeg, type TestFile } from "./support/photos";

let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  ({ context, page } = await ownerSession(browser, server, { acceptDownloads: true, streamDownloads: true }));
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

const bytesOf = async (d: Download) => readFileSync((await d.path())!);

async function convertStandalone(files: TestFile[], format: string, options: { quality?: number; lossless?: boolean } = {}) {
  await page.goto("/converter");
  await page.getByLabel("Target Format").selectOption(format);
  if (options.quality !== undefined) await page.getByLabel(/^Quality/).fill(String(options.quality));
  if (options.lossless) await page.getByLabel("Lossless Conversion").check();
  await page.getByLabel("Choose images").setInputFiles(files);
  await page.getByRole("button", { name: "Convert", exact: true }).click();
  await page.getByRole("heading", { name: /^Conversion Complete/ }).waitFor({ timeout: 120_000 });
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
}

async function downloadResult(name: string): Promise<Buffer> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: `Download ${name}` }).click();
  return bytesOf(await downloading);
}

/** RGBA pixels of an image file, decoded by the browser. */
async function pixels(bytes: Buffer, type: string): Promise<number[]> {
  return page.evaluate(
    async ({ b64, type }) => {
      const bin = atob(b64);
      const arr = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) arr[i] = bin.charCodeAt(i);
      const bitmap = await createImageBitmap(new Blob([arr], { type }), { colorSpaceConversion: "none", premultiplyAlpha: "none" });
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext("2d")!;
      ctx.drawImage(bitmap, 0, 0);
      return Array.from(ctx.getImageData(0, 0, bitmap.width, bitmap.height).data);
    },
    { b64: bytes.toString("base64"), type },
  );
}

describe("standalone converter", () => {
  it("shows the empty results and converts to every format, each decoding back with the same size", async () => {
    await page.goto("/converter");
    await page.getByRole("heading", { name: "Standalone Image Converter" }).waitFor();
    await page.getByText("No converted files yet.").waitFor();
    expect(await page.getByRole("button", { name: "Convert", exact: true }).isDisabled()).toBe(true);
    const photo = { name: "portrait.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(page, 320, 240, 7) };
    const magic: Record<string, [string, string]> = { jpeg: ["jpeg", ".jpg"], png: ["png", ".png"], webp: ["webp", ".webp"], avif: ["avif", ".avif"], tiff: ["tiff", ".tiff"] };
    for (const [format, [expected, ext]] of Object.entries(magic)) {
      await convertStandalone([photo], format);
      const out = await downloadResult(`portrait${ext}`);
      const header = readImageHeader(new Uint8Array(out));
      expect(header, format).toMatchObject({ format: expected, width: 320, height: 240 });
      // An opaque photo's PNG has no alpha channel (issue 37: a 0.9 MB JPEG made a 10.6 MB RGBA PNG).
      if (format === "png") expect(await sharp(out).metadata(), "PNG of an opaque photo").toMatchObject({ channels: 3, hasAlpha: false });
    }
    // A PNG with a transparent pixel keeps its alpha channel.
    const clear = await sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } }).png().toBuffer();
    await convertStandalone([{ name: "clear.png", mimeType: "image/png", buffer: clear }], "png");
    expect(await sharp(await downloadResult("clear.png")).metadata()).toMatchObject({ channels: 4, hasAlpha: true });
  });

  it("keeps every pixel with lossless PNG and WebP and with TIFF, and makes smaller files at lower quality", async () => {
    const photo = { name: "exact.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(page, 160, 120, 9) };
    const source = await pixels(photo.buffer, "image/jpeg");
    await convertStandalone([photo], "png", { lossless: true });
    const exact = await downloadResult("exact.png");
    expect(await pixels(exact, "image/png")).toEqual(source);
    expect(await sharp(exact).metadata()).toMatchObject({ channels: 3, hasAlpha: false });
    await convertStandalone([photo], "webp", { lossless: true });
    expect(await pixels(await downloadResult("exact.webp"), "image/webp")).toEqual(source);
    // TIFF is always lossless (browsers cannot read it: libvips does), and says so next to the quality.
    await page.getByLabel("Target Format").selectOption("tiff");
    await page.getByText("TIFF is saved without loss for printing: quality does not change it.").waitFor();
    await convertStandalone([photo], "tiff", { quality: 10 });
    const tiff = await sharp(await downloadResult("exact.tiff")).raw().toBuffer({ resolveWithObject: true });
    expect(tiff.info.channels).toBe(3); // an opaque photo is written as RGB
    expect(Array.from(tiff.data)).toEqual(source.filter((_, i) => i % 4 !== 3));

    const big = { name: "q.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(page, 640, 480, 10) };
    const sizes: Record<string, number[]> = {};
    for (const format of ["jpeg", "webp", "avif", "png"]) {
      sizes[format] = [];
      for (const quality of [20, 90]) {
        await convertStandalone([big], format, { quality });
        const ext = format === "jpeg" ? "jpg" : format;
        sizes[format]!.push((await downloadResult(`q.${ext}`)).length);
      }
      expect(sizes[format]![0], format).toBeLessThan(sizes[format]![1]!);
    }
  });

  it("converts the photos of a zip, fails a corrupt one alone, and downloads them all as one zip", async () => {
    const a = await makeJpeg(page, 200, 150, 1);
    const b = await makeJpeg(page, 150, 200, 2);
    const zip = buildZip([{ path: "set/" }, { path: "set/a.jpg", data: a }, { path: "set/b.jpg", data: b, deflate: true }, { path: "set/notes.txt", data: Buffer.from("x") }, { path: "set/bad.jpg", data: corruptJpeg("bad.jpg").buffer }]);
    await page.goto("/converter");
    await page.getByLabel("Target Format").selectOption("webp");
    await page.getByRole("tab", { name: "Upload Zip File" }).click();
    await page.getByLabel("Choose a zip file").setInputFiles({ name: "shoot.zip", mimeType: "application/zip", buffer: Buffer.from(zip) });
    await page.getByText(/^Selected zip file: shoot\.zip \(/).waitFor();
    await page.getByRole("button", { name: "Convert", exact: true }).click();
    await page.getByRole("heading", { name: "Conversion Completed with Issues" }).waitFor({ timeout: 60_000 });
    await page.getByRole("dialog").getByRole("listitem").filter({ hasText: "bad.jpg" }).getByText(/damaged/).waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await page.getByRole("list", { name: "Conversion Results" }).getByText("a.webp").waitFor();
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download as ZIP" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("converted_images_webp.zip");
    const archive = new Blob([await bytesOf(download)]);
    const entries = await readZipDirectory(archive);
    expect(entries.map((e) => e.name).sort()).toEqual(["a.webp", "b.webp"]);
    for (const entry of entries) expect(readImageHeader(new Uint8Array(await (await extractEntry(archive, entry)).arrayBuffer()))?.format).toBe("webp");
    await page.getByRole("heading", { name: "Download Complete" }).waitFor();
    await page.getByRole("button", { name: "Done" }).click();
    await page.getByRole("button", { name: "Remove All" }).click();
    await page.getByText("No converted files yet.").waitFor();
  });

  it("reads CMYK JPEG, 16-bit PNG, TIFF and a camera-rotated JPEG so the output looks like the input, and fails a huge and a corrupt file alone", async () => {
    const red = { width: 200, height: 150, channels: 3 as const, background: { r: 200, g: 40, b: 40 } };
    const cmyk = await sharp({ create: red }).withIccProfile("cmyk").jpeg({ quality: 95 }).toBuffer(); // CMYK with its profile embedded, as prepress files are
    const deep = await sharp({ create: red }).toColourspace("rgb16").png().toBuffer();
    const scan = await sharp({ create: red }).tiff().toBuffer();
    const upright = await sharp({ create: { ...red, width: 300, height: 200 } }).jpeg().toBuffer();
    const rotated = Buffer.from(withExifOrientation(new Uint8Array(upright), 6));
    // A 20,000 x 20,000 header: refused from the header alone, before any decoding.
    const huge = Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x4e, 0x20, 0x4e, 0x20, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9]);
    expect(readImageHeader(new Uint8Array(cmyk))?.format).toBe("jpeg");
    expect(deep[24]).toBe(16); // PNG bit depth
    await page.goto("/converter");
    await page.getByLabel("Target Format").selectOption("png");
    await page.getByLabel("Choose images").setInputFiles([
      { name: "cmyk.jpg", mimeType: "image/jpeg", buffer: cmyk },
      { name: "deep.png", mimeType: "image/png", buffer: deep },
      { name: "scan.tiff", mimeType: "image/tiff", buffer: scan },
      { name: "rotated.jpg", mimeType: "image/jpeg", buffer: rotated },
      { name: "huge.jpg", mimeType: "image/jpeg", buffer: huge },
      corruptJpeg("bad.jpg"),
    ]);
    await page.getByRole("button", { name: "Convert", exact: true }).click();
    await page.getByRole("heading", { name: "Conversion Completed with Issues" }).waitFor({ timeout: 60_000 });
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("listitem").filter({ hasText: "huge.jpg" }).getByText(/400 megapixels/).waitFor();
    await dialog.getByRole("listitem").filter({ hasText: "bad.jpg" }).getByText(/damaged/).waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    // "Looks like the input": the mean colour of each output against the input as a colour-managed
    // decoder (libvips) shows it in sRGB.
    const inputs: Record<string, Buffer> = { cmyk, deep, scan };
    for (const [name, input] of Object.entries(inputs)) {
      const { data, info } = await sharp(input).toColourspace("srgb").raw().toBuffer({ resolveWithObject: true });
      const expected = [0, 1, 2].map((c) => data.filter((_, i) => i % info.channels === c).reduce((a, b) => a + b, 0) / (data.length / info.channels));
      const px = await pixels(await downloadResult(`${name}.png`), "image/png");
      const mean = [0, 1, 2].map((c) => px.filter((_, i) => i % 4 === c).reduce((a, b) => a + b, 0) / (px.length / 4));
      // CMYK to sRGB differs between colour-managed decoders by their rendering intents: Chromium's and
      // libvips' land within about 30 levels of each other on this saturated red.
      const tolerance = name === "cmyk" ? 32 : 8;
      for (const c of [0, 1, 2]) expect(Math.abs(mean[c]! - expected[c]!), `${name} channel ${c}: ${mean} vs ${expected}`).toBeLessThan(tolerance);
    }
    expect(readImageHeader(new Uint8Array(await downloadResult("rotated.png")))).toMatchObject({ width: 200, height: 300 });
  });

  it("works with the network off (the codecs come from the app's offline cache)", async () => {
    await page.goto("/converter");
    await page.getByRole("heading", { name: "Standalone Image Converter" }).waitFor();
    await context.setOffline(true);
    try {
      await page.reload();
      const photo = { name: "offline.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(page, 120, 90, 3) };
      for (const format of ["webp", "avif"]) {
        await convertStandalone([photo], format);
        expect(readImageHeader(new Uint8Array(await downloadResult(`offline.${format}`)))?.format).toBe(format);
      }
    } finally {
      await context.setOffline(false);
    }
  });
});

describe("client converter", () => {
  it("adds the converted images to the client's gallery, which syncs them to the server", async () => {
    await page.goto("/clients/new");
    await new NewClientPage(page).create({ name: "Convert Carla" });
    await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
    const clientId = page.url().split("/").pop()!;
    await page.getByRole("link", { name: "Converter", exact: true }).click(); // the client page's action
    await page.waitForURL(`${server.url}/clients/${clientId}/converter`);
    await page.getByText(`Converting images for client ID: ${clientId}`).waitFor();
    await page.getByLabel("Target Format").selectOption("png");
    const files = [
      { name: "one.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(page, 300, 200, 21) },
      { name: "two.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(page, 200, 300, 22) },
    ];
    await page.getByLabel("Choose images").setInputFiles(files);
    await page.getByText("2 image(s) selected").waitFor();
    await page.getByRole("button", { name: "Convert", exact: true }).click();
    await page.getByTestId("toast").getByText("Conversion Successful").waitFor({ timeout: 60_000 });
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await page.getByText("0 image(s) selected").waitFor(); // the selection is cleared on success

    await page.goto(`/clients/${clientId}`);
    await page.getByText("Showing 2 images").waitFor();
    await page.getByRole("list", { name: "Images" }).getByRole("img", { name: "one.png" }).waitFor();
    await page.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 60_000 });
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem("pocketbase_auth") ?? "{}").token as string);
    const res = await fetch(`${server.url}/api/collections/images/records?filter=${encodeURIComponent(`client='${clientId}'`)}`, { headers: { Authorization: token } });
    const items = ((await res.json()) as { items: { originalName: string; mimeType: string }[] }).items;
    expect(items.map((i) => [i.originalName, i.mimeType]).sort()).toEqual([["one.png", "image/png"], ["two.png", "image/png"]]);
  });

  it("says a converted file over the gallery's limit (20 MB) was converted and is too large, with what to do, and keeps it downloadable", async () => {
    await page.goto("/clients/new");
    await new NewClientPage(page).create({ name: "Oversize Otto" });
    await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
    const clientId = page.url().split("/").pop()!;
    await page.goto(`/clients/${clientId}/converter`);
    await page.getByLabel("Target Format").selectOption("png");
    // Noise does not compress: about 3000x2600 RGB pixels make a PNG of over 20 MB from a much smaller JPEG.
    const noise = Buffer.alloc(3000 * 2600 * 3);
    for (let i = 0, x = 7; i < noise.length; i++) noise[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
    const big = await sharp(noise, { raw: { width: 3000, height: 2600, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
    // Alone: it converted, so the words say so (never "Conversion Failed ... try again").
    await page.getByLabel("Choose images").setInputFiles([{ name: "huge.jpg", mimeType: "image/jpeg", buffer: big }]);
    await page.getByRole("button", { name: "Convert", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Conversion Completed with Issues" }).waitFor({ timeout: 120_000 });
    const row = dialog.getByRole("listitem").filter({ hasText: "huge" });
    await row.getByText(/· Converted, not added$/).waitFor();
    const why = row.getByText(/^Converted to [\d.]+ MB: over the gallery's 20 MB limit$/);
    await why.waitFor();
    expect(await why.evaluate((el) => el.scrollWidth <= el.clientWidth), "the row's reason is cut off").toBe(true);
    await dialog.getByText(/1 converted image is larger than the gallery's limit of 20 MB, so not added\. Download from Not added to the gallery below, or convert again as JPEG/).waitFor();
    await page.getByText("Converted, but too large for the gallery").first().waitFor();
    expect(await page.getByText("Conversion Failed").count()).toBe(0);
    await saveShot(page, "converter-too-large");
    await dialog.getByRole("button", { name: "Close" }).click();

    await page.getByRole("heading", { name: "Not added to the gallery" }).waitFor();
    const saved = await downloadResult("huge.png");
    expect(saved.length).toBeGreaterThan(20 * 1024 * 1024);
    expect(await sharp(saved).metadata()).toMatchObject({ width: 3000, channels: 3 });

    // A file that fits is added as before.
    await page.getByLabel("Choose images").setInputFiles([{ name: "small.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(page, 300, 200, 23) }]);
    await page.getByRole("button", { name: "Convert", exact: true }).click();
    await dialog.getByRole("listitem").filter({ hasText: "small" }).getByText("Done").waitFor({ timeout: 60_000 });
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.goto(`/clients/${clientId}`);
    await page.getByText("Showing 1 image").waitFor();
  });

  it("warns without a known client and keeps Convert disabled", async () => {
    await page.goto("/clients/nosuchclient0000/converter");
    await page.getByText("Please select a client before converting images").waitFor();
    expect(await page.getByRole("button", { name: "Convert", exact: true }).isDisabled()).toBe(true);
  });
});
