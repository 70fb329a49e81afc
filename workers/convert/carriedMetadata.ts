/**
 * The input's metadata as a converted file carries it (convertImage.ts): EXIF cleaned (orientation reset,
 * GPS gone when asked), XMP, and the ICC profile when it is an RGB one. Pure: unit-tested in Node.
 */
import type { ImageFormat } from "../../src/domain/contract";
import { cleanExifTags, writeExifBlock } from "../image/exifBlock";
import { xmpWithoutLocation, type PhotoMetadata } from "../image/metadata";
import type { TiffExtras } from "../image/writeTiff";
import type { MetadataBlocks } from "./embedMetadata";

export interface CarriedMetadata extends MetadataBlocks {
  tags: ReturnType<typeof cleanExifTags> | null;
}

export const NO_METADATA: CarriedMetadata = { tags: null, exif: null, xmp: null, icc: null };

/** An RGB ICC profile (bytes 16-19 name the colour space): the only kind RGB output can carry. */
export const isRgbProfile = (icc: Uint8Array | null): icc is Uint8Array => !!icc && icc.length > 128 && String.fromCharCode(...icc.subarray(16, 20)) === "RGB ";

/** `found` (read from a file of `format`) as the output carries it. */
export function carriedMetadata(found: PhotoMetadata, format: ImageFormat, removeLocation: boolean): CarriedMetadata {
  const tags = found.exif ? cleanExifTags(found.exif, { removeLocation, orientationApplied: format !== "tiff" }) : null;
  return {
    tags,
    exif: tags ? writeExifBlock(tags) : null,
    xmp: found.xmp && removeLocation ? xmpWithoutLocation(found.xmp) : found.xmp,
    icc: isRgbProfile(found.icc) ? found.icc : null,
  };
}

/** What writeTiff writes besides the pixels. */
export function tiffExtras(meta: CarriedMetadata): TiffExtras {
  return {
    icc: meta.icc,
    tags: [...(meta.tags?.ifd0 ?? []), ...(meta.xmp ? [{ tag: 700, type: 1, values: meta.xmp }] : [])],
    exif: meta.tags?.exif,
    gps: meta.tags?.gps,
  };
}
