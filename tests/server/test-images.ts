/** Small real PNGs for a device's import in server-tier tests: an original and every size made from it. */
import { encodePng } from "../../scripts/lib/png.mjs";
import type { NewImage } from "../../src/store/repositories/images";

/** A 4x4 PNG whose bytes differ with `seed`. */
export function png(seed: number): Blob {
  return new Blob([encodePng(4, 4, (x, y) => [x * 40, y * 40, seed & 255, 255])], { type: "image/png" });
}

/** What the import hands the images repository for one photo of `clientId`. */
export function imageInput(clientId: string, name: string, seed: number, metadata: Record<string, unknown> | null = null): NewImage {
  const original = png(seed);
  return {
    fields: { client: clientId, filename: name, originalName: name, fileSize: original.size, mimeType: "image/png", width: 4, height: 4, checksum: "", placeholder: "", metadata },
    original,
    thumbnail: png(seed + 1),
    medium: png(seed + 2),
    large: png(seed + 3),
    preview: png(seed + 4),
  };
}
