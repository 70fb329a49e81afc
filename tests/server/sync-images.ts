/**
 * Images for the sync tests: incompressible PNGs of a chosen size, and the input `addImages` takes for one
 * (an original with its four small sizes), as the import on a device would make them.
 */
import { randomBytes } from "node:crypto";
import { encodePng } from "../../scripts/lib/png.mjs";

/** A PNG of random pixels (incompressible, so its size is about width * height * 4 bytes). */
export function png(width: number, height: number, seed: number): Blob {
  const noise = randomBytes(width * height * 3);
  const bytes = encodePng(width, height, (x, y) => {
    const o = (y * width + x) * 3;
    return [noise[o]!, noise[o + 1]!, (noise[o + 2]! + seed) & 255, 255];
  });
  return new Blob([bytes], { type: "image/png" });
}

export function imageInput(clientId: string, name: string, original: Blob) {
  return {
    fields: { client: clientId, filename: name, originalName: name, fileSize: original.size, mimeType: "image/png", width: 1, height: 1, checksum: "", placeholder: "", metadata: null },
    original,
    thumbnail: png(4, 4, 1),
    medium: png(5, 5, 3),
    large: png(6, 6, 4),
    preview: png(8, 8, 2),
  };
}
