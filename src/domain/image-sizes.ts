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

/** The box's height over its width where a phone (up to 768 px) draws the cover photo, per style (gallery.css). */
const PHONE_COVER_BOX = { full: 1.27, split: 1 } as const;

/** A phone at 2.5 dppx or more gets a cover of twice its CSS pixels, not three times (see coverImageSizes). */
const PHONE_DENSITY_CAP = 2;

/**
 * How wide the visitor's cover photo is drawn (its <img>'s `sizes`), per cover style and the photo's shape.
 * The photo fills its box cropped (object-fit: cover), so a box taller than the photo's shape draws it wider
 * than the box: a phone's full cover (390 x 490 px) draws a 3:2 photo about 1.9 times the screen's width
 * (told the box's width alone, a phone took the 400 px file and showed it blurred), a portrait one just the
 * screen's width; a desktop's split half (640 x 680) about 0.8 times the page's for 3:2.
 * A 3x phone is told two thirds of that (issue 43): it gets a file of twice its CSS pixels, not three times,
 * under the cover's shade (a 390 px phone takes the 1,600 px file, never the 2,048 px preview, some 40%
 * fewer bytes on the page's largest paint). The cover's early preload names the same, so the browser
 * fetches one file for both. An image whose shape is unknown is taken as 3:2.
 */
export const COVER_IMAGE_SIZES: Readonly<Record<CoverStyle, (width?: number, height?: number) => string>> = {
  full: (width, height) => phoneSizes(PHONE_COVER_BOX.full * aspectOf(width, height), "100vw"),
  split: (width, height) => phoneSizes(PHONE_COVER_BOX.split * aspectOf(width, height), `${Math.round(100 * Math.max(0.5, 0.53 * aspectOf(width, height)))}vw`),
  minimal: () => "0px",
};

function aspectOf(width: number | undefined, height: number | undefined): number {
  return width && height ? width / height : 1.5;
}

/** A phone draws the photo `widths` times its screen's width (at least once); beyond 768 px, `desktop`. */
function phoneSizes(widths: number, desktop: string): string {
  const drawn = Math.max(1, widths) * 100;
  return `(max-width: 768px) and (min-resolution: 2.5dppx) ${Math.round((drawn * PHONE_DENSITY_CAP) / 3)}vw, (max-width: 768px) ${Math.round(drawn)}vw, ${desktop}`;
}
