/** The names downloads get: web size is named for what it is (issue 25), originals keep their own name. */
import { describe, expect, it } from "vitest";
import { downloadName } from "./image-files";

describe("downloadName", () => {
  it("names a JPEG web size .jpg, whatever the original was", () => {
    expect(downloadName({ originalName: "Bridge.jpg", webJpeg: true }, "web")).toBe("Bridge.jpg");
    expect(downloadName({ originalName: "IMG_0001.HEIC", webJpeg: true }, "web")).toBe("IMG_0001.jpg");
    expect(downloadName({ originalName: "scan.tiff", webJpeg: true }, "web")).toBe("scan.jpg");
  });

  it("names the WebP web size of an image imported before .webp, never .jpg", () => {
    expect(downloadName({ originalName: "Bridge.jpg" }, "web")).toBe("Bridge.webp");
  });

  it("names an original delivered as its full-size JPEG .jpg, and as shot by its own name (issue 25)", () => {
    expect(downloadName({ originalName: "IMG_0001.HEIC", hasJpeg: true }, "originals", "jpeg")).toBe("IMG_0001.jpg");
    expect(downloadName({ originalName: "IMG_0001.HEIC", hasJpeg: false }, "originals", "jpeg")).toBe("IMG_0001.HEIC");
    expect(downloadName({ originalName: "IMG_0001.HEIC", hasJpeg: true }, "originals", "shot")).toBe("IMG_0001.HEIC");
  });

  it("keeps the original's name for originals", () => {
    expect(downloadName({ originalName: "IMG_0001.HEIC", webJpeg: true }, "originals")).toBe("IMG_0001.HEIC");
  });
});
