/** Where a clip plays in the visitor's viewer (issue 38). */
import { describe, expect, it } from "vitest";
import { clipSlide, clipSource, playableType } from "./clipSlides";

const clip = (webStatus: string, mimeType = "video/quicktime") => ({ id: "c1", kind: "video", webStatus, mimeType });
const safari = (type: string) => type === "video/quicktime";
const none = () => false;

describe("clipSource", () => {
  it("plays the web version when there is one, whatever the original", () => {
    expect(clipSource(clip("made"), none)).toEqual({ src: "/api/gallery/image/c1?video=web", type: "video/mp4" });
    expect(clipSource(clip("original", "video/mp4"), none)).toEqual({ src: "/api/gallery/image/c1?video=web", type: "video/mp4" });
  });
  it("plays the original as shot only where the browser says it can, else nothing", () => {
    expect(clipSource(clip("unsupported"), safari)).toEqual({ src: "/api/gallery/image/c1?video=original", type: "video/quicktime" });
    expect(clipSource(clip("unsupported"), none)).toBeNull();
    expect(clipSource({ ...clip("made"), kind: "" }, safari)).toBeNull(); // a photo
    // The codec read on import goes into the question: an HEVC MP4 where only H.264 plays is not tried.
    const chromium = (type: string) => type === "video/mp4" || type.includes("avc1");
    expect(playableType("video/mp4", "hevc")).toMatch(/^video\/mp4; codecs="hvc1/);
    expect(clipSource({ ...clip("unsupported", "video/mp4"), codec: "hevc" }, chromium)).toBeNull();
    expect(clipSource({ ...clip("unsupported", "video/mp4"), codec: "avc" }, chromium)).toMatchObject({ type: "video/mp4" });
  });
  it("shows the poster until the Video plugin is there, then a video slide over it", () => {
    const poster = { src: "/poster", width: 1920, height: 1080, download: { url: "/d", filename: "a.mp4" } };
    expect(clipSlide(clip("made"), poster, false)).toBe(poster);
    expect(clipSlide(clip("made"), poster, true)).toMatchObject({ type: "video", poster: "/poster", width: 1920, sources: [{ type: "video/mp4" }], download: poster.download });
  });
});
