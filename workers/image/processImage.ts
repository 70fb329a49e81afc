/**
 * The import step for one photo, run in a worker: check what the file is by its bytes and its pixel count
 * from the header (before decoding), decode with the browser's own decoder (EXIF orientation applied by it,
 * and checked), make a thumbnail (~400 px long edge) and a preview (~2048 px, watermarked when the studio
 * wants it), and record size and a checksum. The original is never modified.
 */
import { ImageError, MAX_PIXELS } from "./errors";
import { orientedSize, readExifOrientation } from "./exif";
import { HEADER_BYTES, readImageHeader, type ImageHeader } from "./sniff";
import { decodeTiff } from "./tiff";
import { drawWatermark, type Watermark } from "./watermark";

export const THUMBNAIL_EDGE = 400;
export const PREVIEW_EDGE = 2048;
const PREVIEW_QUALITY = 0.85;
const THUMBNAIL_QUALITY = 0.75;

export interface ProcessOptions {
  watermark?: { text: string; logo?: Blob } | null;
}

export interface ProcessedImage {
  mimeType: string;
  /** Displayed size (after orientation). */
  width: number;
  height: number;
  orientation: number;
  checksum: string;
  thumbnail: Blob;
  preview: Blob;
}

/** Formats the browser decodes by itself; TIFF goes through UTIF; HEIC is not read. */
const BROWSER_DECODES = new Set(["jpeg", "png", "gif", "webp", "bmp", "avif"]);

export async function inspectImage(file: Blob): Promise<{ header: ImageHeader; orientation: number }> {
  const head = new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer());
  const header = readImageHeader(head);
  if (!header) throw new ImageError("not-image", "This file is not an image: its contents are not JPEG, PNG, GIF, WebP, AVIF, TIFF or BMP.");
  if (header.width * header.height > MAX_PIXELS) {
    throw new ImageError("too-many-pixels", `This image has ${Math.round((header.width * header.height) / 1e6)} megapixels; at most ${MAX_PIXELS / 1e6} are accepted.`);
  }
  return { header, orientation: header.format === "jpeg" ? readExifOrientation(head) : 1 };
}

export async function decodeImage(file: Blob, header: ImageHeader): Promise<ImageBitmap> {
  if (header.format === "tiff") return createImageBitmap(await decodeTiff(file));
  if (!BROWSER_DECODES.has(header.format)) throw new ImageError("unsupported", `${header.format.toUpperCase()} images cannot be shown in browsers; convert them to JPEG first.`);
  try {
    return await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new ImageError("corrupt", "This image is damaged and cannot be read.");
  }
}

/** Scales `source` so its long edge is at most `edge`, on a white background (JPEG/WebP have no alpha to lose to black). */
function scaled(source: ImageBitmap | OffscreenCanvas, edge: number): OffscreenCanvas {
  const scale = Math.min(1, edge / Math.max(source.width, source.height));
  const width = Math.max(1, Math.round(source.width * scale));
  const height = Math.max(1, Math.round(source.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext("2d")!;
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(source, 0, 0, width, height);
  return canvas;
}

/** WebP where the browser encodes it (smaller thumbnails), JPEG otherwise. */
async function encode(canvas: OffscreenCanvas, quality: number): Promise<Blob> {
  const webp = await canvas.convertToBlob({ type: "image/webp", quality });
  return webp.type === "image/webp" ? webp : canvas.convertToBlob({ type: "image/jpeg", quality });
}

async function sha256Hex(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
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
    if (header.width && (bitmap.width !== expected.width || bitmap.height !== expected.height)) {
      // The decoder disagrees with the header: report it rather than guess a rotation (it would apply twice).
      throw new ImageError("corrupt", "This image's header and its pixels disagree; it may be damaged.");
    }
    const preview = scaled(bitmap, PREVIEW_EDGE);
    const thumbnail = scaled(preview, THUMBNAIL_EDGE);
    const mark = await watermarkOf(options);
    if (mark) drawWatermark(preview.getContext("2d")!, preview.width, preview.height, mark);
    const [previewBlob, thumbnailBlob, checksum] = await Promise.all([encode(preview, PREVIEW_QUALITY), encode(thumbnail, THUMBNAIL_QUALITY), sha256Hex(file)]);
    return { mimeType: header.mimeType, width: bitmap.width, height: bitmap.height, orientation, checksum, thumbnail: thumbnailBlob, preview: previewBlob };
  } finally {
    bitmap.close();
  }
}
