import { describe, expect, it } from "vitest";
import { isobmffMime, isoFrom1904, readBoxFacts } from "./isobmff";

function box(type: string, body: Uint8Array = new Uint8Array(0), declared?: number): Uint8Array {
  const out = new Uint8Array(8 + body.length);
  new DataView(out.buffer).setUint32(0, declared ?? out.length);
  out.set([...type].map((c) => c.charCodeAt(0)), 4);
  out.set(body, 8);
  return out;
}
/** An mvhd (version 0) with the given creation time, seconds since 1904. */
function mvhd(created: number): Uint8Array {
  const body = new Uint8Array(100);
  new DataView(body.buffer).setUint32(4, created);
  return box("mvhd", body);
}
const ftyp = (brand = "isom") => box("ftyp", new Uint8Array([...brand].map((c) => c.charCodeAt(0)).concat([0, 0, 2, 0])));
const file = (...parts: Uint8Array[]) => new Blob(parts as BlobPart[]);
// 2025-06-14T15:30:00Z in seconds since 1904-01-01.
const JUNE_2025 = Date.UTC(2025, 5, 14, 15, 30) / 1000 + 2_082_844_800;

describe("the top-level boxes of an MP4", () => {
  it("sees the index before the media data (fast start) and the creation time", async () => {
    expect(await readBoxFacts(file(ftyp(), box("moov", mvhd(JUNE_2025)), box("mdat", new Uint8Array(64))))).toEqual({
      fastStart: true,
      truncated: false,
      createdAt: "2025-06-14T15:30:00.000Z",
    });
  });
  it("sees the index after the media data (a camera's file)", async () => {
    expect(await readBoxFacts(file(ftyp(), box("mdat", new Uint8Array(64)), box("moov", mvhd(0))))).toMatchObject({ fastStart: false, truncated: false, createdAt: "" });
  });
  it("calls a file truncated when a box runs past its end or the index is missing", async () => {
    expect((await readBoxFacts(file(ftyp(), box("moov", mvhd(0)), box("mdat", new Uint8Array(64), 4096)))).truncated).toBe(true);
    expect((await readBoxFacts(file(ftyp(), box("mdat", new Uint8Array(64))))).truncated).toBe(true);
  });
  it("tells an M4V by its brand", async () => {
    expect(await isobmffMime(file(ftyp("M4V "), box("moov")))).toBe("video/x-m4v");
    expect(await isobmffMime(file(ftyp("mp42"), box("moov")))).toBe("video/mp4");
  });
  it("leaves out a camera clock that was never set", () => {
    expect(isoFrom1904(0)).toBe("");
    expect(isoFrom1904(1000)).toBe("");
  });
});
