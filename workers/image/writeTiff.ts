/**
 * TIFF writing for print: baseline RGB, 8 bits per sample, lossless. Strips are Deflate-compressed (the
 * browser's own CompressionStream; TIFF's "Adobe Deflate" is the zlib format it writes) after horizontal
 * differencing (Predictor 2), which is what libtiff, libvips, Photoshop and Preview read. The alpha
 * channel is written only when some pixel is not opaque, so a photo is RGB (UTIF wrote uncompressed RGBA:
 * four bytes a pixel, about 59 MB for a 14.7 MP photo).
 */

export interface RgbaPixels {
  width: number;
  height: number;
  /** RGBA, 8 bits per sample, rows top to bottom. */
  data: Uint8Array | Uint8ClampedArray;
}

/** About this many uncompressed bytes in a strip: large enough for Deflate, small enough to stream. */
const STRIP_BYTES = 256 * 1024;

const enum Type {
  Short = 3,
  Long = 4,
  Rational = 5,
}

function hasTransparency(data: RgbaPixels["data"]): boolean {
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) return true;
  return false;
}

/** One strip's rows as samples (RGB or RGBA), each row differenced from its left neighbour. */
function stripSamples(image: RgbaPixels, samples: number, firstRow: number, rows: number): Uint8Array {
  const { width, data } = image;
  const rowBytes = width * samples;
  const out = new Uint8Array(rowBytes * rows);
  for (let r = 0; r < rows; r++) {
    const src = (firstRow + r) * width * 4;
    const dst = r * rowBytes;
    if (samples === 4) out.set(data.subarray(src, src + width * 4), dst);
    else for (let x = 0, s = src, d = dst; x < width; x++, s += 4, d += 3) {
      out[d] = data[s]!;
      out[d + 1] = data[s + 1]!;
      out[d + 2] = data[s + 2]!;
    }
    for (let i = dst + rowBytes - 1; i >= dst + samples; i--) out[i] = (out[i]! - out[i - samples]!) & 0xff;
  }
  return out;
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function writeTiff(image: RgbaPixels): Promise<Blob> {
  const { width, height } = image;
  if (width < 1 || height < 1 || image.data.length !== width * height * 4) throw new Error("Bad image size");
  const samples = hasTransparency(image.data) ? 4 : 3;
  const rowsPerStrip = Math.max(1, Math.min(height, Math.floor(STRIP_BYTES / (width * samples))));
  const strips: Uint8Array[] = [];
  for (let row = 0; row < height; row += rowsPerStrip) strips.push(await deflate(stripSamples(image, samples, row, Math.min(rowsPerStrip, height - row))));

  // Layout: header (8), strips, then the IFD and the values that do not fit in its entries.
  const tags: Array<[tag: number, type: Type, values: number[]]> = [
    [256, Type.Long, [width]],
    [257, Type.Long, [height]],
    [258, Type.Short, new Array<number>(samples).fill(8)],
    [259, Type.Short, [8]], // Adobe Deflate
    [262, Type.Short, [2]], // RGB
    [273, Type.Long, []], // strip offsets, filled below
    [277, Type.Short, [samples]],
    [278, Type.Long, [rowsPerStrip]],
    [279, Type.Long, strips.map((s) => s.length)],
    [282, Type.Rational, [72, 1]],
    [283, Type.Rational, [72, 1]],
    [284, Type.Short, [1]], // chunky
    [296, Type.Short, [2]], // inch
    [317, Type.Short, [2]], // horizontal differencing
    ...(samples === 4 ? [[338, Type.Short, [2]] as [number, Type, number[]]] : []), // unassociated alpha
  ];
  let offset = 8;
  const stripOffsets = strips.map((s) => {
    const at = offset;
    offset += s.length;
    return at;
  });
  tags[5]![2] = stripOffsets;
  if (offset % 2) offset++; // the IFD starts on a word boundary
  const ifdOffset = offset;
  const ifdSize = 2 + tags.length * 12 + 4;
  const valueBytes = (type: Type, count: number) => (type === Type.Short ? 2 : 4) * count;
  let extraOffset = ifdOffset + ifdSize;
  const extraSize = tags.reduce((sum, [, type, values]) => {
    const size = valueBytes(type, values.length);
    return sum + (size > 4 ? size + (size % 2) : 0);
  }, 0);

  const tail = new DataView(new ArrayBuffer(ifdSize + extraSize));
  const at = (absolute: number) => absolute - ifdOffset;
  tail.setUint16(0, tags.length, true);
  tags.forEach(([tag, type, values], i) => {
    const entry = 2 + i * 12;
    const count = type === Type.Rational ? values.length / 2 : values.length;
    tail.setUint16(entry, tag, true);
    tail.setUint16(entry + 2, type, true);
    tail.setUint32(entry + 4, count, true);
    const size = valueBytes(type, values.length);
    let where = entry + 8;
    if (size > 4) {
      tail.setUint32(entry + 8, extraOffset, true);
      where = at(extraOffset);
      extraOffset += size + (size % 2);
    }
    values.forEach((v, k) => (type === Type.Short ? tail.setUint16(where + k * 2, v, true) : tail.setUint32(where + k * 4, v, true)));
  });
  tail.setUint32(2 + tags.length * 12, 0, true); // no next IFD

  const header = new DataView(new ArrayBuffer(8));
  header.setUint16(0, 0x4949); // "II": little-endian
  header.setUint16(2, 42, true);
  header.setUint32(4, ifdOffset, true);
  const pad = ifdOffset > 8 + strips.reduce((sum, s) => sum + s.length, 0) ? [new Uint8Array(1)] : [];
  return new Blob([header.buffer, ...strips, ...pad, tail.buffer] as BlobPart[], { type: "image/tiff" });
}
