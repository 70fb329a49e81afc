/**
 * What a visitor's browser needs to pick the right file for a photo: a srcset of the sizes the image has
 * (each described by its real width, so a portrait's 1,600 px file is ~1,067 w), and its placeholder as a
 * data URL (decoded once per image and kept, so scrolling back does not decode again).
 */
import { thumbHashToDataURL } from "thumbhash";
import { gallerySrcSet } from "../../domain/image-sizes";
import { imageUrl, type GalleryImage } from "./api";

export function srcSetOf(image: GalleryImage): string | undefined {
  return gallerySrcSet(image.id, image.width, image.height, image.sizes);
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
