/**
 * Metadata carried into converted files, read back by libvips (sharp): EXIF (orientation reset, GPS
 * removed on request, the rest kept), XMP and the ICC profile in JPEG, PNG and WebP made by other
 * encoders, and the EXIF block round trip through our reader and writer.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { cleanExifTags, readExifTags, writeExifBlock } from "./exifBlock";
import { readMetadata, xmpWithoutLocation } from "./readMetadata";
import { embedInJpeg, embedInPng, embedInWebp } from "./embedMetadata";

const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="48,51.5N" dc:format="image/jpeg"/></rdf:RDF></x:xmpmeta>`;

async function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .withIccProfile("p3")
    .withExif({
      IFD0: { Make: "Nikon", Model: "Z 8", Artist: "Ada Artist", Copyright: "(c) Ada", Orientation: "6", DateTime: "2024:05:06 07:08:09" },
      IFD2: { DateTimeOriginal: "2024:05:06 07:08:09", ExposureTime: "1/250", FNumber: "28/10", LensModel: "NIKKOR Z 24-70mm" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 30/1" },
    })
    .withXmp(XMP)
    .jpeg()
    .toBuffer();
}

const plain = () => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } } });

describe("metadata blocks", () => {
  it("reads EXIF, XMP and ICC from a camera-like JPEG and cleans the EXIF for a converted copy", async () => {
    const input = await cameraJpeg();
    const meta = await readMetadata(new Blob([new Uint8Array(input)]), "jpeg");
    const icc = (await sharp(input).metadata()).icc!;
    expect(Buffer.from(meta.icc!).equals(icc)).toBe(true);
    expect(new TextDecoder().decode(meta.xmp!)).toContain("GPSLatitude");
    expect(meta.exif!.gps.length).toBeGreaterThan(0);
    const cleaned = cleanExifTags(meta.exif!, { removeLocation: true });
    expect(cleaned.gps).toEqual([]);
    expect(cleaned.ifd0.find((t) => t.tag === 274)!.values).toEqual([1]);
    const block = writeExifBlock(cleaned)!;
    const again = readExifTags(block)!;
    expect(again.exif.find((t) => t.tag === 33434)!.values).toEqual([1, 250]); // ExposureTime
    expect(new TextDecoder().decode(again.ifd0.find((t) => t.tag === 315)!.values as Uint8Array)).toBe("Ada Artist\0");
    expect(new TextDecoder().decode(xmpWithoutLocation(meta.xmp!))).not.toContain("GPS");
  });

  for (const [format, make, embed] of [
    ["jpeg", () => plain().jpeg().toBuffer(), embedInJpeg],
    ["png", () => plain().png().toBuffer(), embedInPng],
    ["webp", () => plain().webp().toBuffer(), embedInWebp],
    ["webp with alpha", () => plain().ensureAlpha(0.5).webp({ lossless: true }).toBuffer(), embedInWebp],
  ] as const)
    it(`embeds EXIF, XMP and ICC in ${format} that libvips reads back`, async () => {
      const input = await cameraJpeg();
      const meta = await readMetadata(new Blob([new Uint8Array(input)]), "jpeg");
      const blocks = { exif: writeExifBlock(cleanExifTags(meta.exif!, { removeLocation: true })), xmp: meta.xmp, icc: meta.icc };
      const out = Buffer.from(await embed(new Uint8Array(await make()), blocks));
      const info = await sharp(out).metadata();
      expect(Buffer.from(info.icc!).equals(Buffer.from(meta.icc!))).toBe(true);
      expect(info.xmp!.toString()).toContain("dc:format");
      expect(info.orientation).toBe(1);
      expect(info.exif!.toString("latin1")).toContain("Ada Artist");
      const back = readExifTags(info.exif!.subarray(info.exif!.toString("latin1").startsWith("Exif") ? 6 : 0))!;
      expect(back.gps).toEqual([]);
      expect(new TextDecoder().decode(back.exif.find((t) => t.tag === 0xa434)!.values as Uint8Array)).toContain("NIKKOR"); // LensModel
      // Pixels still decode.
      expect((await sharp(out).raw().toBuffer({ resolveWithObject: true })).info.width).toBe(64);
    });

  it("drops a WebP's own profile chunk when nothing is to be carried, and keeps a separate alpha chunk", async () => {
    const withProfile = new Uint8Array(await plain().withIccProfile("p3").webp().toBuffer());
    expect(new TextDecoder().decode(withProfile.subarray(12, 16))).toBe("VP8X");
    const bare = embedInWebp(withProfile, { exif: null, xmp: null, icc: null });
    expect(new TextDecoder().decode(bare.subarray(12, 16))).toBe("VP8 ");
    const info = await sharp(Buffer.from(bare)).metadata();
    expect([info.width, info.icc]).toEqual([64, undefined]);
    const alpha = new Uint8Array(await plain().ensureAlpha(0.5).webp({ quality: 80 }).toBuffer());
    const kept = embedInWebp(alpha, { exif: null, xmp: null, icc: null });
    expect((await sharp(Buffer.from(kept)).metadata()).hasAlpha).toBe(true);
  });
});
