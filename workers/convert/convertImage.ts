/**
 * Converts one image in a worker. Decoding: the browser's own decoder for what it reads (JPEG, PNG, GIF's
 * first frame, WebP, AVIF, BMP: EXIF orientation applied once, colour profiles converted to sRGB, CMYK and
 * 16-bit inputs handled by it), UTIF for TIFF. Encoding: MozJPEG, PNG (+ OxiPNG when lossless is asked),
 * WebP (lossy or lossless) and AVIF from @jsquash (WASM), TIFF by writeTiff (lossless Deflate, for print).
 * The quality (1-100) changes every lossy output; a lossy PNG is posterized by it before encoding. TIFF is
 * always lossless (the form says so). 'original' returns the file as is.
 */
import encodeAvif from "@jsquash/avif/encode";
import encodeJpeg from "@jsquash/jpeg/encode";
import optimisePng from "@jsquash/oxipng/optimise";
import encodePng from "@jsquash/png/encode";
import encodeWebp from "@jsquash/webp/encode";
import { convertedName, formatFor } from "../../src/domain/convert-formats";
import { decodeImage, inspectImage } from "../image/processImage";
import { decodeTiff, decodeTiffPixels } from "../image/tiff";
import { writeTiff } from "../image/writeTiff";

export interface ConvertOptions {
  format: string;
  quality: number;
  lossless: boolean;
}

export interface ConvertedFile {
  name: string;
  mimeType: string;
  blob: Blob;
}

async function decodeToImageData(file: Blob): Promise<ImageData> {
  const { header } = await inspectImage(file);
  if (header.format === "tiff") return decodeTiff(file);
  const bitmap = await decodeImage(file, header);
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
    ctx.drawImage(bitmap, 0, 0);
    return ctx.getImageData(0, 0, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
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
  if (format.id === "tiff") {
    const { header } = await inspectImage(file);
    if (header.format === "tiff") {
      // TIFF to TIFF for print keeps the input's depth (16 bits stay 16) and its ICC profile.
      const pixels = await decodeTiffPixels(await file.arrayBuffer());
      const blob = await writeTiff({ width: pixels.width, height: pixels.height, data: pixels.rgba, bits: pixels.bits }, { icc: pixels.icc });
      return { name: convertedName(name, format), mimeType: format.mimeType, blob };
    }
  }
  const image = await decodeToImageData(file);
  let bytes: ArrayBuffer;
  switch (format.id) {
    case "png":
      bytes = options.lossless ? await optimisePng(await encodePng(image), { level: 2 }) : await encodePng(posterize(image, quality));
      break;
    case "webp":
      bytes = await encodeWebp(image, options.lossless ? { lossless: 1, quality: 100, exact: 1 } : { quality });
      break;
    case "avif":
      bytes = await encodeAvif(image, { quality });
      break;
    case "tiff":
      return { name: convertedName(name, format), mimeType: format.mimeType, blob: await writeTiff(image) };
    default:
      bytes = await encodeJpeg(image, { quality });
  }
  return { name: convertedName(name, format), mimeType: format.mimeType, blob: new Blob([bytes], { type: format.mimeType }) };
}
