import { describe, expect, it } from "vitest";
import { CLIP_ACCEPT, hasClipBytes, isClipName, sniffClip } from "./clipFiles";

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

describe("which files are clips", () => {
  it("takes MP4, MOV, M4V and WebM by name, in any case, and offers them in the file chooser", () => {
    for (const name of ["a.mp4", "B.MOV", "c.m4v", "d.WebM"]) expect(isClipName(name), name).toBe(true);
    for (const name of ["a.jpg", "mp4", "a.mkv", "a.avi", "a.mp4.zip"]) expect(isClipName(name), name).toBe(false);
    expect(CLIP_ACCEPT.split(",")).toEqual(expect.arrayContaining([".mp4", ".mov", ".m4v", ".webm", "video/mp4", "video/quicktime", "video/x-m4v", "video/webm"]));
  });

  it("tells a clip by its first bytes: an ISO or QuickTime box, or WebM's EBML; anything else is not one", async () => {
    expect(sniffClip(new Uint8Array([0, 0, 0, 0x18, ...ascii("ftypqt  ")]))).toBe("iso");
    expect(sniffClip(new Uint8Array([0, 0, 0, 8, ...ascii("wide")]))).toBe("iso");
    expect(sniffClip(new Uint8Array([0, 0, 0, 8, ...ascii("moov")]))).toBe("iso");
    expect(sniffClip(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]))).toBe("webm");
    expect(sniffClip(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]))).toBeNull(); // a JPEG
    expect(sniffClip(new Uint8Array(ascii("<!doctype html>")))).toBeNull();
    expect(sniffClip(new Uint8Array([0, 0]))).toBeNull();
    expect(await hasClipBytes(new Blob([new Uint8Array([0, 0, 0, 0x20, ...ascii("ftypmp42")])]))).toBe(true);
    expect(await hasClipBytes(new Blob(["PK\u0003\u0004 a zip"]))).toBe(false);
  });
});
