/**
 * The metadata of an input photo as raw blocks, so a converted copy can carry them unchanged: the EXIF
 * tags (JPEG APP1, PNG eXIf, WebP EXIF, a TIFF's own IFDs, HEIC's Exif item), the XMP packet and the ICC profile (JPEG APP2
 * pieces, PNG iCCP, WebP ICCP, TIFF tag 34675). Values are not interpreted here: exiftool reads them back
 * in the tests.
 */
import { readExifTags, type ExifTags } from "./exifBlock";
import { fromHeif } from "./heifMetadata";
import type { ImageFormat } from "../../src/domain/image-formats";
import { asciiAt, concatBytes, inflateBytes } from "../../src/lib/bytes";

export interface PhotoMetadata {
  exif: ExifTags | null;
  xmp: Uint8Array | null;
  icc: Uint8Array | null;
}

const EMPTY: PhotoMetadata = { exif: null, xmp: null, icc: null };
const XMP_ID = "http://ns.adobe.com/xap/1.0/\0";

function fromJpeg(b: Uint8Array): PhotoMetadata {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let exif: ExifTags | null = null;
  let xmp: Uint8Array | null = null;
  const icc: Array<[number, Uint8Array]> = [];
  let i = 2;
  while (i + 4 <= b.length) {
    const marker = v.getUint16(i);
    if ((marker & 0xff00) !== 0xff00 || marker === 0xffda || marker === 0xffd9) break;
    const length = v.getUint16(i + 2);
    const body = b.subarray(i + 4, Math.min(b.length, i + 2 + length));
    if (marker === 0xffe1 && asciiAt(body, 0, 6) === "Exif\0\0" && !exif) exif = readExifTags(body.subarray(6));
    else if (marker === 0xffe1 && asciiAt(body, 0, XMP_ID.length) === XMP_ID && !xmp) xmp = body.slice(XMP_ID.length);
    else if (marker === 0xffe2 && asciiAt(body, 0, 12) === "ICC_PROFILE\0") icc.push([body[12]!, body.slice(14)]);
    i += 2 + length;
  }
  icc.sort((a, c) => a[0] - c[0]);
  return { exif, xmp, icc: icc.length ? concatBytes(icc.map(([, p]) => p)) : null };
}

async function fromPng(b: Uint8Array): Promise<PhotoMetadata> {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const out: PhotoMetadata = { ...EMPTY };
  for (let i = 8; i + 8 <= b.length; ) {
    const length = v.getUint32(i);
    const type = asciiAt(b, i + 4, 4);
    const data = b.subarray(i + 8, Math.min(b.length, i + 8 + length));
    if (type === "IDAT" || type === "IEND") break;
    if (type === "eXIf") out.exif = readExifTags(data);
    else if (type === "iCCP") {
      const nul = data.indexOf(0);
      if (nul > 0) out.icc = await inflateBytes(data.subarray(nul + 2));
    } else if (type === "iTXt" && asciiAt(data, 0, 18) === "XML:com.adobe.xmp\0" && data[18] === 0) {
      // keyword, NUL, compression flag 0, method, language NUL, translated keyword NUL, text
      let at = 20;
      at = data.indexOf(0, at) + 1;
      at = data.indexOf(0, at) + 1;
      if (at > 0) out.xmp = data.slice(at);
    }
    i += 12 + length;
  }
  return out;
}

function fromWebp(b: Uint8Array): PhotoMetadata {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const out: PhotoMetadata = { ...EMPTY };
  for (let i = 12; i + 8 <= b.length; ) {
    const type = asciiAt(b, i, 4);
    const length = v.getUint32(i + 4, true);
    const data = b.subarray(i + 8, Math.min(b.length, i + 8 + length));
    if (type === "EXIF") out.exif = readExifTags(asciiAt(data, 0, 6) === "Exif\0\0" ? data.subarray(6) : data);
    else if (type === "XMP ") out.xmp = data.slice();
    else if (type === "ICCP") out.icc = data.slice();
    i += 8 + length + (length % 2);
  }
  return out;
}

function fromTiff(b: Uint8Array): PhotoMetadata {
  const exif = readExifTags(b);
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const little = v.getUint16(0) === 0x4949;
  const ifd = v.getUint32(4, little);
  let xmp: Uint8Array | null = null;
  let icc: Uint8Array | null = null;
  const count = ifd + 2 <= b.length ? v.getUint16(ifd, little) : 0;
  for (let k = 0; k < count; k++) {
    const e = ifd + 2 + k * 12;
    if (e + 12 > b.length) break;
    const tag = v.getUint16(e, little);
    if (tag !== 700 && tag !== 34675) continue;
    const n = v.getUint32(e + 4, little);
    const at = n > 4 ? v.getUint32(e + 8, little) : e + 8;
    if (at + n > b.length) continue;
    if (tag === 700) xmp = b.slice(at, at + n);
    else icc = b.slice(at, at + n);
  }
  return { exif, xmp, icc };
}

/** Formats whose metadata may sit anywhere in the file: read whole. JPEG and PNG keep theirs before the pixels. */
export const METADATA_ANYWHERE: readonly ImageFormat[] = ["webp", "tiff", "heic"];
/** JPEG and PNG keep their metadata before the pixels: this much of the file holds it. */
export const METADATA_HEAD_BYTES = 16 * 1024 * 1024;

/**
 * The metadata blocks of a file's bytes (the whole file for METADATA_ANYWHERE, else at least its first
 * METADATA_HEAD_BYTES; HEIC: EXIF and XMP, heifMetadata.ts); empty for formats we do not read it from (GIF, BMP, AVIF).
 */
export async function metadataOf(bytes: Uint8Array, format: ImageFormat): Promise<PhotoMetadata> {
  try {
    if (format === "jpeg") return fromJpeg(bytes);
    if (format === "png") return await fromPng(bytes);
    if (format === "webp") return fromWebp(bytes);
    if (format === "tiff") return fromTiff(bytes);
    if (format === "heic") return { ...fromHeif(bytes), icc: null }; // issue 25: its JPEGs keep artist, copyright, date
  } catch {
    // Damaged metadata is left behind; the pixels still convert.
  }
  return { ...EMPTY };
}

/** The metadata blocks of a file, read for that alone (metadataOf). */
export async function readMetadata(file: Blob, format: ImageFormat): Promise<PhotoMetadata> {
  const whole = METADATA_ANYWHERE.includes(format);
  return metadataOf(new Uint8Array(await (whole ? file : file.slice(0, METADATA_HEAD_BYTES)).arrayBuffer()), format);
}

/** The XMP packet without its location properties (exif:GPS...), for 'Remove location'. */
export function xmpWithoutLocation(xmp: Uint8Array): Uint8Array {
  const text = new TextDecoder().decode(xmp);
  const cleaned = text
    .replace(/\s+exif:GPS\w+\s*=\s*"[^"]*"/g, "")
    .replace(/<exif:GPS(\w+)\b[^>]*\/>/g, "")
    .replace(/<exif:GPS(\w+)\b[^>]*>[\s\S]*?<\/exif:GPS\1>/g, "");
  return new TextEncoder().encode(cleaned);
}
