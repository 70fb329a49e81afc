/**
 * TIFF writing for print: baseline RGB, 8 or 16 bits per sample, lossless. Strips are Deflate-compressed
 * (the browser's own CompressionStream; TIFF's "Adobe Deflate" is the zlib format it writes) after
 * horizontal differencing (Predictor 2), which is what libtiff, libvips, Photoshop and Preview read. The
 * alpha channel is written only when some pixel is not opaque, so a photo is RGB (UTIF wrote uncompressed
 * RGBA: four bytes a pixel, about 59 MB for a 14.7 MP photo). The ICC profile and metadata tags (an EXIF
 * sub-IFD, XMP) are written when given.
 */
import { ifdSize, writeIfd, type TiffExtras, type TiffTag } from "../metadata/ifd";

export type { TiffExtras, TiffTag };

export interface RgbaPixels {
  width: number;
  height: number;
  /** RGBA, 8 bits per sample (or 16 with `bits: 16` and a Uint16Array), rows top to bottom. */
  data: Uint8Array | Uint8ClampedArray | Uint16Array;
  bits?: 8 | 16;
}

/** About this many uncompressed bytes in a strip: large enough for Deflate, small enough to stream. */
const STRIP_BYTES = 256 * 1024;

function hasTransparency(data: RgbaPixels["data"], max: number): boolean {
  for (let i = 3; i < data.length; i += 4) if (data[i] !== max) return true;
  return false;
}

/** One strip's rows as little-endian samples (RGB or RGBA), each row differenced from its left neighbour. */
function stripSamples(image: RgbaPixels, bits: 8 | 16, samples: number, firstRow: number, rows: number): Uint8Array {
  const { width, data } = image;
  const rowSamples = width * samples;
  const out = bits === 16 ? new Uint16Array(rowSamples * rows) : new Uint8Array(rowSamples * rows);
  const mask = bits === 16 ? 0xffff : 0xff;
  for (let r = 0; r < rows; r++) {
    const src = (firstRow + r) * width * 4;
    const dst = r * rowSamples;
    if (samples === 4) out.set(data.subarray(src, src + width * 4), dst);
    else
      for (let x = 0, s = src, d = dst; x < width; x++, s += 4, d += 3) {
        out[d] = data[s]!;
        out[d + 1] = data[s + 1]!;
        out[d + 2] = data[s + 2]!;
      }
    for (let i = dst + rowSamples - 1; i >= dst + samples; i--) out[i] = (out[i]! - out[i - samples]!) & mask;
  }
  // Uint16Array is in the platform's byte order: little-endian on every device a browser runs on.
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function writeTiff(image: RgbaPixels, extras: TiffExtras = {}): Promise<Blob> {
  const { width, height } = image;
  const bits = image.bits ?? 8;
  if (width < 1 || height < 1 || image.data.length !== width * height * 4) throw new Error("Bad image size");
  const samples = hasTransparency(image.data, bits === 16 ? 65535 : 255) ? 4 : 3;
  const rowBytes = width * samples * (bits / 8);
  const rowsPerStrip = Math.max(1, Math.min(height, Math.floor(STRIP_BYTES / rowBytes)));
  const strips: Uint8Array[] = [];
  for (let row = 0; row < height; row += rowsPerStrip) strips.push(await deflate(stripSamples(image, bits, samples, row, Math.min(rowsPerStrip, height - row))));

  const S = 3;
  const L = 4;
  const tags: TiffTag[] = [
    { tag: 256, type: L, values: [width] },
    { tag: 257, type: L, values: [height] },
    { tag: 258, type: S, values: new Array<number>(samples).fill(bits) },
    { tag: 259, type: S, values: [8] }, // Adobe Deflate
    { tag: 262, type: S, values: [2] }, // RGB
    { tag: 273, type: L, values: strips.map(() => 0) }, // strip offsets, filled below
    { tag: 277, type: S, values: [samples] },
    { tag: 278, type: L, values: [rowsPerStrip] },
    { tag: 279, type: L, values: strips.map((s) => s.length) },
    { tag: 282, type: 5, values: [72, 1] },
    { tag: 283, type: 5, values: [72, 1] },
    { tag: 284, type: S, values: [1] }, // chunky
    { tag: 296, type: S, values: [2] }, // inch
    { tag: 317, type: S, values: [2] }, // horizontal differencing
    ...(samples === 4 ? [{ tag: 338, type: S, values: [2] }] : []), // unassociated alpha
    ...(extras.icc?.length ? [{ tag: 34675, type: 7, values: extras.icc }] : []),
    ...(extras.tags ?? []).filter((t) => !TAGS_WE_OWN.has(t.tag)),
  ];
  const subIfds = [
    { pointer: 34665, tags: extras.exif ?? [] },
    { pointer: 34853, tags: extras.gps ?? [] },
  ].filter((sub) => sub.tags.length);
  for (const sub of subIfds) tags.push({ tag: sub.pointer, type: L, values: [0] }); // filled below

  // Layout: header (8), strips, then the IFD and its values, then the sub-IFDs (EXIF, GPS).
  let offset = 8;
  const stripOffsets = strips.map((s) => {
    const at = offset;
    offset += s.length;
    return at;
  });
  tags.find((t) => t.tag === 273)!.values = stripOffsets;
  const pad = offset % 2; // the IFD starts on a word boundary
  const ifdOffset = offset + pad;
  const mainSize = ifdSize(tags);
  let subAt = mainSize;
  const placed = subIfds.map((sub) => {
    const at = subAt;
    tags.find((t) => t.tag === sub.pointer)!.values = [ifdOffset + at];
    subAt += ifdSize(sub.tags);
    return { ...sub, at };
  });
  const tail = new DataView(new ArrayBuffer(subAt));
  writeIfd(tail, 0, ifdOffset, tags);
  for (const sub of placed) writeIfd(tail, sub.at, ifdOffset + sub.at, sub.tags);

  const header = new DataView(new ArrayBuffer(8));
  header.setUint16(0, 0x4949); // "II": little-endian
  header.setUint16(2, 42, true);
  header.setUint32(4, ifdOffset, true);
  return new Blob([header.buffer, ...strips, ...(pad ? [new Uint8Array(1)] : []), tail.buffer] as BlobPart[], { type: "image/tiff" });
}

/** Tags the writer sets itself from the pixels: never copied from an input's metadata. */
const TAGS_WE_OWN = new Set([254, 255, 256, 257, 258, 259, 262, 266, 273, 277, 278, 279, 280, 281, 282, 283, 284, 296, 317, 322, 323, 324, 325, 330, 338, 339, 34665, 34675, 34853, 513, 514, 530, 531, 532]);
