/**
 * The resize chain of import: the decoded photo is scaled once to the largest size, and each smaller size
 * from the one above it (a 24 MP photo is read once; 1,600 px from 2,048 px costs a fifteenth of 1,600
 * px from the original). Each step halves at most about 2x, so high-quality smoothing keeps it sharp.
 */
import { IMAGE_SIZES, sizeOf, type SizeField } from "../../src/domain/image-sizes";

/** Draws `source` at `width` x `height`, on a white background (JPEG/WebP have no alpha to lose to black). */
function scaled(source: ImageBitmap | OffscreenCanvas, width: number, height: number): OffscreenCanvas {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext("2d")!;
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(source, 0, 0, width, height);
  return canvas;
}

/** Every size of IMAGE_SIZES, made largest first, each from the previous one. */
export function scaledChain(bitmap: ImageBitmap): Record<SizeField, OffscreenCanvas> {
  const chain = {} as Record<SizeField, OffscreenCanvas>;
  let source: ImageBitmap | OffscreenCanvas = bitmap;
  for (const { field, edge } of [...IMAGE_SIZES].reverse()) {
    // Each size's dimensions come from the photo's own, so rounding never drifts down the chain.
    const { width, height } = sizeOf(bitmap.width, bitmap.height, edge);
    source = chain[field] = scaled(source, width, height);
  }
  return chain;
}
