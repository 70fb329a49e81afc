/** The download dialog's words for what a visitor gets (issue 25). */
import { describe, expect, it } from "vitest";
import type { GalleryImage } from "./api";
import { deliveryNote } from "./deliveryNote";

const photo = (mimeType: string, extra: Partial<GalleryImage> = {}): GalleryImage => ({ id: mimeType, originalName: "a", filename: "a", fileSize: 1, mimeType, placeholder: "", sizes: [], crc32: "", webJpeg: true, hasJpeg: false, set: "", kind: "", duration: 0, webStatus: "", codec: "", ...extra });

describe("deliveryNote", () => {
  it("says full-size JPEG when every photo is a JPEG or has its JPEG", () => {
    expect(deliveryNote([photo("image/heic", { hasJpeg: true }), photo("image/jpeg")], { downloads: "originals", originalsAs: "jpeg" })).toMatch(/full-size JPEG files, named \.jpg/);
  });

  it("names the photos that still come as shot, and their format", () => {
    const note = deliveryNote([photo("image/heic", { hasJpeg: true }), photo("image/heic"), photo("image/tiff")], { downloads: "originals", originalsAs: "jpeg" });
    expect(note).toContain("except 2 photos that come as shot (HEIC, TIFF)");
  });

  it("says the originals come as shot, with their formats", () => {
    expect(deliveryNote([photo("image/heic", { hasJpeg: true }), photo("image/jpeg")], { downloads: "originals", originalsAs: "shot" })).toBe("You get the original files as shot (HEIC, JPEG).");
  });

  it("says web size, and nothing when downloads are off", () => {
    expect(deliveryNote([photo("image/heic")], { downloads: "web", originalsAs: "jpeg" })).toMatch(/web-size JPEG files/);
    expect(deliveryNote([photo("image/heic")], { downloads: "off", originalsAs: "jpeg" })).toBe("");
  });

  it("says clips come as MP4 in web size, and names their format as shot (issue 38)", () => {
    const clip = photo("video/quicktime", { kind: "video", webStatus: "made" });
    expect(deliveryNote([clip], { downloads: "web", originalsAs: "shot" })).toBe("Videos come as MP4 files that play on any device.");
    expect(deliveryNote([clip, photo("image/jpeg")], { downloads: "web", originalsAs: "shot" })).toMatch(/web-size JPEG files.*Videos come as MP4/);
    expect(deliveryNote([clip, photo("image/jpeg")], { downloads: "originals", originalsAs: "shot" })).toBe("You get the original files as shot (JPEG, MOV).");
  });
});
