/**
 * A file entering the converter is read once and decoded once (issue 38): its header, its metadata and its
 * pixels all come from one read of its bytes, and its pixels from one decode. Counted on a TIFF (the decoder
 * is ours, so Node runs it): the reads of the input Blob, and UTIF's parses and pixel decodes.
 */
import sharp from "sharp";
import * as UTIF from "utif2";
import { afterEach, describe, expect, it, vi } from "vitest";
import { convertImage } from "./convertImage";
import { writeTiff } from "./writeTiff";

vi.mock("utif2", async (original) => {
  const utif = await original<typeof UTIF>();
  return { ...utif, decode: vi.fn(utif.decode), decodeImage: vi.fn(utif.decodeImage) };
});

/** A Blob that counts how often its bytes are asked for (whole or a slice). */
class CountingBlob extends Blob {
  reads = 0;
  override arrayBuffer() {
    this.reads++;
    return super.arrayBuffer();
  }
  override bytes() {
    this.reads++;
    return super.bytes();
  }
  override stream() {
    this.reads++;
    return super.stream();
  }
  override text() {
    this.reads++;
    return super.text();
  }
  override slice(start?: number, end?: number, type?: string) {
    this.reads++;
    return super.slice(start, end, type);
  }
}

/** ImageData as the worker has it (Node has none): the converter's 8-bit pixels of a TIFF come in one. */
class NodeImageData {
  constructor(
    readonly data: Uint8ClampedArray,
    readonly width: number,
    readonly height: number,
  ) {}
}

/** A Deflate TIFF naming its artist (libvips writes no Artist tag into a TIFF: our writer, tested on its own, does). */
async function cameraTiff(): Promise<CountingBlob> {
  const data = new Uint8Array(48 * 32 * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 7) % 251));
  const artist = { tag: 315, type: 2, values: new TextEncoder().encode("Ada Artist\0") };
  const tiff = await writeTiff({ width: 48, height: 32, data }, { tags: [artist] });
  return new CountingBlob([await tiff.arrayBuffer()], { type: "image/tiff" });
}

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe("a TIFF entering the converter", () => {
  it("is read once and decoded once on its way to a TIFF for print, its metadata carried", async () => {
    const file = await cameraTiff();
    const out = await convertImage(file, "shoot.tif", { format: "tiff", quality: 90, lossless: true });
    expect({ reads: file.reads, parses: vi.mocked(UTIF.decode).mock.calls.length, decodes: vi.mocked(UTIF.decodeImage).mock.calls.length }).toEqual({ reads: 1, parses: 1, decodes: 1 });
    const bytes = Buffer.from(await out.blob.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect({ width: meta.width, height: meta.height, name: out.name }).toEqual({ width: 48, height: 32, name: "shoot.tiff" });
    expect(bytes.toString("latin1")).toContain("Ada Artist"); // a TIFF's tags are its own: no EXIF block
  });

  it("is read once and decoded once on its way to a PNG", async () => {
    vi.stubGlobal("ImageData", NodeImageData);
    const file = await cameraTiff();
    const out = await convertImage(file, "shoot.tif", { format: "png", quality: 90, lossless: false });
    expect({ reads: file.reads, parses: vi.mocked(UTIF.decode).mock.calls.length, decodes: vi.mocked(UTIF.decodeImage).mock.calls.length }).toEqual({ reads: 1, parses: 1, decodes: 1 });
    const meta = await sharp(new Uint8Array(await out.blob.arrayBuffer())).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, name: out.name }).toEqual({ format: "png", width: 48, height: 32, name: "shoot.png" });
    expect(meta.exif?.toString("latin1")).toContain("Ada Artist");
  });
});
