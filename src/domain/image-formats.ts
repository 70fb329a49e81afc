/**
 * The photo formats the app imports, with the MIME type each is served as and the extension it is stored
 * under: one table for the app, the workers and the server (pb_hooks/lib/contract.js).
 */
import { IMAGE_FORMATS } from "./contract";

export { IMAGE_FORMATS };
export type { ImageFormat } from "./contract";

/** "jpg" for a blob of type image/jpeg; "bin" for a type that is not one of the formats. */
export function extensionForType(mimeType: string): string {
  const format = Object.values(IMAGE_FORMATS).find((f) => f.mimeType === mimeType);
  return format ? format.extension.slice(1) : "bin";
}
