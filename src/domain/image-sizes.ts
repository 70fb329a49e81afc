/**
 * The sizes import makes of every photo (long edge, px), shared by the worker that makes them, the sync
 * that uploads them, the server route that serves them and the visitor grid's srcset. `thumbnail` and
 * `preview` are the files the first release already had; `medium` and `large` fill the steps between so
 * a 3x phone showing a photo 360 CSS px wide gets about 1,100 px.
 */
import { galleryImageUrl } from "./image-url";
import type { CoverStyle } from "./records";

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

/** One size of an image by its long edge on the visitor's pages (the server answers an older image with the nearest size it has). */
export const sizeUrl = (id: string, edge: SizeEdge) => galleryImageUrl(id, { size: edge, v: id });

const KNOWN_EDGES = new Set<number>(IMAGE_SIZES.map((s) => s.edge));

/**
 * An image's srcset on the visitor's pages: each size it has (`edges`, in IMAGE_SIZES' order) described by
 * its real width (a portrait's 1,600 px file is about 1,067 w); a small photo's larger sizes, the same width,
 * once. Undefined when the image's dimensions are unknown (an image from before they were recorded).
 */
export function gallerySrcSet(id: string, width: number | undefined, height: number | undefined, edges: readonly number[]): string | undefined {
  if (!width || !height) return undefined;
  const seen = new Set<number>();
  const parts: string[] = [];
  for (const edge of edges) {
    if (!KNOWN_EDGES.has(edge)) continue;
    const drawn = sizeOf(width, height, edge).width;
    if (seen.has(drawn)) continue;
    seen.add(drawn);
    parts.push(`${sizeUrl(id, edge as SizeEdge)} ${drawn}w`);
  }
  return parts.length ? parts.join(", ") : undefined;
}

/**
 * How wide the visitor's cover photo is drawn, per cover style (its <img>'s `sizes`). The photo fills its
 * box cropped (object-fit: cover), so a box taller than the photo's shape draws it wider than the box: a
 * phone's full cover (390 x 490 px) draws a 3:2 photo about 1.9 times the screen's width, a desktop's split
 * half (640 x 680) about 0.8 times the page's. Told the box's width alone, a phone took the 400 px file and
 * showed it blurred. The cover's early preload names the same, so the browser fetches one file for both.
 */
export const COVER_IMAGE_SIZES: Readonly<Record<CoverStyle, string>> = { full: "(max-width: 768px) 190vw, 100vw", split: "(max-width: 768px) 150vw, 80vw", minimal: "0px" };
