/**
 * What a visitor's download brings, in words for its dialog (issue 25): web-size JPEGs, full-size JPEGs
 * (saying which photos still come as shot), or the originals as shot with their formats. The server decides
 * which file goes (pb_hooks/lib/rules/delivery_rules.js); this only follows the same facts: the gallery's delivery
 * and, per photo, whether its web size is a JPEG and whether it has a full-size JPEG.
 */
import { IMAGE_FORMATS } from "../../domain/image-formats";
import type { Delivery, GalleryImage } from "./api";
import { isVideo } from "../../domain/records";
import { GALLERY_TEXTS } from "./texts";

/** Clips' formats as people know them (issue 38). */
const CLIP_FORMATS: Record<string, string> = { "video/mp4": "MP4", "video/quicktime": "MOV", "video/x-m4v": "M4V", "video/webm": "WebM" };

/** "HEIC, JPEG": the formats of these photos (and clips) by their MIME type. */
function formatsOf(images: GalleryImage[]): string {
  const names = new Set(images.map((i) => CLIP_FORMATS[i.mimeType] ?? Object.entries(IMAGE_FORMATS).find(([, f]) => f.mimeType === i.mimeType)?.[0].toUpperCase() ?? (i.mimeType === "image/heif" ? "HEIC" : i.mimeType.replace(/^image\//, "").toUpperCase())));
  return [...names].filter(Boolean).sort().join(", ");
}

export function deliveryNote(images: GalleryImage[], delivery: Pick<Delivery, "downloads" | "originalsAs"> | null): string {
  if (!delivery || delivery.downloads === "off" || !images.length) return "";
  if (delivery.downloads === "web") {
    // A clip's web download is its MP4 web version (issue 38); a download of clips alone says only that.
    const photos = images.filter((i) => !isVideo(i));
    const clips = photos.length < images.length ? GALLERY_TEXTS.formatWebClips : "";
    if (!photos.length) return clips;
    const older = photos.filter((i) => !i.webJpeg).length;
    return [older ? GALLERY_TEXTS.formatWebOlder(older) : GALLERY_TEXTS.formatWeb, clips].filter(Boolean).join(" ");
  }
  if (delivery.originalsAs !== "jpeg") return GALLERY_TEXTS.formatShot(formatsOf(images));
  // JPEG originals go as they are; the others as their full-size JPEG once it is made (PNG, GIF, BMP never).
  const asShot = images.filter((i) => !i.hasJpeg && i.mimeType !== "image/jpeg");
  if (!asShot.length) return GALLERY_TEXTS.formatJpeg;
  if (asShot.length === images.length) return GALLERY_TEXTS.formatShot(formatsOf(images));
  return GALLERY_TEXTS.formatJpegWaiting(asShot.length, formatsOf(asShot));
}
