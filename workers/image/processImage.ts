/**
 * The import step for one photo, run in a worker: check what the file is by its bytes and its pixel count
 * from the header (before decoding), decode with the browser's own decoder (EXIF orientation applied by it,
 * and checked), make every size of src/domain/image-sizes.ts down one chain (2,048 -> 1,600 -> 800 -> 400 px
 * long edge, each scaled from the one above, never from the original again), watermark the sizes a visitor
 * could use as a photo when the studio wants it, and record size, a placeholder, a checksum and a CRC-32. The
 * 2,048 px size is also what a "web size" download delivers, so it is a real JPEG with the photo's metadata
 * (webJpeg.ts); the smaller sizes are WebP. When the gallery delivers originals as JPEG, a HEIC, TIFF, AVIF
 * or WebP original also gets a full-size JPEG (fullJpeg.ts). The original is never modified.
 */
import { ImageError } from "./errors";
import { orientedSize } from "./exif";
import { decodeImage, inspectImage } from "./source";
import { placeholderOf } from "./placeholder";
import { scaledChain } from "./sizes";
import { webJpeg } from "./webJpeg";
import { fullJpegOf, JPEG_DELIVERED_FORMATS } from "./fullJpeg";
import { drawWatermark, type Watermark } from "./watermark";
import { crc32, crc32Hex } from "../zip/crc32";

/** Encoder quality per size: small files matter most for the grid's many thumbnails. */
const QUALITY = { thumbnail: 0.75, medium: 0.8, large: 0.82 } as const;

export interface ProcessOptions {
  watermark?: { text: string; logo?: Blob } | null;
  /** The gallery delivers originals as JPEG: a HEIC, TIFF, AVIF or WebP original gets a full-size JPEG (fullJpeg.ts). */
  fullJpeg?: boolean;
}

export interface ProcessedImage {
  mimeType: string;
  /** Displayed size (after orientation). */
  width: number;
  height: number;
  orientation: number;
  checksum: string;
  /** CRC-32 of the original (8 hex digits), for zips to copy its bytes without reading them again. */
  crc32: string;
  thumbnail: Blob;
  medium: Blob;
  large: Blob;
  preview: Blob;
  /** ThumbHash of the photo, base64. */
  placeholder: string;
  /** The full-size JPEG, when asked for and the original's format needs one. */
  jpeg?: Blob;
}

/** WebP where the browser encodes it (smaller thumbnails), JPEG otherwise. */
async function encode(canvas: OffscreenCanvas, quality: number): Promise<Blob> {
  const webp = await canvas.convertToBlob({ type: "image/webp", quality });
  return webp.type === "image/webp" ? webp : canvas.convertToBlob({ type: "image/jpeg", quality });
}

/** SHA-256 and CRC-32 of the original, from one read of its bytes. */
async function checksumsOf(file: Blob): Promise<{ checksum: string; crc32: string }> {
  const bytes = await file.arrayBuffer();
  const crc = crc32Hex(crc32(new Uint8Array(bytes)));
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return { checksum: Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join(""), crc32: crc };
}

async function watermarkOf(options: ProcessOptions): Promise<Watermark | null> {
  const wm = options.watermark;
  if (!wm) return null;
  if (wm.logo) {
    try {
      return { logo: await createImageBitmap(wm.logo) };
    } catch {
      // An unreadable logo falls back to the name rather than failing the import.
    }
  }
  return wm.text ? { text: wm.text } : null;
}

export async function processImage(file: Blob, options: ProcessOptions = {}): Promise<ProcessedImage> {
  const { header, orientation } = await inspectImage(file);
  const bitmap = await decodeImage(file, header);
  try {
    const expected = orientedSize(header.width, header.height, orientation);
    // HEIC's first size box may be a tile's, and libheif applies the rotation itself: not compared.
    if (header.format !== "heic" && header.width && (bitmap.width !== expected.width || bitmap.height !== expected.height)) {
      // The decoder disagrees with the header: report it rather than guess a rotation (it would apply twice).
      throw new ImageError("corrupt", "This image's header and its pixels disagree; it may be damaged.");
    }
    const chain = scaledChain(bitmap);
    const placeholder = placeholderOf(chain.thumbnail);
    const mark = await watermarkOf(options);
    // The thumbnail stays clean (a watermark at 400 px is a smudge); every larger size carries it.
    if (mark) for (const field of ["medium", "large", "preview"] as const) drawWatermark(chain[field].getContext("2d")!, chain[field].width, chain[field].height, mark);
    const jpeg = options.fullJpeg && JPEG_DELIVERED_FORMATS.includes(header.format) ? await fullJpegOf(bitmap, file, header) : undefined;
    const [preview, large, medium, thumbnail, checksums] = await Promise.all([
      webJpeg(chain.preview, file, header),
      encode(chain.large, QUALITY.large),
      encode(chain.medium, QUALITY.medium),
      encode(chain.thumbnail, QUALITY.thumbnail),
      checksumsOf(file),
    ]);
    return { mimeType: header.mimeType, width: bitmap.width, height: bitmap.height, orientation, ...checksums, thumbnail, medium, large, preview, placeholder, ...(jpeg ? { jpeg } : {}) };
  } finally {
    bitmap.close();
  }
}

/** For a photo imported before its gallery asked for JPEG: decodes the original and makes its JPEG, or null when its format needs none. */
export async function makeFullJpeg(original: Blob): Promise<Blob | null> {
  const { header } = await inspectImage(original);
  if (!JPEG_DELIVERED_FORMATS.includes(header.format)) return null;
  const bitmap = await decodeImage(original, header);
  try {
    return await fullJpegOf(bitmap, original, header);
  } finally {
    bitmap.close();
  }
}
