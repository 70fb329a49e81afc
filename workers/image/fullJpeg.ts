/**
 * The full-size JPEG of an original that is not a JPEG (issue 25): when a gallery delivers originals "as
 * JPEG", a HEIC, TIFF, AVIF or WebP photo gets a JPEG of its whole decoded size (sRGB: the canvas draws in
 * sRGB; quality 0.9) with the photo's metadata as the web size has it (webJpeg.ts: artist, copyright,
 * capture date; orientation reset, since the decoder turned the pixels upright; GPS and the XMP location
 * removed, like every file this device makes for delivery). JPEG originals go as they are, and PNG, GIF and
 * BMP open everywhere, so they get none.
 */
import type { ImageHeader } from "./sniff";
import { webJpeg } from "./webJpeg";
import { JPEG_DELIVERED_FORMATS } from "../../src/domain/image-formats";

export const FULL_JPEG_QUALITY = 0.9;

export { JPEG_DELIVERED_FORMATS };

/** The JPEG of a decoded photo at its full size. */
export async function fullJpegOf(bitmap: ImageBitmap, original: Blob, header: ImageHeader): Promise<Blob> {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext("2d")!;
  ctx.drawImage(bitmap, 0, 0);
  return webJpeg(canvas, original, header, FULL_JPEG_QUALITY);
}
