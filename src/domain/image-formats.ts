/**
 * The photo formats the app imports, with the MIME type each is served as and the extension it is stored
 * under: one table for the app and the workers. The server keeps the same table in
 * pb_hooks/lib/image_guard.js (another runtime); image-formats.test.ts checks that the two agree.
 */
export type ImageFormat = "jpeg" | "png" | "gif" | "webp" | "bmp" | "tiff" | "avif" | "heic";

export const IMAGE_FORMATS: Readonly<Record<ImageFormat, { mimeType: string; extension: string }>> = {
  jpeg: { mimeType: "image/jpeg", extension: ".jpg" },
  png: { mimeType: "image/png", extension: ".png" },
  gif: { mimeType: "image/gif", extension: ".gif" },
  webp: { mimeType: "image/webp", extension: ".webp" },
  bmp: { mimeType: "image/bmp", extension: ".bmp" },
  tiff: { mimeType: "image/tiff", extension: ".tif" },
  avif: { mimeType: "image/avif", extension: ".avif" },
  heic: { mimeType: "image/heic", extension: ".heic" },
};

/** "jpg" for a blob of type image/jpeg; "bin" for a type that is not one of the formats. */
export function extensionForType(mimeType: string): string {
  const format = Object.values(IMAGE_FORMATS).find((f) => f.mimeType === mimeType);
  return format ? format.extension.slice(1) : "bin";
}
