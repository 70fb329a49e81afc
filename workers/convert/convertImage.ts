/**
 * Converts one image in a worker. Decoding: the browser's own decoder for what it reads (JPEG, PNG, GIF's
 * first frame, WebP, AVIF, BMP: EXIF orientation applied once, colour profiles converted to sRGB, CMYK and
 * 16-bit inputs handled by it), UTIF for TIFF. Encoding: MozJPEG (our WASM SIMD build where the engine has
 * SIMD, else @jsquash's: encodeJpeg.ts), PNG (RGB when no pixel is transparent: encodeRgbPng.ts; + OxiPNG
 * when lossless is asked), WebP (lossy or lossless) and
 * AVIF from @jsquash (WASM), TIFF by writeTiff (lossless Deflate, for print).
 * Lossy WebP of what the browser decodes goes through the browser's own libwebp (native code with SIMD,
 * faster than the WASM build; Chromium encodes at method 3) where it can encode WebP, else @jsquash's.
 * The quality (1-100) changes every lossy output; a lossy PNG is posterized by it before encoding. TIFF is
 * always lossless (the form says so). 'original' returns the file as is.
 * The input is read once (image/source.ts: header, metadata and, for TIFF and HEIC, the pixels' bytes from
 * one pass) and decoded once.
 */
import encodeAvif from "@jsquash/avif/encode";
import optimisePng from "@jsquash/oxipng/optimise";
import encodePng from "@jsquash/png/encode";
import encodeWebp from "@jsquash/webp/encode";
import { convertedName, formatFor } from "../../src/domain/convert-formats";
import { decodeHeic } from "../image/heic";
import { decodeImage, readSource, type ImageSource } from "../image/source";
import { decodeTiff, decodeTiffPixels } from "../image/tiff";
import { carriedMetadata, NO_METADATA, tiffExtras, type CarriedMetadata } from "../metadata/carriedMetadata";
import { embedInJpeg, embedInPng, embedInWebp } from "../metadata/embedMetadata";
import { metadataOf } from "../metadata/readMetadata";
import { benchAvifOptions, stageTimer } from "./benchHooks";
import { encodeJpeg } from "./encodeJpeg";
import { encodeRgbPng, isOpaque } from "./encodeRgbPng";
import { writeTiff } from "./writeTiff";

export interface ConvertOptions {
  format: string;
  quality: number;
  lossless: boolean;
  /** Carry the input's EXIF, XMP and ICC profile into the output (default on). */
  keepMetadata?: boolean;
  /** Leave GPS out of the carried metadata (default on). */
  removeLocation?: boolean;
}

export interface ConvertedFile {
  name: string;
  mimeType: string;
  blob: Blob;
}

/** Formats whose files can carry EXIF, XMP and an ICC profile (AVIF's encoder writes none: it gets sRGB). */
const CARRIES_METADATA = new Set(["jpeg", "png", "webp", "tiff"]);

/**
 * The pixels, untouched in their own colour space when its profile goes with them (decoded without
 * colour conversion), else converted to sRGB by the browser. EXIF orientation is applied by the decoder.
 * Formats the browser decodes come on a canvas (the browser's encoder reads it without a copy to script);
 * TIFF and HEIC come as ImageData from their own decoders, from the bytes already read.
 */
async function decodePixels({ file, header, bytes }: ImageSource, keepProfile: boolean, lap: (stage: string) => void): Promise<ImageData | OffscreenCanvasRenderingContext2D> {
  if (header.format === "tiff") return decodeTiff(bytes.buffer);
  if (header.format === "heic") return decodeHeic(bytes);
  const bitmap = keepProfile ? await createImageBitmap(file, { imageOrientation: "from-image", colorSpaceConversion: "none" }).catch(() => decodeImage(file, header)) : await decodeImage(file, header);
  lap("decode");
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    // On the CPU: the pixels are read back (by getImageData or the encoder) once each, never shown.
    const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
    ctx.drawImage(bitmap, 0, 0);
    lap("draw to canvas");
    return ctx;
  } finally {
    bitmap.close();
  }
}

const imageDataOf = (pixels: ImageData | OffscreenCanvasRenderingContext2D): ImageData => (pixels instanceof ImageData ? pixels : pixels.getImageData(0, 0, pixels.canvas.width, pixels.canvas.height));

/**
 * Lossy WebP by the browser's own encoder, or null where it has none (its canvas then gives PNG) or where
 * its settings differ from libwebp's: Chromium makes quality 100 lossless, so 100 stays with @jsquash.
 */
async function browserWebp(pixels: ImageData | OffscreenCanvasRenderingContext2D, quality: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (pixels instanceof ImageData || quality >= 100) return null;
  const blob = await pixels.canvas.convertToBlob({ type: "image/webp", quality: quality / 100 });
  return blob.type === "image/webp" ? new Uint8Array(await blob.arrayBuffer()) : null;
}

/** The input's metadata as the output carries it: orientation reset, GPS gone when asked, RGB profiles only. */
async function metadataFor({ header, bytes }: ImageSource, removeLocation: boolean): Promise<CarriedMetadata> {
  return carriedMetadata(await metadataOf(bytes, header.format), header.format, removeLocation);
}

/** Fewer levels per channel at lower quality: 100 keeps all 256, 1 keeps 2. */
export function posterize(image: ImageData, quality: number): ImageData {
  const levels = Math.max(2, Math.round(2 + (254 * (quality - 1)) / 99));
  if (levels >= 256) return image;
  const step = 255 / (levels - 1);
  const data = image.data;
  for (let i = 0; i < data.length; i += 4) {
    data[i] = Math.round(Math.round(data[i]! / step) * step);
    data[i + 1] = Math.round(Math.round(data[i + 1]! / step) * step);
    data[i + 2] = Math.round(Math.round(data[i + 2]! / step) * step);
  }
  return image;
}

export async function convertImage(file: Blob, name: string, options: ConvertOptions): Promise<ConvertedFile> {
  const format = formatFor(options.format);
  if (format.id === "original") return { name, mimeType: file.type, blob: file };
  const quality = Math.min(100, Math.max(1, Math.round(options.quality)));
  const timer = stageTimer(name, format.id);
  const keep = options.keepMetadata !== false && CARRIES_METADATA.has(format.id);
  const source = await readSource(file, { metadata: keep });
  const meta = keep ? await metadataFor(source, options.removeLocation !== false) : NO_METADATA;
  timer.lap("read header and metadata");
  if (format.id === "tiff" && source.header.format === "tiff") {
    // TIFF to TIFF for print keeps the input's depth (16 bits stay 16) and its ICC profile.
    const pixels = await decodeTiffPixels(source.bytes.buffer);
    const blob = await writeTiff({ width: pixels.width, height: pixels.height, data: pixels.rgba, bits: pixels.bits }, tiffExtras({ ...meta, icc: pixels.icc ?? null }));
    return { name: convertedName(name, format), mimeType: format.mimeType, blob };
  }
  const pixels = await decodePixels(source, !!meta.icc, timer.lap);
  let bytes: ArrayBuffer | Uint8Array<ArrayBuffer>;
  switch (format.id) {
    case "png": {
      const image = imageDataOf(pixels);
      // OxiPNG drops an alpha channel that says nothing; a lossy PNG of an opaque photo is written as RGB.
      if (options.lossless) bytes = await optimisePng(await encodePng(image), { level: 2 });
      else bytes = isOpaque(image) ? await encodeRgbPng(posterize(image, quality), { tryUnfiltered: quality < 100 }) : await encodePng(posterize(image, quality));
      if (keep) bytes = await embedInPng(new Uint8Array(bytes), meta);
      break;
    }
    case "webp": {
      const native = options.lossless ? null : await browserWebp(pixels, quality);
      bytes = native ?? (await encodeWebp(imageDataOf(pixels), options.lossless ? { lossless: 1, quality: 100, exact: 1 } : { quality }));
      // The browser's file may carry an sRGB profile of its own: rewritten to carry only what was asked.
      if (keep || native) bytes = embedInWebp(new Uint8Array(bytes), keep ? meta : NO_METADATA);
      break;
    }
    case "avif": {
      const image = imageDataOf(pixels);
      timer.lap("getImageData");
      bytes = await encodeAvif(image, { quality, ...benchAvifOptions() });
      timer.lap("encode");
      break;
    }
    case "tiff":
      return { name: convertedName(name, format), mimeType: format.mimeType, blob: await writeTiff(imageDataOf(pixels), tiffExtras(meta)) };
    default: {
      const image = imageDataOf(pixels);
      timer.lap("getImageData");
      bytes = await encodeJpeg(image, { quality });
      timer.lap("encode (with the copy into WebAssembly)");
      if (keep) bytes = embedInJpeg(new Uint8Array(bytes), meta);
      timer.lap("embed metadata");
    }
  }
  const blob = new Blob([bytes], { type: format.mimeType });
  timer.lap("Blob");
  timer.done(blob);
  return { name: convertedName(name, format), mimeType: format.mimeType, blob };
}
