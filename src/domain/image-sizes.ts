/**
 * The sizes import makes of every photo (long edge, px), shared by the worker that makes them, the sync
 * that uploads them, the server route that serves them and the visitor grid's srcset. `thumbnail` and
 * `preview` are the files the first release already had; `medium` and `large` fill the steps between so
 * a 3x phone showing a photo 360 CSS px wide gets about 1,100 px.
 */
export const IMAGE_SIZES = [
  { field: "thumbnail", edge: 400 },
  { field: "medium", edge: 800 },
  { field: "large", edge: 1600 },
  { field: "preview", edge: 2048 },
] as const;

export type SizeField = (typeof IMAGE_SIZES)[number]["field"];
export type SizeEdge = (typeof IMAGE_SIZES)[number]["edge"];

/** The sizes added after the first release: devices make them for older images (rebuild). */
export const ADDED_SIZE_FIELDS = ["medium", "large"] as const satisfies readonly SizeField[];

/** The displayed size of a size file of an image `width` x `height` (never larger than the image). */
export function sizeOf(width: number, height: number, edge: number): { width: number; height: number } {
  const scale = Math.min(1, edge / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
