/**
 * The input's metadata as a converted file carries it (workers/convert/convertImage.ts): EXIF cleaned (orientation reset,
 * GPS gone when asked), XMP, and the ICC profile when it is an RGB one. Pure: unit-tested in Node.
 */
import type { ImageFormat } from "../../src/domain/contract";
import { cleanExifTags, writeExifBlock } from "./exifBlock";
import type { TiffExtras, TiffTag } from "./ifd";
import { xmpWithoutLocation, type PhotoMetadata } from "./readMetadata";
import type { MetadataBlocks } from "./embedMetadata";

export interface CarriedMetadata extends MetadataBlocks {
  tags: ReturnType<typeof cleanExifTags> | null;
}

export const NO_METADATA: CarriedMetadata = { tags: null, exif: null, xmp: null, icc: null };

/** An RGB ICC profile (bytes 16-19 name the colour space): the only kind RGB output can carry. */
export const isRgbProfile = (icc: Uint8Array | null): icc is Uint8Array => !!icc && icc.length > 128 && String.fromCharCode(...icc.subarray(16, 20)) === "RGB ";

/** EXIF's ColorSpace tag (in the EXIF sub-IFD): 1 is sRGB, 0xFFFF "Uncalibrated" (another space, a profile says which). */
const COLOR_SPACE = 0xa001;
const SRGB: TiffTag = { tag: COLOR_SPACE, type: 3, values: [1] };

/** EXIF sub-IFD tags saying sRGB, whatever they said before. */
const saySrgb = (exif: TiffTag[]): TiffTag[] => [...exif.filter((t) => t.tag !== COLOR_SPACE), SRGB];

/**
 * `found` (read from a file of `format`) as the output carries it. Without an RGB profile to carry, the pixels
 * are what the browser decoded them as, sRGB, and the EXIF says so (issue 37: libvips writes "Uncalibrated"
 * into every JPEG it makes, which a TIFF for print then repeated).
 */
export function carriedMetadata(found: PhotoMetadata, format: ImageFormat, removeLocation: boolean): CarriedMetadata {
  const icc = isRgbProfile(found.icc) ? found.icc : null;
  const cleaned = found.exif ? cleanExifTags(found.exif, { removeLocation, orientationApplied: format !== "tiff" }) : null;
  const tags = cleaned && !icc ? { ...cleaned, exif: saySrgb(cleaned.exif) } : cleaned;
  return {
    tags,
    exif: tags ? writeExifBlock(tags) : null,
    xmp: found.xmp && removeLocation ? xmpWithoutLocation(found.xmp) : found.xmp,
    icc,
  };
}

/** What writeTiff writes besides the pixels; a TIFF without a profile says sRGB even with no EXIF to carry. */
export function tiffExtras(meta: CarriedMetadata): TiffExtras {
  const exif = meta.tags?.exif ?? [];
  return {
    icc: meta.icc,
    tags: [...(meta.tags?.ifd0 ?? []), ...(meta.xmp ? [{ tag: 700, type: 1, values: meta.xmp }] : [])],
    exif: meta.icc ? exif : saySrgb(exif),
    gps: meta.tags?.gps,
  };
}
