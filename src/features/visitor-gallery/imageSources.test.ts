/** The visitor's srcset, which the server's preload of the cover writes too (pb_hooks/lib/rules/contract.js). */
import { describe, expect, it } from "vitest";
import { sizeOf } from "../../domain/image-sizes";
import { sizeUrl, type GalleryImage } from "./api";
import { srcSetOf } from "./imageSources";

const image = (over: Partial<GalleryImage>) => ({ id: "abc123def456ghi", sizes: [400, 800, 1600, 2048], width: 4000, height: 6000, ...over }) as GalleryImage;

describe("srcSetOf", () => {
  it("names each size under the address the page asks for it by, with the width it is really drawn at", () => {
    const portrait = image({});
    expect(srcSetOf(portrait)).toBe([400, 800, 1600, 2048].map((edge) => `${sizeUrl(portrait.id, edge as 400)} ${sizeOf(4000, 6000, edge).width}w`).join(", "));
    expect(srcSetOf(portrait)).toContain("?size=1600&v=abc123def456ghi 1067w");
  });

  it("names a small photo's larger sizes, the same file width, once", () => {
    expect(srcSetOf(image({ width: 600, height: 500 }))).toBe(`${sizeUrl("abc123def456ghi", 400)} 400w, ${sizeUrl("abc123def456ghi", 800)} 600w`);
  });

  it("has none for an image whose dimensions are unknown", () => {
    expect(srcSetOf(image({ width: 0, height: 0 }))).toBeUndefined();
  });
});
