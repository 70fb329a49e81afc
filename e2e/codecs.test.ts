/**
 * The codecs as a photographer meets them, in Chromium with the built app: TIFFs from libvips in every
 * common compression (none, LZW, Deflate, PackBits), 8 and 16 bits, RGB and grey, with and without
 * alpha, read by the converter; 'TIFF for print' keeping 16 bits and the ICC profile; the app's own TIFF
 * output imported into a client's gallery through the client converter.
 */
import type { Browser, BrowserContext, Download, Page } from "playwright-core";
import { readFileSync } from "node:fs";
import sharp, { type Sharp } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeTiffPixels } from "../workers/image/tiff";
import { NewClientPage } from "./pages/ClientPages";
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

async function convert(files: TestFile[], format: string, heading = /^Conversion Complete$/) {
  await page.goto("/converter");
  await page.getByLabel("Target Format").selectOption(format);
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
