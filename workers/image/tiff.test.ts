/**
 * The TIFF reader on files libvips (sharp) writes, in every common compression (none, LZW, Deflate with
 * the horizontal predictor, PackBits), 8 and 16 bits, RGB and greyscale, with and without alpha: each
 * sample comes back as libvips itself reads it, and the ICC profile comes out of the file.
 */
import sharp, { type Sharp } from "sharp";
import * as UTIF from "utif2";
import { describe, expect, it } from "vitest";
import { decodeTiffPixels, to8Bit } from "./tiff";

const width = 37;
const height = 23;
const source = Buffer.alloc(width * height * 4);
for (let i = 0, x = 11; i < source.length; i++) source[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
for (let i = 3; i < source.length; i += 4) source[i] = i % 5 ? 255 : 90;

/**
 * The samples of a 16-bit file as stored: libvips writes it uncompressed, and the strips are read straight
 * from the file (sharp's own raw output rescales 16-bit samples, so it cannot serve as the reference).
 */
async function stored16(image: Sharp): Promise<{ data: Uint16Array; channels: number }> {
  const tiff = await image.clone().tiff({ compression: "none" }).toBuffer();
  const [page] = UTIF.decode(arrayBufferOf(tiff)) as Array<Record<string, number[]>>;
  expect(String.fromCharCode(tiff[0]!, tiff[1]!)).toBe("II");
  const bytes = Buffer.concat(page!["t273"]!.map((off, i) => tiff.subarray(off, off + page!["t279"]![i]!)));
  return { data: new Uint16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2), channels: page!["t277"]![0]! };
}

const arrayBufferOf = (b: Buffer) => b.buffer.slice(b.byteOffset, b.byteOffset + b.length) as ArrayBuffer;

describe("decodeTiffPixels", () => {
  for (const compression of ["none", "lzw", "deflate", "packbits"] as const)
    for (const space of ["srgb", "rgb16", "b-w", "grey16"] as const)
      for (const alpha of [false, true])
        it(`reads ${compression} ${space}${alpha ? " with alpha" : ""}`, async () => {
          let image: Sharp = sharp(source, { raw: { width, height, channels: 4 } });
          if (!alpha) image = image.removeAlpha();
          const predictor = compression === "lzw" || compression === "deflate" ? "horizontal" : "none";
          const tiff = await image.toColourspace(space).tiff({ compression, predictor }).toBuffer();
          // What libvips reads back from its own file (8 bits), or the stored samples (16 bits).
          let channels: number;
          let samples: Uint8Array | Uint16Array;
          if (space.endsWith("16")) ({ data: samples, channels } = await stored16(image.toColourspace(space)));
          else {
            const expected = await sharp(tiff).raw().toBuffer({ resolveWithObject: true });
            ({ data: samples, info: { channels } } = expected);
          }

          const pixels = await decodeTiffPixels(arrayBufferOf(tiff));
          expect([pixels.width, pixels.height, pixels.bits, pixels.hasAlpha]).toEqual([width, height, space.endsWith("16") ? 16 : 8, alpha]);
          const colour = channels - (alpha ? 1 : 0);
          let differing = 0;
          for (let p = 0; p < width * height; p++)
            for (let c = 0; c < 4; c++) {
              const want = c === 3 ? (alpha ? samples[p * channels + colour]! : pixels.bits === 16 ? 65535 : 255) : samples[p * channels + (colour === 1 ? 0 : c)]!;
              if (pixels.rgba[p * 4 + c] !== want) differing++;
            }
          expect(differing).toBe(0);
        });

  it("returns the embedded ICC profile and gives 8-bit samples of 16-bit ones", async () => {
    const tiff = await sharp(source, { raw: { width, height, channels: 4 } }).removeAlpha().toColourspace("rgb16").withIccProfile("p3").tiff({ compression: "deflate" }).toBuffer();
    const pixels = await decodeTiffPixels(arrayBufferOf(tiff));
    const icc = (await sharp(tiff).metadata()).icc!;
    expect(Buffer.from(pixels.icc!).equals(icc)).toBe(true);
    const eight = to8Bit(pixels);
    expect(eight.length).toBe(width * height * 4);
    expect(eight[0]).toBe(Math.round(pixels.rgba[0]! / 257));
  });

  it("refuses a damaged file with a clear error", async () => {
    const tiff = await sharp(source, { raw: { width, height, channels: 4 } }).tiff({ compression: "deflate" }).toBuffer();
    await expect(decodeTiffPixels(arrayBufferOf(tiff.subarray(0, 200)))).rejects.toThrow(/damaged/);
  });
});
