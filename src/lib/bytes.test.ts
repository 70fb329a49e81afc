import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { asciiAt, concatBytes, inflateBytes } from "./bytes";

describe("byte helpers", () => {
  it("concatenate, read text and inflate", async () => {
    expect([...concatBytes([new Uint8Array([1, 2]), new Uint8Array([]), new Uint8Array([3])])]).toEqual([1, 2, 3]);
    expect(asciiAt(new TextEncoder().encode("..RIFF.."), 2, 4)).toBe("RIFF");
    const text = "a PNG text chunk";
    expect(new TextDecoder().decode(await inflateBytes(deflateSync(Buffer.from(text))))).toBe(text);
  });
});
