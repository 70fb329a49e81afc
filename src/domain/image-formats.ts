/**
 * The photo formats the app imports, with the MIME type each is served as and the extension it is stored
 * under: one table for the app, the workers and the server (pb_hooks/lib/rules/contract.js).
 */
import { IMAGE_FORMATS } from "./contract";

export { IMAGE_FORMATS };
export type { ImageFormat } from "./contract";

/** "jpg" for a blob of type image/jpeg; "bin" for a type that is not one of the formats. */
export function extensionForType(mimeType: string): string {
  const format = Object.values(IMAGE_FORMATS).find((f) => f.mimeType === mimeType);
  return format ? format.extension.slice(1) : "bin";
}

/**
 * Originals delivered as a full-size JPEG made on the owner's device when their gallery asks for JPEG
 * (issue 25): the formats Windows, most Android phones and print labs cannot all open. JPEG goes as it is;
 * PNG, GIF and BMP open everywhere.
 */
export const JPEG_DELIVERED_FORMATS: readonly string[] = ["heic", "tiff", "avif", "webp"];

/** Whether an original of this MIME type gets a full-size JPEG in a gallery that asks for JPEG. */
export function isJpegDelivered(mimeType: string): boolean {
  return mimeType === "image/heif" || JPEG_DELIVERED_FORMATS.some((f) => IMAGE_FORMATS[f as keyof typeof IMAGE_FORMATS]?.mimeType === mimeType);
}
