/**
 * Small muxers that put metadata blocks into an encoded file: JPEG APP1 (EXIF, XMP) and APP2 (ICC, in
 * pieces of at most 65,519 bytes), PNG eXIf, iCCP and iTXt chunks after IHDR, and WebP's extended format
 * (VP8X with its flags, ICCP before the image, EXIF and XMP after it). The encoders (@jsquash) write none;
 * the browser's WebP encoder writes an sRGB ICCP of its own, which embedInWebp replaces or drops.
 */
import { crc32 } from "../zip/crc32";
import { concatBytes } from "../../src/lib/bytes";

export interface MetadataBlocks {
  /** TIFF-structured EXIF, without the "Exif\0\0" prefix. */
  exif: Uint8Array | null;
  xmp: Uint8Array | null;
  icc: Uint8Array | null;
}

const enc = new TextEncoder();

function u16be(n: number): Uint8Array {
  return new Uint8Array([n >> 8, n & 0xff]);
}

function u32(n: number, little: boolean): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n, little);
  return b;
}

function jpegSegment(marker: number, body: Uint8Array): Uint8Array {
  if (body.length + 2 > 0xffff) throw new Error("segment too large");
  return concatBytes([new Uint8Array([0xff, marker]), u16be(body.length + 2), body]);
}

export function embedInJpeg(jpeg: Uint8Array, m: MetadataBlocks): Uint8Array<ArrayBuffer> {
  const segments: Uint8Array[] = [];
  if (m.exif && m.exif.length + 8 <= 0xffff) segments.push(jpegSegment(0xe1, concatBytes([enc.encode("Exif\0\0"), m.exif])));
  if (m.xmp && m.xmp.length + 31 <= 0xffff) segments.push(jpegSegment(0xe1, concatBytes([enc.encode("http://ns.adobe.com/xap/1.0/\0"), m.xmp])));
  if (m.icc) {
    const size = 65519;
    const count = Math.ceil(m.icc.length / size);
    if (count < 256)
      for (let k = 0; k < count; k++) segments.push(jpegSegment(0xe2, concatBytes([enc.encode("ICC_PROFILE\0"), new Uint8Array([k + 1, count]), m.icc.subarray(k * size, (k + 1) * size)])));
  }
  // After SOI and a JFIF APP0 (which must come first when present); any APP1/APP2 of the encoder is dropped.
  const v = new DataView(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
  let at = 2;
  const kept: Uint8Array[] = [jpeg.subarray(0, 2)];
  while (at + 4 <= jpeg.length) {
    const marker = v.getUint16(at);
    if (marker < 0xffe0 || marker > 0xffef) break;
    const end = at + 2 + v.getUint16(at + 2);
    if (marker === 0xffe0) kept.push(jpeg.subarray(at, end));
    else if (marker !== 0xffe1 && marker !== 0xffe2) segments.push(jpeg.subarray(at, end));
    at = end;
  }
  return concatBytes([...kept, ...segments, jpeg.subarray(at)]);
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typed = concatBytes([enc.encode(type), data]);
  return concatBytes([u32(data.length, false), typed, u32(crc32(typed) >>> 0, false)]);
}

async function zlib(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function embedInPng(png: Uint8Array, m: MetadataBlocks): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  if (m.icc) chunks.push(pngChunk("iCCP", concatBytes([enc.encode("ICC profile\0"), new Uint8Array([0]), await zlib(m.icc)])));
  if (m.exif) chunks.push(pngChunk("eXIf", m.exif));
  if (m.xmp) chunks.push(pngChunk("iTXt", concatBytes([enc.encode("XML:com.adobe.xmp\0"), new Uint8Array([0, 0, 0, 0]), m.xmp])));
  const ihdrEnd = 8 + 12 + new DataView(png.buffer, png.byteOffset).getUint32(8);
  // An sRGB or gAMA chunk of the encoder would contradict the ICC profile: drop them when one is embedded.
  const rest: Uint8Array[] = [];
  const v = new DataView(png.buffer, png.byteOffset, png.byteLength);
  for (let i = ihdrEnd; i + 8 <= png.length; ) {
    const end = i + 12 + v.getUint32(i);
    const type = String.fromCharCode(...png.subarray(i + 4, i + 8));
    if (!(m.icc && (type === "sRGB" || type === "gAMA" || type === "cHRM" || type === "iCCP"))) rest.push(png.subarray(i, end));
    i = end;
  }
  return concatBytes([png.subarray(0, ihdrEnd), ...chunks, ...rest]);
}

function riffChunk(type: string, data: Uint8Array): Uint8Array {
  return concatBytes([enc.encode(type), u32(data.length, true), data, data.length % 2 ? new Uint8Array(1) : new Uint8Array(0)]);
}

/** Canvas size of a simple (VP8 or VP8L) WebP. */
function simpleSize(type: string, d: Uint8Array): [number, number] {
  const v = new DataView(d.buffer, d.byteOffset, d.byteLength);
  if (type === "VP8L") {
    const bits = v.getUint32(1, true);
    return [1 + (bits & 0x3fff), 1 + ((bits >> 14) & 0x3fff)];
  }
  return [v.getUint16(6, true) & 0x3fff, v.getUint16(8, true) & 0x3fff];
}

export function embedInWebp(webp: Uint8Array, m: MetadataBlocks): Uint8Array<ArrayBuffer> {
  const v = new DataView(webp.buffer, webp.byteOffset, webp.byteLength);
  const chunks: Array<{ type: string; data: Uint8Array }> = [];
  for (let i = 12; i + 8 <= webp.length; ) {
    const length = v.getUint32(i + 4, true);
    chunks.push({ type: String.fromCharCode(...webp.subarray(i, i + 4)), data: webp.subarray(i + 8, i + 8 + length) });
    i += 8 + length + (length % 2);
  }
  let vp8x = chunks.find((c) => c.type === "VP8X")?.data.slice();
  const image = chunks.filter((c) => c.type !== "VP8X" && c.type !== "ICCP" && c.type !== "EXIF" && c.type !== "XMP ");
  if (!m.icc && !m.exif && !m.xmp && image.length === 1 && (image[0]!.type === "VP8 " || image[0]!.type === "VP8L")) {
    // Nothing to carry and no separate alpha: the simple format (a browser's own profile chunk dropped).
    const body = riffChunk(image[0]!.type, image[0]!.data);
    return concatBytes([enc.encode("RIFF"), u32(body.length + 4, true), enc.encode("WEBP"), body]);
  }
  if (!vp8x) {
    const first = image.find((c) => c.type === "VP8 " || c.type === "VP8L");
    if (!first) throw new Error("not a WebP image");
    const [w, h] = simpleSize(first.type, first.data);
    vp8x = new Uint8Array(10);
    const alpha = first.type === "VP8L" && (first.data[4]! & 0x10) !== 0; // VP8L header: alpha_is_used bit
    vp8x[0] = alpha ? 0x10 : 0;
    for (let k = 0; k < 3; k++) {
      vp8x[4 + k] = ((w - 1) >> (8 * k)) & 0xff;
      vp8x[7 + k] = ((h - 1) >> (8 * k)) & 0xff;
    }
  }
  vp8x[0] = (vp8x[0]! & ~0x2c) | (m.icc ? 0x20 : 0) | (m.exif ? 0x08 : 0) | (m.xmp ? 0x04 : 0);
  const body = concatBytes([
    riffChunk("VP8X", vp8x),
    ...(m.icc ? [riffChunk("ICCP", m.icc)] : []),
    ...image.map((c) => riffChunk(c.type, c.data)),
    ...(m.exif ? [riffChunk("EXIF", m.exif)] : []),
    ...(m.xmp ? [riffChunk("XMP ", m.xmp)] : []),
  ]);
  return concatBytes([enc.encode("RIFF"), u32(body.length + 4, true), enc.encode("WEBP"), body]);
}
