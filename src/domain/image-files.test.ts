/** The names downloads get: web size is named for what it is (issue 25), originals keep their own name. */
import { describe, expect, it } from "vitest";
import { deliveredName, downloadName } from "./image-files";

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
    expect(downloadName({ originalName: "IMG_0001.HEIC", mimeType: "image/heic" }, "originals")).toBe("IMG_0001.HEIC");
    expect(downloadName({ originalName: "Bridge.JPEG", mimeType: "image/jpeg" }, "originals")).toBe("Bridge.JPEG");
    expect(downloadName({ originalName: "scan.tiff", mimeType: "image/tiff" }, "originals")).toBe("scan.tiff");
  });

  it("gives an original the extension of what its bytes are, whatever it was imported as (issue 37)", () => {
    expect(downloadName({ originalName: "invoice.hta", mimeType: "image/png" }, "originals")).toBe("invoice.png");
    expect(downloadName({ originalName: "photo.png", mimeType: "image/jpeg" }, "originals")).toBe("photo.jpg");
    expect(downloadName({ originalName: "noext", mimeType: "image/webp" }, "originals")).toBe("noext.webp");
    expect(downloadName({ originalName: "x.heif", mimeType: "image/heic" }, "originals", "jpeg")).toBe("x.heif");
  });
});

describe("deliveredName", () => {
  it("keeps a name whose extension is its type's, and replaces any other", () => {
    expect(deliveredName({ originalName: "a.jpe", mimeType: "image/jpeg" })).toBe("a.jpe");
    expect(deliveredName({ originalName: "a.exe", mimeType: "image/gif" })).toBe("a.gif");
    expect(deliveredName({ originalName: "a.exe", mimeType: "" })).toBe("a.exe"); // type unknown: nothing to go by
  });
  it("names a clip's download: its web version as an MP4 in web mode, else as shot (issue 38)", () => {
    const clip = { originalName: "First Dance.MOV", mimeType: "video/quicktime", kind: "video" };
    expect(downloadName({ ...clip, webStatus: "made" }, "web")).toBe("First Dance.mp4");
    expect(downloadName({ ...clip, webStatus: "unsupported" }, "web")).toBe("First Dance.MOV");
    expect(downloadName({ ...clip, webStatus: "made" }, "originals", "jpeg")).toBe("First Dance.MOV");
  });
});
