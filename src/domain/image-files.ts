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
