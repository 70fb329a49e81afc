/** What sendInParts tells the server about a file (issue 38); the parts themselves are tested against the real server (tests/server/uploads-resume.test.ts). */
import { describe, expect, it } from "vitest";
import { sha256Hex, typeOf } from "./uploadParts";

describe("uploadParts", () => {
  it("names a clip's type from its Blob, else from its name's extension", () => {
    expect(typeOf(new Blob([], { type: "video/quicktime" }), "a.mp4")).toBe("video/quicktime");
    expect(typeOf(new Blob([]), "IMG_0001.MOV")).toBe("video/quicktime");
    expect(typeOf(new Blob([]), "film.m4v")).toBe("video/x-m4v");
    expect(typeOf(new Blob([]), "notes")).toBe("application/octet-stream");
  });

  it("hashes with WebCrypto's SHA-256", async () => {
    expect(await sha256Hex(new TextEncoder().encode("abc").buffer)).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
