import { formatDeliveredName } from "./contract";

/** File names of photos: which extensions count as images (zip entries are filtered by name first, then by bytes). */
export const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "gif", "webp", "tiff", "tif", "avif", "bmp", "heic", "heif"] as const;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

export function hasExtension(name: string, extensions: readonly string[]): boolean {
  return extensions.includes(extensionOf(name));
}

/** The name a person knows a photo by: the name it was imported with, else the name it is stored under. */
export function imageName(image: { originalName?: string | null; filename?: string | null }): string {
  return image.originalName || image.filename || "";
}

/**
 * The name an original is delivered under (a download, a zip entry): the name a person knows it by, with the
 * extension of the format its bytes are when that name says otherwise (issue 37: PNG bytes imported as
 * `invoice.hta` go out as `invoice.png`; pb_hooks/lib/rules/contract.js).
 */
export function deliveredName(image: { originalName?: string | null; filename?: string | null; mimeType?: string | null }): string {
  return formatDeliveredName(imageName(image), image.mimeType);
}

/**
 * The name a download gets in the gallery's mode: the original's own name (deliveredName), or for web size the same stem
 * with the extension of the file served (`.jpg` for a web size made as a JPEG; an image imported before
 * that has a WebP web size, named `.webp` so nothing is a WebP called .jpg); an original delivered as its
 * full-size JPEG (a gallery with `originalsAs` "jpeg" and a photo that has one) is named `.jpg` too.
 */
export function downloadName(
  image: { originalName?: string | null; filename?: string | null; mimeType?: string | null; webJpeg?: boolean; hasJpeg?: boolean; kind?: string; webStatus?: string },
  mode: "off" | "web" | "originals",
  originalsAs: "shot" | "jpeg" = "shot",
): string {
  const name = deliveredName(image);
  const stem = () => {
    const dot = name.lastIndexOf(".");
    return dot > 0 ? name.slice(0, dot) : name;
  };
  // A clip (issue 38): its original as shot, or in "web" mode its web version (an MP4), as shot when it has none.
  if (image.kind === "video") return mode === "web" && hasWebVersion(image) ? `${stem()}.mp4` : name;
  // An original of a gallery that delivers JPEG is its full-size JPEG once the device made one (issue 25).
  if (mode === "originals") return originalsAs === "jpeg" && image.hasJpeg ? `${stem()}.jpg` : name;
  if (mode !== "web") return name;
  return stem() + (image.webJpeg ? ".jpg" : ".webp");
}

/** Whether a clip has a web version to play and to download in "web" mode (issue 38): made, or its original is one. */
export function hasWebVersion(image: { webStatus?: string }): boolean {
  return image.webStatus === "made" || image.webStatus === "original";
}
