/**
 * The TIFF writer read back by libvips (sharp), an independent decoder, and by UTIF, which the app reads
 * TIFF with: every pixel comes back, alpha only when the image has some, strips of any count.
 */
import sharp from "sharp";
import * as UTIF from "utif2";
import { describe, expect, it } from "vitest";
import { decodeTiffPixels } from "../image/tiff";
import { writeTiff, type RgbaPixels } from "./writeTiff";

/** A photo-like gradient with noise, opaque unless `alpha` is given. */
function image(width: number, height: number, alpha?: (x: number, y: number) => number): RgbaPixels {
  const data = new Uint8Array(width * height * 4);
  let seed = 7;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const i = (y * width + x) * 4;
      data[i] = (x * 255) / width + ((seed >>> 24) & 7);
      data[i + 1] = (y * 255) / height;
      data[i + 2] = (seed >>> 16) & 255;
      data[i + 3] = alpha ? alpha(x, y) : 255;
    }
  return { width, height, data };
}

async function libvipsPixels(bytes: Buffer) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), channels: info.channels, width: info.width, height: info.height };
}

const rgbOf = (rgba: Uint8Array) => rgba.filter((_, i) => i % 4 !== 3);

/** How many bytes differ (large arrays compared element by element by toEqual take seconds). */
function differingBytes(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) return Math.max(a.length, b.length);
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
  return n;
}

describe("writeTiff", () => {
  it("writes an opaque photo as lossless RGB that libvips reads back pixel for pixel", async () => {
    const input = image(1000, 700); // several strips of 87 rows
    const bytes = Buffer.from(await (await writeTiff(input)).arrayBuffer());
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x49, 0x49, 42, 0]));
    const out = await libvipsPixels(bytes);
    expect([out.width, out.height, out.channels]).toEqual([1000, 700, 3]);
    expect(differingBytes(out.data, rgbOf(input.data as Uint8Array))).toBe(0);
    const [ifd] = UTIF.decode(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    expect({ compression: ifd!.t259, predictor: ifd!.t317 }).toEqual({ compression: [8], predictor: [2] });
    // Compressed: the raw RGB would be 2.1 MB; the noise in this image keeps it from shrinking much more.
    expect(bytes.length).toBeLessThan(1000 * 700 * 3);
  });

  it("keeps transparency as a fourth sample", async () => {
    const input = image(64, 48, (x) => (x < 32 ? 0 : 200));
    const bytes = Buffer.from(await (await writeTiff(input)).arrayBuffer());
    const out = await libvipsPixels(bytes);
    expect(out.channels).toBe(4);
    expect(out.data).toEqual(input.data);
  });

  it("is read back by UTIF, the app's own TIFF reader, for a one-pixel and a one-row image", async () => {
    for (const input of [image(1, 1), image(301, 1), image(1, 301)]) {
      const buffer = await (await writeTiff(input)).arrayBuffer();
      const [page] = UTIF.decode(buffer);
      UTIF.decodeImage(buffer, page!);
      expect([page!.width, page!.height]).toEqual([input.width, input.height]);
      expect(new Uint8Array(UTIF.toRGBA8(page!))).toEqual(input.data);
    }
  });

  it("writes 16 bits a sample with the ICC profile and metadata tags, read back by libvips and the app's reader", async () => {
    const width = 50;
    const height = 30;
    const data = new Uint16Array(width * height * 4);
    for (let i = 0; i < data.length; i++) data[i] = i % 4 === 3 ? 65535 : (i * 2654435761) >>> 16;
    const icc = (await sharp({ create: { width: 1, height: 1, channels: 3, background: "red" } }).withIccProfile("p3").png().toBuffer().then((b) => sharp(b).metadata())).icc!;
    const ascii = (s: string) => new TextEncoder().encode(`${s}\0`);
    const blob = await writeTiff(
      { width, height, data, bits: 16 },
      { icc, tags: [{ tag: 315, type: 2, values: ascii("Ada Artist") }, { tag: 256, type: 4, values: [1] }], exif: [{ tag: 36867, type: 2, values: ascii("2024:05:06 07:08:09") }, { tag: 33434, type: 5, values: [1, 250] }] },
    );
    const bytes = Buffer.from(await blob.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height, meta.depth, meta.channels]).toEqual([width, height, "ushort", 3]);
    expect(Buffer.from(meta.icc!).equals(icc)).toBe(true);
    const back = await decodeTiffPixels(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer);
    expect(back.bits).toBe(16);
    expect(differingBytes(new Uint8Array(back.rgba.buffer), new Uint8Array(data.buffer))).toBe(0);
    const [ifd] = UTIF.decode(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    expect(ifd!.t315).toEqual(["Ada Artist"]);
    expect(ifd!.t256).toEqual([width]); // a tag the writer owns is never taken from the input
    const exif = (ifd as unknown as { exifIFD: Record<string, unknown> }).exifIFD;
    expect(exif.t36867).toEqual(["2024:05:06 07:08:09"]);
    expect(exif.t33434).toEqual([[1, 250]]);
  });

  it("refuses pixels that do not match the size", async () => {
    await expect(writeTiff({ width: 10, height: 10, data: new Uint8Array(10) })).rejects.toThrow(/size/);
  });
});
