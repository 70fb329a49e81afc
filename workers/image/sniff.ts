/**
 * What an image file really is, read from its first bytes: the format by its magic bytes and the pixel
 * size from its header, before anything is decoded. A renamed non-image, or an image so large that decoding
 * it would exhaust the device's memory, is refused here, cheaply.
 *
 * Only the header is read: callers pass the first HEADER_BYTES of the file (JPEG's size marker can sit
 * after a large EXIF block, hence the generous figure).
 */
import { IMAGE_FORMATS, type ImageFormat } from "../../src/domain/image-formats";
import { asciiAt } from "../../src/lib/bytes";

export const HEADER_BYTES = 512 * 1024;

export type { ImageFormat };

export interface ImageHeader {
  format: ImageFormat;
  mimeType: string;
  /** Stored (not oriented) size; 0 when the header does not say. */
  width: number;
  height: number;
}

export function detectFormat(b: Uint8Array): ImageFormat | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 8 && asciiAt(b, 1, 3) === "PNG" && b[0] === 0x89 && b[4] === 0x0d && b[5] === 0x0a) return "png";
  if (b.length >= 6 && (asciiAt(b, 0, 6) === "GIF87a" || asciiAt(b, 0, 6) === "GIF89a")) return "gif";
  if (b.length >= 12 && asciiAt(b, 0, 4) === "RIFF" && asciiAt(b, 8, 4) === "WEBP") return "webp";
  if (b.length >= 26 && asciiAt(b, 0, 2) === "BM") return "bmp";
  if (b.length >= 8 && ((asciiAt(b, 0, 2) === "II" && b[2] === 42 && b[3] === 0) || (asciiAt(b, 0, 2) === "MM" && b[2] === 0 && b[3] === 42))) return "tiff";
  if (b.length >= 12 && asciiAt(b, 4, 4) === "ftyp") {
    const brands = asciiAt(b, 8, Math.min(b.length - 8, 32));
    if (/avif|avis/.test(brands)) return "avif";
    if (/heic|heix|hevc|heim|heis|mif1/.test(brands)) return "heic";
  }
  return null;
}

function jpegSize(b: Uint8Array, v: DataView): [number, number] {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return [0, 0];
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    // Start-of-frame markers (not DHT 0xC4, JPG 0xC8, DAC 0xCC) carry the size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return [v.getUint16(i + 7), v.getUint16(i + 5)];
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    i += 2 + v.getUint16(i + 2);
  }
  return [0, 0];
}

function webpSize(b: Uint8Array, v: DataView): [number, number] {
  const chunk = asciiAt(b, 12, 4);
  const u24 = (at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
  if (chunk === "VP8X" && b.length >= 30) return [1 + u24(24), 1 + u24(27)];
  if (chunk === "VP8L" && b.length >= 25) {
    const bits = v.getUint32(21, true);
    return [1 + (bits & 0x3fff), 1 + ((bits >> 14) & 0x3fff)];
  }
  if (chunk === "VP8 " && b.length >= 30) return [v.getUint16(26, true) & 0x3fff, v.getUint16(28, true) & 0x3fff];
  return [0, 0];
}

function tiffSize(v: DataView): [number, number] {
  const little = v.getUint8(0) === 0x49;
  const ifd = v.getUint32(4, little);
  if (ifd + 2 > v.byteLength) return [0, 0];
  const count = v.getUint16(ifd, little);
  let width = 0;
  let height = 0;
  for (let k = 0; k < count; k++) {
    const at = ifd + 2 + k * 12;
    if (at + 12 > v.byteLength) break;
    const tag = v.getUint16(at, little);
    const type = v.getUint16(at + 2, little);
    const value = type === 3 ? v.getUint16(at + 8, little) : v.getUint32(at + 8, little);
    if (tag === 256) width = value;
    if (tag === 257) height = value;
  }
  return [width, height];
}

/** ISO-BMFF (AVIF, HEIC): the first `ispe` property box holds the image size. */
function ispeSize(b: Uint8Array, v: DataView): [number, number] {
  for (let i = 4; i + 16 <= b.length; i++) {
    if (b[i] === 0x69 && asciiAt(b, i, 4) === "ispe") return [v.getUint32(i + 8), v.getUint32(i + 12)];
  }
  return [0, 0];
}

/** Reads format and size from the first bytes of a file; null when the bytes are not an image we know. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const format = detectFormat(bytes);
  if (!format) return null;
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let size: [number, number];
  try {
    if (format === "jpeg") size = jpegSize(bytes, v);
    else if (format === "png") size = [v.getUint32(16), v.getUint32(20)];
    else if (format === "gif") size = [v.getUint16(6, true), v.getUint16(8, true)];
    else if (format === "webp") size = webpSize(bytes, v);
    else if (format === "bmp") size = [Math.abs(v.getInt32(18, true)), Math.abs(v.getInt32(22, true))];
    else if (format === "tiff") size = tiffSize(v);
    else size = ispeSize(bytes, v);
  } catch {
    size = [0, 0]; // truncated header: the decoder will say the file is damaged
  }
  return { format, mimeType: IMAGE_FORMATS[format].mimeType, width: size[0], height: size[1] };
}
