/**
 * The web size every client can open (issue 25): the 2,048 px size as a baseline JPEG (sRGB: the canvas
 * draws in sRGB; quality 0.85) carrying the photo's own metadata, so a print lab, Windows or a social site
 * sees a .jpg that is one, with artist, copyright and capture date. Orientation is reset to 1 because the
 * decoder already turned the pixels upright (TIFF's are as stored, so its tag stays); GPS and the XMP
 * location go, since a web copy travels further than the original; ICC profiles are left out (the pixels
 * are sRGB, which a JPEG without a profile means).
 */
import { embedInJpeg } from "../metadata/embedMetadata";
import { cleanExifTags, writeExifBlock } from "../metadata/exifBlock";
import { readMetadata, xmpWithoutLocation } from "../metadata/readMetadata";
import type { ImageHeader } from "./sniff";

export const WEB_JPEG_QUALITY = 0.85;

/** `quality`: the web size's, or the full-size JPEG's (fullJpeg.ts), which carries the same metadata. */
export async function webJpeg(canvas: OffscreenCanvas, original: Blob, header: ImageHeader, quality = WEB_JPEG_QUALITY): Promise<Blob> {
  const [jpeg, found] = await Promise.all([canvas.convertToBlob({ type: "image/jpeg", quality }), readMetadata(original, header.format)]);
  const tags = found.exif ? cleanExifTags(found.exif, { removeLocation: true, orientationApplied: header.format !== "tiff" }) : null;
  const exif = tags ? writeExifBlock(tags) : null;
  const xmp = found.xmp ? xmpWithoutLocation(found.xmp) : null;
  if (!exif && !xmp) return jpeg;
  return new Blob([embedInJpeg(new Uint8Array(await jpeg.arrayBuffer()), { exif, xmp, icc: null })], { type: "image/jpeg" });
}
