import { describe, expect, it } from "vitest";
import { galleryImageUrl } from "./image-url";

describe("galleryImageUrl", () => {
  it("addresses one image file, with its query in order", () => {
    expect(galleryImageUrl("abc123")).toBe("/api/gallery/image/abc123");
    expect(galleryImageUrl("abc123", { size: 800, v: "abc123" })).toBe("/api/gallery/image/abc123?size=800&v=abc123");
    expect(galleryImageUrl("a/b", { download: "zip" })).toBe("/api/gallery/image/a%2Fb?download=zip");
  });
});
