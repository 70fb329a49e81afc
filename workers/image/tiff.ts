/**
 * TIFF decoding (browsers do not read TIFF): the first page through UTIF (IFDs, LZW, PackBits, none,
 * predictor), with Deflate strips inflated first by the browser's DecompressionStream (UTIF expects a
 * global `pako` a worker bundle does not have: the app could not read its own Deflate output). Samples are
 * then read here, 8 or 16 bits, grey or RGB, with or without alpha (associated alpha is un-premultiplied),
 * so print output can keep 16 bits; the embedded ICC profile is returned as well.
 */
import * as UTIF from "utif2";
import { ImageError } from "./errors";
import { inflateBytes } from "../../src/lib/bytes";

export interface TiffPixels {
  width: number;
  height: number;
  /** 8 or 16 bits per sample in `rgba`. */
  bits: 8 | 16;
  /** RGBA, unassociated alpha (255 / 65535 when the file has none), rows top to bottom. */
  rgba: Uint8Array | Uint16Array;
  hasAlpha: boolean;
  /** The embedded ICC profile (tag 34675), if any. */
  icc?: Uint8Array;
}

type Page = UTIF.IFD & Record<string, unknown> & { data: Uint8Array; width: number; height: number };

const DEFLATE = new Set([8, 32946]);

/**
 * For a Deflate page: a new buffer holding the TIFF header and the inflated strips (or tiles), and the page
 * rewritten to say "uncompressed" with their new offsets; UTIF then applies the predictor as usual.
 */
async function inflatePage(buffer: ArrayBuffer, page: Page): Promise<ArrayBuffer> {
  const tiled = page["t322"] != null;
  const offsets = (tiled ? page["t324"] : page["t273"]) as number[];
  const counts = (tiled ? page["t325"] : page["t279"]) as number[];
  const all = new Uint8Array(buffer);
  const parts = await Promise.all(offsets.map((off, i) => inflateBytes(all.subarray(off, off + counts[i]!))));
  const out = new Uint8Array(8 + parts.reduce((sum, p) => sum + p.length, 0));
  out.set(all.subarray(0, 8));
  let at = 8;
  const newOffsets = parts.map((p) => {
    out.set(p, at);
    at += p.length;
    return at - p.length;
  });
  page[tiled ? "t324" : "t273"] = newOffsets;
  page[tiled ? "t325" : "t279"] = parts.map((p) => p.length);
  page["t259"] = [1];
  return out.buffer;
}

function tag(page: Page, id: number): number[] | undefined {
  return page[`t${id}`] as number[] | undefined;
}

/** Reads the samples UTIF left in `page.data` (little-endian for 16 bits) into RGBA of the same depth. */
function samplesToRgba(page: Page): Omit<TiffPixels, "icc"> | null {
  const photometric = tag(page, 262)?.[0] ?? 1;
  const bits = tag(page, 258)?.[0] ?? 1;
  const spp = tag(page, 277)?.[0] ?? 1;
  const format = tag(page, 339)?.[0] ?? 1;
  if ((bits !== 8 && bits !== 16) || format !== 1 || (tag(page, 284)?.[0] ?? 1) !== 1) return null;
  const colour = photometric === 2 ? 3 : photometric === 0 || photometric === 1 ? 1 : 0;
  if (!colour || spp < colour) return null;
  const extra = tag(page, 338) ?? [];
  const hasAlpha = spp > colour && (extra.length === 0 || extra[0] === 1 || extra[0] === 2);
  const associated = hasAlpha && extra[0] === 1;
  const { width, height } = page;
  const max = bits === 16 ? 65535 : 255;
  const src = bits === 16 ? new Uint16Array(page.data.buffer, page.data.byteOffset, Math.floor(page.data.byteLength / 2)) : page.data;
  const rgba = bits === 16 ? new Uint16Array(width * height * 4) : new Uint8Array(width * height * 4);
  // Rows are whole bytes: with 8 or 16 bits a row is exactly width * spp samples.
  for (let p = 0, s = 0, d = 0; p < width * height; p++, s += spp, d += 4) {
    let r: number, g: number, b: number;
    if (colour === 3) {
      r = src[s]!;
      g = src[s + 1]!;
      b = src[s + 2]!;
    } else {
      r = g = b = photometric === 0 ? max - src[s]! : src[s]!;
    }
    const a = hasAlpha ? src[s + colour]! : max;
    if (associated && a > 0 && a < max) {
      r = Math.min(max, Math.round((r * max) / a));
      g = Math.min(max, Math.round((g * max) / a));
      b = Math.min(max, Math.round((b * max) / a));
    }
    rgba[d] = r;
    rgba[d + 1] = g;
    rgba[d + 2] = b;
    rgba[d + 3] = a;
  }
  return { width, height, bits, rgba, hasAlpha };
}

/** The first page of a TIFF at its own depth (8 or 16 bits); other forms (palette, CMYK...) come as 8 bits. */
export async function decodeTiffPixels(bytes: ArrayBuffer): Promise<TiffPixels> {
  try {
    let buffer = bytes;
    const [page] = UTIF.decode(buffer) as Page[];
    if (!page) throw new Error("no page");
    const icc = page["t34675"] as Uint8Array | undefined;
    const iccCopy = icc && icc.length ? new Uint8Array(icc) : undefined;
    if (DEFLATE.has(tag(page, 259)?.[0] ?? 1)) buffer = await inflatePage(buffer, page);
    UTIF.decodeImage(buffer, page);
    if (!page.data || page.width < 1 || page.height < 1) throw new Error("no pixels");
    const own = samplesToRgba(page);
    if (own) return { ...own, icc: iccCopy };
    const rgba = UTIF.toRGBA8(page);
    return { width: page.width, height: page.height, bits: 8, rgba, hasAlpha: false, icc: iccCopy };
  } catch {
    throw new ImageError("corrupt", "This TIFF image is damaged or uses a form this app cannot read.");
  }
}

/** 16-bit samples to 8 (rounded), for display, previews and 8-bit encoders. */
export function to8Bit(pixels: TiffPixels): Uint8ClampedArray<ArrayBuffer> {
  if (pixels.bits === 8) return new Uint8ClampedArray(pixels.rgba.buffer as ArrayBuffer, pixels.rgba.byteOffset, pixels.rgba.length);
  const out = new Uint8ClampedArray(pixels.rgba.length);
  for (let i = 0; i < out.length; i++) out[i] = pixels.rgba[i]! / 257; // a clamped array rounds to the nearest
  return out;
}

/** The first page as 8-bit ImageData, from the file or from its bytes already read (source.ts). */
export async function decodeTiff(file: Blob | ArrayBuffer): Promise<ImageData> {
  const pixels = await decodeTiffPixels(file instanceof ArrayBuffer ? file : await file.arrayBuffer());
  return new ImageData(to8Bit(pixels), pixels.width, pixels.height);
}
