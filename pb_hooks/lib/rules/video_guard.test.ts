/** A clip's first bytes say what it is (issue 38): MP4, MOV, M4V by their ftyp brands, WebM by its EBML DocType. */
import { describe, expect, it } from "vitest";
import { isVideoType, sniffVideo } from "./video_guard.js";

/** An ftyp box with `major` and `compatible` brands, then some padding. */
function ftyp(major: string, compatible: string[] = []): Uint8Array {
  const size = 16 + 4 * compatible.length;
  const b = new Uint8Array(size + 32);
  new DataView(b.buffer).setUint32(0, size);
  const text = "ftyp" + major + "\0\0\0\0" + compatible.join("");
  for (let i = 0; i < text.length; i++) b[4 + i] = text.charCodeAt(i);
  return b;
}

/** An EBML header whose DocType is `docType`. */
function ebml(docType: string): Uint8Array {
  const version = [0x42, 0x86, 0x81, 0x01];
  const doc = [0x42, 0x82, 0x80 | docType.length, ...[...docType].map((c) => c.charCodeAt(0))];
  const body = [...version, ...doc];
  return new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length, ...body, 0x18, 0x53, 0x80, 0x67]);
}

describe("sniffVideo", () => {
  it("knows MP4, MOV and M4V by their ftyp brands", () => {
    expect(sniffVideo(ftyp("isom", ["isom", "iso2", "avc1", "mp41"]))).toMatchObject({ ok: true, format: "mp4", extension: ".mp4", mimeType: "video/mp4" });
    expect(sniffVideo(ftyp("mp42"))).toMatchObject({ ok: true, format: "mp4" });
    expect(sniffVideo(ftyp("qt  ", ["qt  "]))).toMatchObject({ ok: true, format: "mov", extension: ".mov", mimeType: "video/quicktime" });
    expect(sniffVideo(ftyp("M4V ", ["M4V ", "M4A ", "mp42", "isom"]))).toMatchObject({ ok: true, format: "m4v", mimeType: "video/x-m4v" });
  });

  it("takes an unknown major brand by a compatible video brand", () => {
    expect(sniffVideo(ftyp("abcd", ["zzzz", "mp42"]))).toMatchObject({ ok: true, format: "mp4" });
    expect(sniffVideo(ftyp("abcd", ["zzzz"]))).toEqual({ ok: false, code: "validation_not_a_video" });
  });

  it("refuses an image in the same boxes (HEIC, AVIF), even with MP4 brands among its compatible ones", () => {
    expect(sniffVideo(ftyp("heic", ["mif1", "heic"])).ok).toBe(false);
    expect(sniffVideo(ftyp("avif", ["avif", "mif1", "miaf", "MA1B", "iso8"])).ok).toBe(false);
    expect(sniffVideo(ftyp("mif1", ["mif1", "isom"])).ok).toBe(false);
  });

  it("knows WebM by its EBML DocType, not Matroska", () => {
    expect(sniffVideo(ebml("webm"))).toMatchObject({ ok: true, format: "webm", extension: ".webm", mimeType: "video/webm" });
    expect(sniffVideo(ebml("matroska")).ok).toBe(false);
  });

  it("refuses text, a JPEG, an empty file and a truncated box", () => {
    const text = new TextEncoder().encode("this is a text file pretending to be a clip.mp4, with enough bytes");
    expect(sniffVideo(text)).toEqual({ ok: false, code: "validation_not_a_video" });
    expect(sniffVideo(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1])).ok).toBe(false);
    expect(sniffVideo(new Uint8Array(0)).ok).toBe(false);
    expect(sniffVideo(ftyp("isom").slice(0, 10)).ok).toBe(false);
    const small = ftyp("isom");
    new DataView(small.buffer).setUint32(0, 8);
    expect(sniffVideo(small).ok).toBe(false);
  });

  it("names video types", () => {
    expect(isVideoType("video/mp4")).toBe(true);
    expect(isVideoType("image/jpeg")).toBe(false);
    expect(isVideoType(undefined)).toBe(false);
  });
});
