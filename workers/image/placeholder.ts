/**
 * The tiny placeholder shown until a photo arrives: a ThumbHash (about 25 bytes, kept as base64) of the
 * photo at most 100 px on its long edge, read from the smallest size import already made.
 */
import { rgbaToThumbHash } from "thumbhash";

const PLACEHOLDER_EDGE = 100;

export function placeholderOf(source: OffscreenCanvas): string {
  const scale = Math.min(1, PLACEHOLDER_EDGE / Math.max(source.width, source.height));
  const width = Math.max(1, Math.round(source.width * scale));
  const height = Math.max(1, Math.round(source.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext("2d")!;
  ctx.drawImage(source, 0, 0, width, height);
  const hash = rgbaToThumbHash(width, height, ctx.getImageData(0, 0, width, height).data);
  let binary = "";
  for (const byte of hash) binary += String.fromCharCode(byte);
  return btoa(binary);
}
