/**
 * What a visitor's browser needs to pick the right file for a photo: a srcset of the sizes the image has
 * (each described by its real width, so a portrait's 1,600 px file is ~1,067 w), and its placeholder as a
 * data URL (decoded once per image and kept, so scrolling back does not decode again).
 */
import { thumbHashToDataURL } from "thumbhash";
import { IMAGE_SIZES, sizeOf, type SizeEdge } from "../../domain/image-sizes";
import { imageUrl, sizeUrl, type GalleryImage } from "./api";

const KNOWN_EDGES = new Set<number>(IMAGE_SIZES.map((s) => s.edge));

export function srcSetOf(image: GalleryImage): string | undefined {
  if (!image.width || !image.height) return undefined;
  const edges = image.sizes.filter((edge): edge is SizeEdge => KNOWN_EDGES.has(edge));
  const seen = new Set<number>();
  const parts: string[] = [];
  for (const edge of edges) {
    const { width } = sizeOf(image.width, image.height, edge);
    if (seen.has(width)) continue; // a small photo's larger sizes are the same file size
    seen.add(width);
    parts.push(`${sizeUrl(image.id, edge)} ${width}w`);
  }
  return parts.length ? parts.join(", ") : undefined;
}

/** The fallback `src`: the thumbnail, which every image has had since the first release. */
export const fallbackSrc = (image: GalleryImage) => imageUrl(image.id, "thumbnail");

const placeholders = new Map<string, string>();

export function placeholderUrl(image: GalleryImage): string | undefined {
  if (!image.placeholder) return undefined;
  let url = placeholders.get(image.id);
  if (url === undefined) {
    try {
      url = thumbHashToDataURL(Uint8Array.from(atob(image.placeholder), (c) => c.charCodeAt(0)));
    } catch {
      url = "";
    }
    placeholders.set(image.id, url);
  }
  return url || undefined;
}
