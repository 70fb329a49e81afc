import { describe, expect, it } from "vitest";
import { convertedName, formatFor, standaloneFormats } from "./convert-formats";

describe("convert formats", () => {
  it("falls back to JPEG for an unknown format and names files with the format's extension", () => {
    expect(formatFor("bmp")).toMatchObject({ id: "jpeg", extension: ".jpg", mimeType: "image/jpeg" });
    expect(convertedName("IMG_1.JPG", formatFor("webp"))).toBe("IMG_1.webp");
    expect(convertedName("scan.final.tif", formatFor("tiff"))).toBe("scan.final.tiff");
    expect(convertedName("noext", formatFor("avif"))).toBe("noext.avif");
    expect(convertedName("keep.gif", formatFor("original"))).toBe("keep.gif");
    expect(standaloneFormats().map((f) => f.id)).toEqual(["jpeg", "png", "webp", "avif", "tiff"]);
  });
});
