import { describe, expect, it } from "vitest";
import { encodePng } from "../../scripts/lib/png.mjs";
import { orientedSize, readExifOrientation, withExifOrientation } from "./exif";
import { readImageHeader } from "./sniff";

/** A minimal baseline JPEG header: SOI, APP0, SOF0 with the given size, then EOI. */
function jpegHeader(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9]);
}

describe("readImageHeader", () => {
  it("reads format and size of a JPEG and a PNG from their headers", () => {
    expect(readImageHeader(jpegHeader(6000, 4000))).toEqual({ format: "jpeg", mimeType: "image/jpeg", width: 6000, height: 4000 });
    const png = encodePng(3, 2, () => [1, 2, 3, 255]);
    expect(readImageHeader(new Uint8Array(png))).toMatchObject({ format: "png", width: 3, height: 2 });
  });

  it("finds the JPEG size after an EXIF block", () => {
    expect(readImageHeader(withExifOrientation(jpegHeader(120, 80), 6))).toMatchObject({ width: 120, height: 80 });
  });

  it("reads GIF, WebP (lossy, lossless, extended) and BMP sizes", () => {
    const gif = new Uint8Array([...new TextEncoder().encode("GIF89a"), 0x40, 0x01, 0xf0, 0x00, 0, 0, 0]);
    expect(readImageHeader(gif)).toMatchObject({ format: "gif", width: 320, height: 240 });
    const riff = (chunk: string, body: number[]) => new Uint8Array([...new TextEncoder().encode("RIFF"), 0, 0, 0, 0, ...new TextEncoder().encode("WEBP" + chunk), 0, 0, 0, 0, ...body]);
    expect(readImageHeader(riff("VP8X", [0, 0, 0, 0, 0x7f, 0x07, 0x00, 0x37, 0x04, 0x00]))).toMatchObject({ format: "webp", width: 1920, height: 1080 });
    const vp8l = (w: number, h: number) => {
      const bits = (w - 1) | ((h - 1) << 14);
      return [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >> 24) & 0xff];
    };
    expect(readImageHeader(riff("VP8L", vp8l(500, 300)))).toMatchObject({ width: 500, height: 300 });
    expect(readImageHeader(riff("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0xe0, 0x01]))).toMatchObject({ width: 640, height: 480 });
    const bmp = new Uint8Array(54);
    bmp.set([0x42, 0x4d]);
    new DataView(bmp.buffer).setInt32(18, 800, true);
    new DataView(bmp.buffer).setInt32(22, -600, true);
    expect(readImageHeader(bmp)).toMatchObject({ format: "bmp", width: 800, height: 600 });
  });

  it("says a renamed text file or random bytes are not images", () => {
    expect(readImageHeader(new TextEncoder().encode("Hello, this is not a photo.jpg"))).toBeNull();
    expect(readImageHeader(new Uint8Array([0xff, 0xd9, 0, 0]))).toBeNull();
  });
});

describe("EXIF orientation", () => {
  it("reads the orientation a camera wrote, and 1 when there is none", () => {
    for (const o of [1, 3, 6, 8]) expect(readExifOrientation(withExifOrientation(jpegHeader(10, 20), o))).toBe(o);
    expect(readExifOrientation(jpegHeader(10, 20))).toBe(1);
    expect(readExifOrientation(new Uint8Array([1, 2, 3]))).toBe(1);
  });

  it("swaps width and height for the quarter-turn orientations only", () => {
    expect(orientedSize(6000, 4000, 1)).toEqual({ width: 6000, height: 4000 });
    expect(orientedSize(6000, 4000, 3)).toEqual({ width: 6000, height: 4000 });
    for (const o of [5, 6, 7, 8]) expect(orientedSize(6000, 4000, o)).toEqual({ width: 4000, height: 6000 });
  });
});
