/**
 * What a visitor's download brings, in words for its dialog (issue 25): web-size JPEGs, full-size JPEGs
 * (saying which photos still come as shot), or the originals as shot with their formats. The server decides
 * which file goes (pb_hooks/lib/rules/delivery_rules.js); this only follows the same facts: the gallery's delivery
 * and, per photo, whether its web size is a JPEG and whether it has a full-size JPEG.
 */
import { IMAGE_FORMATS } from "../../domain/image-formats";
import type { Delivery, GalleryImage } from "./api";
import { GALLERY_TEXTS } from "./texts";

/** "HEIC, JPEG": the formats of these photos by their MIME type. */
function formatsOf(images: GalleryImage[]): string {
  const names = new Set(images.map((i) => Object.entries(IMAGE_FORMATS).find(([, f]) => f.mimeType === i.mimeType)?.[0].toUpperCase() ?? (i.mimeType === "image/heif" ? "HEIC" : i.mimeType.replace(/^image\//, "").toUpperCase())));
  return [...names].filter(Boolean).sort().join(", ");
}

export function deliveryNote(images: GalleryImage[], delivery: Pick<Delivery, "downloads" | "originalsAs"> | null): string {
  if (!delivery || delivery.downloads === "off" || !images.length) return "";
  if (delivery.downloads === "web") {
    const older = images.filter((i) => !i.webJpeg).length;
    return older ? GALLERY_TEXTS.formatWebOlder(older) : GALLERY_TEXTS.formatWeb;
  }
  if (delivery.originalsAs !== "jpeg") return GALLERY_TEXTS.formatShot(formatsOf(images));
  // JPEG originals go as they are; the others as their full-size JPEG once it is made (PNG, GIF, BMP never).
  const asShot = images.filter((i) => !i.hasJpeg && i.mimeType !== "image/jpeg");
  if (!asShot.length) return GALLERY_TEXTS.formatJpeg;
  if (asShot.length === images.length) return GALLERY_TEXTS.formatShot(formatsOf(images));
  return GALLERY_TEXTS.formatJpegWaiting(asShot.length, formatsOf(asShot));
}
