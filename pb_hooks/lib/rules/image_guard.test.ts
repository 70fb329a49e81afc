import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { avifIspe, gifHeader, jpegHeader, pngHeader, tiffIfdAtEnd, webpVp8x } from "../../../tests/server/image-bytes";
import { encodePng } from "../../../scripts/lib/png.mjs";
import type * as Guard from "./image_guard.js";

const require = createRequire(import.meta.url);
const guard = require("./image_guard.js") as typeof Guard;

const head = (b: Buffer) => b.subarray(0, guard.HEADER_BYTES);
const readAt = (b: Buffer) => (offset: number, length: number) => b.subarray(offset, offset + length);

describe("image headers read by the server", () => {
  it("reads the format and size of every format the app imports, from the header alone", () => {
    const cases: Array<[Buffer, string, number, number]> = [
      [pngHeader(14000, 14000), "png", 14000, 14000],
      [jpegHeader(6000, 4000), "jpeg", 6000, 4000],
      [gifHeader(640, 480), "gif", 640, 480],
      [webpVp8x(12000, 9000), "webp", 12000, 9000],
      [avifIspe(8000, 6000), "avif", 8000, 6000],
    ];
    for (const [bytes, format, w, h] of cases) expect(guard.readImageHeader(head(bytes))).toMatchObject({ format, width: w, height: h });
  });

  it("walks a JPEG's markers past the first bytes to its size", () => {
    const j = jpegHeader(12000, 9000);
    const twoExifBlocks = Buffer.concat([j.subarray(0, 2 + 65_004), j.subarray(2)]);
    expect(guard.readImageHeader(head(twoExifBlocks), readAt(twoExifBlocks))).toMatchObject({ format: "jpeg", width: 12000, height: 9000 });
  });

  it("finds a TIFF's first directory after the pixel data", () => {
    const tiff = tiffIfdAtEnd(12000, 9000);
    expect(guard.readImageHeader(head(tiff), readAt(tiff))).toMatchObject({ format: "tiff", width: 12000, height: 9000 });
    expect(guard.checkImage(head(tiff))).toMatchObject({ ok: false, code: "validation_image_size_unknown" });
  });

  it("allows 100 megapixels and refuses one pixel row more", () => {
    expect(guard.checkImage(pngHeader(10000, 10000))).toMatchObject({ ok: true });
    const over = guard.checkImage(pngHeader(10000, 10001));
    expect(over).toMatchObject({ ok: false, code: "validation_too_many_pixels" });
    expect(over.ok ? "" : over.message).toContain("100 megapixels");
  });

  it("refuses bytes that are no image, and a PNG signature without its header", () => {
    expect(guard.checkImage(Buffer.from("alert(document.cookie)"))).toMatchObject({ ok: false, code: "validation_not_an_image" });
    expect(guard.checkImage(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, 0, 0]))).toMatchObject({ ok: false, code: "validation_image_size_unknown" });
  });

  it("names a stored file after what its bytes are, and serves only image and clip types", () => {
    expect(guard.withExtension("evil_abc123.js", ".gif")).toBe("evil_abc123.gif");
    expect(guard.withExtension("noext", ".png")).toBe("noext.png");
    expect(guard.servedContentType("image/gif")).toBe("image/gif");
    expect(guard.servedContentType("text/javascript; charset=utf-8")).toBe("application/octet-stream");
    expect(guard.servedContentType("video/quicktime")).toBe("video/quicktime"); // a clip (issue 38)
    expect(guard.servedContentType("video/x-msvideo")).toBe("application/octet-stream");
    expect(guard.contentTypeOfName("evil_abc123.gif")).toBe("image/gif");
    expect(guard.contentTypeOfName("evil_abc123.js")).toBe("application/octet-stream");
  });
});

describe("a whole logo (issue 37)", () => {
  it("ends a PNG with its IEND chunk and a JPEG with its end-of-image marker, padding allowed", () => {
    const png = Buffer.from(encodePng(4, 3, () => [1, 2, 3, 255]));
    expect(guard.endsWhole("png", png.subarray(-64))).toBe(true);
    expect(guard.endsWhole("png", png.subarray(0, 24))).toBe(false);
    expect(guard.endsWhole("png", png.subarray(0, png.length - 1))).toBe(false);
    expect(guard.endsWhole("jpeg", [0xff, 0xda, 1, 2, 0xff, 0xd9])).toBe(true);
    expect(guard.endsWhole("jpeg", [0xff, 0xd9, 0, 0, 0])).toBe(true);
    expect(guard.endsWhole("jpeg", [0xff, 0xd8, 0xff, 0xe0, 0, 16])).toBe(false);
    expect(guard.endsWhole("gif", [0x3b])).toBe(false);
  });
});
