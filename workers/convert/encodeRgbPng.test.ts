/**
 * RGB PNG (issue 37): an opaque photo's PNG has no alpha channel. Decoded back by libvips (sharp), the file
 * has three channels, colour type 2, and every pixel of the input (e2e/converters.test.ts checks the
 * converter's own output in Chromium).
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { encodeRgbPng, isOpaque } from "./encodeRgbPng";

/** A photo-like gradient with noise, opaque, as RGBA. */
function photo(width: number, height: number): { data: Uint8ClampedArray; width: number; height: number } {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0, s = 7; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      s = (s * 1103515245 + 12345) >>> 0;
      data[i] = (x * 255) / width + (s >>> 29);
      data[i + 1] = (y * 255) / height + ((s >>> 26) & 7);
      data[i + 2] = ((x + y) * 127) / (width + height) + ((s >>> 23) & 7);
      data[i + 3] = 255;
    }
  return { data, width, height };
}

describe("RGB PNG", () => {
  it("tells an opaque image from one with a transparent pixel", () => {
    const image = photo(8, 8);
    expect(isOpaque(image)).toBe(true);
    image.data[4 * 10 + 3] = 254;
    expect(isOpaque(image)).toBe(false);
  });

  it("writes three channels that decode to the same pixels", async () => {
    const image = photo(301, 203);
    const png = await encodeRgbPng(image);
    expect(png[25]).toBe(2); // IHDR colour type: RGB
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: "png", width: 301, height: 203, channels: 3, hasAlpha: false });
    const decoded = await sharp(png).raw().toBuffer();
    const rgb = Buffer.alloc(301 * 203 * 3);
    for (let p = 0; p < 301 * 203; p++) image.data.subarray(p * 4, p * 4 + 3).forEach((v, c) => (rgb[p * 3 + c] = v));
    expect(decoded.equals(rgb)).toBe(true);
  });

  it("keeps the smaller of filtered and unfiltered rows when asked, which a posterized photo needs", async () => {
    const image = photo(320, 240);
    // A lossy PNG's posterize: 20 levels a channel.
    for (let i = 0; i < image.data.length; i += 4) for (let c = 0; c < 3; c++) image.data[i + c] = Math.round(Math.round(image.data[i + c]! / 13.4) * 13.4);
    const adaptive = await encodeRgbPng(image);
    const either = await encodeRgbPng(image, { tryUnfiltered: true });
    expect(either.length).toBeLessThanOrEqual(adaptive.length);
    const decoded = await sharp(either).raw().toBuffer();
    expect(decoded.length).toBe(320 * 240 * 3);
    for (let p = 0; p < 320 * 240; p += 97) expect([...decoded.subarray(p * 3, p * 3 + 3)]).toEqual([...image.data.subarray(p * 4, p * 4 + 3)]);
  });
});
