/**
 * A converted file says which colour space its pixels are in (issue 37): a photo without an ICC profile is
 * decoded as sRGB (what browsers assume), so its TIFF says sRGB (EXIF ColorSpace 1) as exiftool reads it,
 * even when the source's EXIF said "Uncalibrated" (libvips writes that into every JPEG it makes) or had no
 * EXIF at all; with a profile carried along, the source's word stands. (Beside the TIFF writer it reads
 * back, above the metadata code it tests.)
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { carriedMetadata, NO_METADATA, tiffExtras, type CarriedMetadata } from "../metadata/carriedMetadata";
import { readMetadata } from "../metadata/readMetadata";
import { writeTiff } from "./writeTiff";

function exiftool(bytes: Uint8Array): Record<string, unknown> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sg-exif-"));
  try {
    writeFileSync(path.join(dir, "f.tif"), bytes);
    return (JSON.parse(execFileSync("exiftool", ["-j", "-n", path.join(dir, "f.tif")], { encoding: "utf8" })) as Array<Record<string, unknown>>)[0]!;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const photo = () => sharp({ create: { width: 8, height: 6, channels: 3, background: { r: 200, g: 120, b: 40 } } });

async function tiffOf(meta: CarriedMetadata): Promise<Record<string, unknown>> {
  const data = new Uint8Array(8 * 6 * 4).fill(255);
  return exiftool(new Uint8Array(await (await writeTiff({ width: 8, height: 6, data }, tiffExtras(meta))).arrayBuffer()));
}

const carried = async (jpeg: Buffer) => carriedMetadata(await readMetadata(new Blob([new Uint8Array(jpeg)]), "jpeg"), "jpeg", true);

describe("the colour space a converted TIFF names", () => {
  it("is sRGB for an untagged JPEG whose EXIF says Uncalibrated", async () => {
    const jpeg = await photo().withExif({ IFD0: { Artist: "Ada Artist" } }).jpeg().toBuffer();
    expect(exiftool(jpeg)).toMatchObject({ ColorSpace: 65535 }); // what libvips wrote
    const tags = await tiffOf(await carried(jpeg));
    expect(tags).toMatchObject({ ColorSpace: 1, Artist: "Ada Artist" });
    expect(tags.ProfileDescription).toBeUndefined();
  });

  it("is sRGB for an untagged JPEG without EXIF, and without metadata kept", async () => {
    const jpeg = await photo().jpeg().toBuffer();
    expect(exiftool(jpeg).ColorSpace).toBeUndefined();
    expect(await tiffOf(await carried(jpeg))).toMatchObject({ ColorSpace: 1 });
    expect(await tiffOf(NO_METADATA)).toMatchObject({ ColorSpace: 1 });
  });

  it("stays the source's with the source's profile carried along (Display P3: Uncalibrated)", async () => {
    const jpeg = await photo().withIccProfile("p3").withExif({ IFD0: { Artist: "Ada Artist" } }).jpeg().toBuffer();
    const tags = await tiffOf(await carried(jpeg));
    expect(tags).toMatchObject({ ColorSpace: 65535, ProfileDescription: "sP3C" });
  });
});
