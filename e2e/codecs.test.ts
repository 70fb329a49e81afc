/**
 * The codecs as a photographer meets them, in Chromium with the built app: TIFFs from libvips in every
 * common compression (none, LZW, Deflate, PackBits), 8 and 16 bits, RGB and grey, with and without
 * alpha, read by the converter; 'TIFF for print' keeping 16 bits and the ICC profile; the app's own TIFF
 * output imported into a client's gallery through the client converter; metadata (EXIF, XMP, ICC) kept in
 * every output and read back by exiftool, orientation reset, GPS removed unless asked otherwise, the TIFF of
 * an untagged JPEG naming sRGB (its EXIF said Uncalibrated), and never
 * in the gallery's sizes; a real HEIC (made by libheif's heif-enc) converted and imported.
 */
import type { Browser, BrowserContext, Download, Page } from "playwright-core";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeTiffPixels } from "../workers/image/tiff";
import { NewClientPage } from "./pages/ClientPages";
import { GalleryTabPage } from "./pages/GalleryTabPage";
import { startAppServer, type AppServer } from "./support/app-server";
import { ownerSession } from "./support/owner-session";
import { launchChromium } from "./support/browser";
import { makeJpeg, type TestFile } from "./support/photos";

let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  ({ context, page } = await ownerSession(browser, server, { acceptDownloads: true }));
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const bytesOf = async (d: Download) => readFileSync((await d.path())!);
const arrayBufferOf = (b: Buffer) => b.buffer.slice(b.byteOffset, b.byteOffset + b.length) as ArrayBuffer;

async function convert(files: TestFile[], format: string, heading = /^Conversion Complete$/, options: { keepMetadata?: boolean; removeLocation?: boolean } = {}) {
  await page.goto("/converter");
  await page.getByLabel("Target Format").selectOption(format);
  if (options.keepMetadata === false) await page.getByLabel("Keep metadata").uncheck();
  if (options.removeLocation === false) await page.getByLabel("Remove location").uncheck();
  await page.getByLabel("Choose images").setInputFiles(files);
  await page.getByRole("button", { name: "Convert", exact: true }).click();
  await page.getByRole("heading", { name: heading }).waitFor({ timeout: 120_000 });
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
}

async function downloadResult(name: string): Promise<Buffer> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: `Download ${name}` }).click();
  return bytesOf(await downloading);
}

/** Mean of each of R, G, B and alpha over the image, as libvips reads it (8 bits, sRGB). */
async function means(bytes: Buffer): Promise<number[]> {
  const { data, info } = await sharp(bytes).toColourspace("srgb").ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const sums = [0, 0, 0, 0];
  for (let i = 0; i < data.length; i++) sums[i % 4]! += data[i]!;
  return sums.map((s) => s / (info.width * info.height));
}

/** A photo-like 8-bit RGBA source: gradients with some noise, partly transparent. */
function sourceImage(width: number, height: number): Sharp {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0, x0 = 5; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      x0 = (x0 * 1103515245 + 12345) >>> 0;
      data[i] = (x * 255) / width;
      data[i + 1] = (y * 255) / height;
      data[i + 2] = 128 + ((x0 >>> 24) & 31);
      data[i + 3] = x < width / 4 ? 120 : 255;
    }
  return sharp(data, { raw: { width, height, channels: 4 } });
}

describe("TIFF both ways", () => {
  it("reads libvips' TIFFs in every compression, depth, grey or RGB, with or without alpha", async () => {
    const variants: Array<[string, Sharp, Parameters<Sharp["tiff"]>[0]]> = [
      ["rgb-none", sourceImage(120, 80).removeAlpha(), { compression: "none" }],
      ["rgb-lzw", sourceImage(120, 80).removeAlpha(), { compression: "lzw", predictor: "horizontal" }],
      ["rgb-deflate", sourceImage(120, 80).removeAlpha(), { compression: "deflate", predictor: "horizontal" }],
      ["rgba-packbits", sourceImage(120, 80), { compression: "packbits" }],
      ["grey-alpha-deflate", sourceImage(120, 80).toColourspace("b-w"), { compression: "deflate" }],
      ["rgb16-alpha-lzw", sourceImage(120, 80).toColourspace("rgb16"), { compression: "lzw" }],
      ["grey16-packbits", sourceImage(120, 80).removeAlpha().toColourspace("grey16"), { compression: "packbits" }],
    ];
    const inputs = await Promise.all(variants.map(async ([name, image, options]) => ({ name: `${name}.tiff`, mimeType: "image/tiff", buffer: await image.tiff(options).toBuffer() })));
    await convert(inputs, "png");
    for (const input of inputs) {
      const out = await downloadResult(input.name.replace(".tiff", ".png"));
      const [want, got] = [await means(input.buffer), await means(out)];
      for (const c of [0, 1, 2, 3]) expect(Math.abs(got[c]! - want[c]!), `${input.name} channel ${c}: ${got} vs ${want}`).toBeLessThan(1.5);
    }
  });

  it("keeps 16 bits and the ICC profile in TIFF for print, and reads its own output back", async () => {
    const deep = await sourceImage(160, 100).removeAlpha().toColourspace("rgb16").withIccProfile("p3").tiff({ compression: "deflate", predictor: "horizontal" }).toBuffer();
    const inputMeta = await sharp(deep).metadata();
    expect(inputMeta.depth).toBe("ushort");
    await convert([{ name: "deep.tif", mimeType: "image/tiff", buffer: deep }], "tiff");
    const printed = await downloadResult("deep.tiff");
    const meta = await sharp(printed).metadata();
    expect([meta.width, meta.height, meta.depth, meta.channels]).toEqual([160, 100, "ushort", 3]);
    expect(Buffer.from(meta.icc!).equals(inputMeta.icc!)).toBe(true);
    const [a, b] = await Promise.all([decodeTiffPixels(arrayBufferOf(deep)), decodeTiffPixels(arrayBufferOf(printed))]);
    expect(Buffer.from(b.rgba.buffer).equals(Buffer.from(a.rgba.buffer))).toBe(true); // every 16-bit sample kept

    // Its own output, in again: TIFF to PNG.
    await convert([{ name: "again.tiff", mimeType: "image/tiff", buffer: printed }], "png");
    expect((await sharp(await downloadResult("again.png")).metadata()).width).toBe(160);
  });

  it("adds TIFF output of the client converter to the client's gallery (it was refused)", async () => {
    await page.goto("/clients/new");
    await new NewClientPage(page).create({ name: "Tiff Tilda" });
    await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
    const clientId = page.url().split("/").pop()!;
    await page.goto(`/clients/${clientId}/converter`);
    await page.getByLabel("Target Format").selectOption("tiff");
    const lzw = await sourceImage(300, 200).tiff({ compression: "lzw" }).toBuffer();
    await page.getByLabel("Choose images").setInputFiles([
      { name: "print.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(page, 300, 200, 31) },
      { name: "scan.tif", mimeType: "image/tiff", buffer: lzw },
    ]);
    await page.getByRole("button", { name: "Convert", exact: true }).click();
    await page.getByTestId("toast").getByText("Conversion Successful").waitFor({ timeout: 60_000 });
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await page.goto(`/clients/${clientId}`);
    await page.getByText("Showing 2 images").waitFor();
    await page.getByRole("list", { name: "Images" }).getByRole("img", { name: "print.tiff" }).waitFor();
  });
});

/** Every tag exiftool finds in the file, as numbers where it can (-n), by name. */
function exiftool(bytes: Buffer): Record<string, unknown> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sg-exif-"));
  try {
    const file = path.join(dir, "f");
    writeFileSync(file, bytes);
    return (JSON.parse(execFileSync("exiftool", ["-j", "-n", file], { encoding: "utf8" })) as Array<Record<string, unknown>>)[0]!;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="48,51.5N"><dc:creator><rdf:Seq><rdf:li>Ada Artist</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;

/** A camera-like JPEG: EXIF with GPS, stored turned (orientation 6), Display P3 profile, XMP. */
function cameraJpeg(): Promise<Buffer> {
  return sourceImage(240, 160)
    .removeAlpha()
    .withExif({
      IFD0: { Make: "Nikon", Model: "Z 8", Artist: "Ada Artist", Copyright: "(c) Ada Artist", Orientation: "6" },
      IFD2: { DateTimeOriginal: "2024:05:06 07:08:09", ExposureTime: "1/250", FNumber: "28/10", ISOSpeedRatings: "400", LensModel: "NIKKOR Z 24-70mm f/2.8 S" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 30/1", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 0/1" },
    })
    .withMetadata({ orientation: 6 })
    .withIccProfile("p3")
    .withXmp(XMP)
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe("metadata", () => {
  it("keeps EXIF, XMP and the ICC profile in JPEG, PNG, WebP and TIFF, resets orientation and removes GPS", async () => {
    const input = { name: "camera.jpg", mimeType: "image/jpeg", buffer: await cameraJpeg() };
    expect(exiftool(input.buffer)).toMatchObject({ Orientation: 6, GPSLatitude: expect.any(Number) });
    for (const [format, ext] of [["jpeg", "jpg"], ["png", "png"], ["webp", "webp"], ["tiff", "tiff"], ["avif", "avif"]]) {
      await convert([input], format!);
      const out = await downloadResult(`camera.${ext}`);
      const tags = exiftool(out);
      expect([tags.ImageWidth, tags.ImageHeight], format).toEqual([160, 240]); // turned upright once
      expect(tags.GPSLatitude, format).toBeUndefined();
      expect(tags.GPSPosition, format).toBeUndefined();
      if (format === "avif") continue; // AVIF: sRGB pixels, no metadata (our encoder has no place for it)
      expect(tags, format).toMatchObject({
        Make: "Nikon",
        Model: "Z 8",
        Artist: "Ada Artist",
        Copyright: "(c) Ada Artist",
        DateTimeOriginal: "2024:05:06 07:08:09",
        ExposureTime: 0.004,
        FNumber: 2.8,
        ISO: 400,
        LensModel: "NIKKOR Z 24-70mm f/2.8 S",
        Orientation: 1,
        Creator: "Ada Artist", // XMP
        ProfileDescription: "sP3C", // ICC: libvips' Display P3 profile
      });
    }
  });

  it("names sRGB in the TIFF of an untagged JPEG, whose EXIF (as libvips writes it) said Uncalibrated (issue 37)", async () => {
    const untagged = await sourceImage(120, 80).removeAlpha().withExif({ IFD0: { Artist: "Ada Artist" } }).jpeg({ quality: 90 }).toBuffer();
    expect(exiftool(untagged)).toMatchObject({ ColorSpace: 65535 });
    await convert([{ name: "untagged.jpg", mimeType: "image/jpeg", buffer: untagged }], "tiff");
    const tags = exiftool(await downloadResult("untagged.tiff"));
    expect(tags).toMatchObject({ ColorSpace: 1, Artist: "Ada Artist" });
    expect(tags.ProfileDescription).toBeUndefined();
  });

  it("keeps GPS when 'Remove location' is off, keeps nothing when 'Keep metadata' is off, and the gallery's sizes never carry GPS", async () => {
    const input = { name: "where.jpg", mimeType: "image/jpeg", buffer: await cameraJpeg() };
    await convert([input], "jpeg", /^Conversion Complete$/, { removeLocation: false });
    const located = exiftool(await downloadResult("where.jpg"));
    expect(located).toMatchObject({ Make: "Nikon", Orientation: 1 });
    expect(located.GPSLatitude).toBeCloseTo(48.858, 2);
    await convert([input], "jpeg", /^Conversion Complete$/, { keepMetadata: false });
    const bare = exiftool(await downloadResult("where.jpg"));
    expect([bare.Make, bare.GPSLatitude, bare.Artist]).toEqual([undefined, undefined, undefined]);
    // Lossy WebP comes from the browser's own encoder, which adds an sRGB profile: not kept either.
    await convert([input], "webp", /^Conversion Complete$/, { keepMetadata: false });
    const bareWebp = exiftool(await downloadResult("where.webp"));
    expect([bareWebp.Make, bareWebp.GPSLatitude, bareWebp.ProfileDescription]).toEqual([undefined, undefined, undefined]);

    // Into a client's gallery with the location kept in the converted original: no size made from it has any.
    await page.goto("/clients/new");
    await new NewClientPage(page).create({ name: "Gps Greta" });
    await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
    const clientId = page.url().split("/").pop()!;
    await page.goto(`/clients/${clientId}/converter`);
    await page.getByLabel("Target Format").selectOption("jpeg");
    await page.getByLabel("Remove location").uncheck();
    await page.getByLabel("Choose images").setInputFiles([input]);
    await page.getByRole("button", { name: "Convert", exact: true }).click();
    await page.getByTestId("toast").getByText("Conversion Successful").waitFor({ timeout: 60_000 });
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await page.goto(`/clients/${clientId}`);
    await page.getByText("Showing 1 image", { exact: true }).waitFor();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem("pocketbase_auth") ?? "{}").token as string);
    let image: { id: string } | undefined;
    for (let tries = 0; !image && tries < 120; tries++) {
      // The upload runs in the background, the record with thumbnail and preview first, then medium and large,
      // then the original (docs/SYNC.md): wait until the server has every file.
      const complete = `client='${clientId}' && preview!='' && medium!='' && large!='' && original!=''`;
      const list = await fetch(`${server.url}/api/collections/images/records?filter=${encodeURIComponent(complete)}`, { headers: { Authorization: token } });
      image = ((await list.json()) as { items: { id: string }[] }).items[0];
      if (!image) await new Promise((r) => setTimeout(r, 500));
    }
    const original = exiftool(Buffer.from(await (await fetch(`${server.url}/api/gallery/image/${image!.id}`, { headers: { Authorization: token } })).arrayBuffer()));
    expect(original.GPSLatitude).toBeCloseTo(48.858, 2);
    for (const size of [400, 800, 1600, 2048]) {
      const res = await fetch(`${server.url}/api/gallery/image/${image!.id}?size=${size}`, { headers: { Authorization: token } });
      expect(res.status).toBe(200);
      const tags = exiftool(Buffer.from(await res.arrayBuffer()));
      // The 2,048 px size is the web-size download: it keeps the photo's EXIF (issue 25), never its GPS.
      const make = size === 2048 ? "Nikon" : undefined;
      expect([tags.GPSLatitude, tags.GPSPosition, tags.Make], `size ${size}`).toEqual([undefined, undefined, make]);
    }
  });
});

describe("HEIC input", () => {
  it("converts a HEIC photo and imports it into a client's gallery", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "sg-heic-"));
    let heic: Buffer;
    try {
      writeFileSync(path.join(dir, "in.jpg"), await sourceImage(360, 240).removeAlpha().jpeg({ quality: 95 }).toBuffer());
      execFileSync("heif-enc", ["-q", "90", path.join(dir, "in.jpg"), "-o", path.join(dir, "phone.heic")]);
      heic = readFileSync(path.join(dir, "phone.heic"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const input = { name: "phone.heic", mimeType: "image/heic", buffer: heic };
    await convert([input], "png");
    const png = await downloadResult("phone.png");
    expect((await sharp(png).metadata()).width).toBe(360);
    const [want, got] = [await means(await sourceImage(360, 240).removeAlpha().png().toBuffer()), await means(png)];
    for (const c of [0, 1, 2]) expect(Math.abs(got[c]! - want[c]!), `channel ${c}: ${got} vs ${want}`).toBeLessThan(4);

    await page.goto("/clients/new");
    await new NewClientPage(page).create({ name: "Heic Hanna" });
    await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
    const gallery = new GalleryTabPage(page);
    await gallery.uploadPhotos([input]);
    await gallery.fileRow("phone.heic").getByText(/Saved/).waitFor({ timeout: 60_000 });
    await gallery.closeDialog();
    await gallery.showing(1).waitFor();
    const size = await gallery.thumbnail("phone.heic").evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    });
    expect(size).toEqual([360, 240]); // smaller than 400 px: the thumbnail keeps its size
  });
});
