import { describe, expect, it } from "vitest";
import type { ImageRow } from "../../../store/rows";
import { ownerSlide, previewWindow } from "./slides";

const photo = (id: string, extra: Partial<ImageRow> = {}) => ({ id, originalName: `${id}.jpg`, width: 6000, height: 4000, kind: "image", ...extra }) as unknown as ImageRow;
const clip = (id: string) => photo(id, { kind: "video", originalName: `${id}.mp4` });

describe("the owner's viewer's slides", () => {
  it("shows a loaded preview as a zoomable image slide of the preview's own size", () => {
    expect(ownerSlide(photo("a"), { url: "blob:a" })).toEqual({ src: "blob:a", alt: "a.jpg", width: 2048, height: 1365 });
    // A photo smaller than the preview is not zoomed past its own pixels.
    expect(ownerSlide(photo("s", { width: 800, height: 600 }), { url: "blob:s" })).toMatchObject({ width: 800, height: 600 });
  });

  it("draws a photo still loading or failed, and every clip, itself", () => {
    expect(ownerSlide(photo("a"), undefined)).toEqual({ type: "owner-media", imageId: "a", media: "loading" });
    expect(ownerSlide(photo("a"), "failed")).toEqual({ type: "owner-media", imageId: "a", media: "failed" });
    expect(ownerSlide(clip("c"), { url: "blob:c" })).toEqual({ type: "owner-media", imageId: "c", media: "clip" });
  });

  it("loads the photo on show and its neighbours only, never a clip's preview", () => {
    const images = [photo("a"), photo("b"), clip("c"), photo("d"), photo("e"), photo("f")];
    expect(previewWindow(images, 0, 1)).toEqual(["a", "b"]);
    expect(previewWindow(images, 3, 1)).toEqual(["d", "e"]);
    expect(previewWindow(images, 3, 2)).toEqual(["b", "d", "e", "f"]);
    expect(previewWindow(images, 5, 1)).toEqual(["e", "f"]);
    expect(previewWindow([], 0, 1)).toEqual([]);
  });
});
