/**
 * PNG without an alpha channel (issue 37): @jsquash's encoder always writes RGBA, so an opaque photo
 * carried a fourth byte per pixel for nothing (a 0.9 MB JPEG made a 10.6 MB PNG). A photo with no
 * transparent pixel is written here as 8-bit RGB (colour type 2): each row filtered the way libpng picks by
 * default (of None, Sub, Up, Average and Paeth, the one whose bytes sum smallest as signed values), the rows
 * deflated by the platform's CompressionStream ("deflate" is the zlib stream an IDAT chunk holds).
 * That heuristic suits photos and fails posterized ones (a lossy PNG has few levels per channel: unfiltered
 * rows deflate to two thirds of the filtered ones there), so with `tryUnfiltered` the rows are also deflated
 * unfiltered, side by side, and the smaller stream is kept.
 */
import { concatBytes } from "../../src/lib/bytes";
import { crc32 } from "../zip/crc32";

export interface RgbaPixels {
  data: Uint8ClampedArray | Uint8Array;
  width: number;
  height: number;
}

/** Whether no pixel is even slightly transparent (then the alpha channel says nothing). */
export function isOpaque(image: RgbaPixels): boolean {
  const data = image.data;
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) return false;
  return true;
}

const SIGNATURE = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
/** Rows deflated per write: bounds the filtered copy held at once. */
const ROWS_PER_WRITE = 64;

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** One row filtered five ways into `out` (5 x (1 + stride) bytes); returns the chosen filter's start. */
function filterRow(cur: Uint8Array, prev: Uint8Array, out: Uint8Array): number {
  const stride = cur.length;
  let best = 0;
  let bestSum = Infinity;
  for (let f = 0; f < 5; f++) {
    const start = f * (stride + 1);
    out[start] = f;
    let sum = 0;
    for (let i = 0; i < stride; i++) {
      const x = cur[i]!;
      const a = i >= 3 ? cur[i - 3]! : 0;
      const b = prev[i]!;
      const c = i >= 3 ? prev[i - 3]! : 0;
      const v = (f === 0 ? x : f === 1 ? x - a : f === 2 ? x - b : f === 3 ? x - ((a + b) >> 1) : x - paeth(a, b, c)) & 0xff;
      out[start + 1 + i] = v;
      sum += v < 128 ? v : 256 - v;
    }
    if (sum < bestSum) {
      bestSum = sum;
      best = start;
    }
  }
  return best;
}

/** A zlib stream being written: `write` rows, `done` for the bytes. */
function deflater() {
  const stream = new CompressionStream("deflate");
  const bytes = new Response(stream.readable).arrayBuffer();
  const writer = stream.writable.getWriter();
  return { write: (rows: Uint8Array<ArrayBuffer>) => writer.write(rows), done: async () => (await writer.close(), new Uint8Array(await bytes)) };
}

/** An 8-bit RGB PNG of opaque RGBA pixels (the alpha bytes are dropped). */
export async function encodeRgbPng(image: RgbaPixels, { tryUnfiltered = false } = {}): Promise<Uint8Array<ArrayBuffer>> {
  const { width, height, data } = image;
  const stride = width * 3;
  const filtered = deflater();
  const unfiltered = tryUnfiltered ? deflater() : null;
  let prev = new Uint8Array(stride);
  let cur = new Uint8Array(stride);
  const trials = new Uint8Array(5 * (stride + 1));
  for (let y0 = 0; y0 < height; y0 += ROWS_PER_WRITE) {
    const rows = Math.min(ROWS_PER_WRITE, height - y0);
    const batch = new Uint8Array(rows * (stride + 1));
    const plain = unfiltered ? new Uint8Array(rows * (stride + 1)) : null;
    for (let r = 0; r < rows; r++) {
      const from = (y0 + r) * width * 4;
      for (let x = 0, i = 0; x < width; x++, i += 3) {
        cur[i] = data[from + x * 4]!;
        cur[i + 1] = data[from + x * 4 + 1]!;
        cur[i + 2] = data[from + x * 4 + 2]!;
      }
      const start = filterRow(cur, prev, trials);
      batch.set(trials.subarray(start, start + stride + 1), r * (stride + 1));
      plain?.set(trials.subarray(0, stride + 1), r * (stride + 1)); // filter 0 (None): the row as it is
      [prev, cur] = [cur, prev];
    }
    await Promise.all([filtered.write(batch), plain && unfiltered?.write(plain)]);
  }
  const [a, b] = await Promise.all([filtered.done(), unfiltered?.done()]);
  const idat = b && b.length < a.length ? b : a;
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, adaptive filtering, not interlaced
  return concatBytes([SIGNATURE, chunk("IHDR", header), chunk("IDAT", idat), chunk("IEND", new Uint8Array(0))]);
}
