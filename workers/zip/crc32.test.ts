/** CRC-32 against Node's zlib, whole and in pieces of every alignment. */
import { crc32 as zlibCrc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32, crc32Hex, crc32OfBlob } from "./crc32";

describe("crc32", () => {
  const bytes = new Uint8Array(100_003);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 13;

  it("matches zlib for every length around the 8-byte step", () => {
    for (const len of [0, 1, 7, 8, 9, 15, 16, 17, 1000, bytes.length - 3]) {
      const part = bytes.subarray(3, 3 + len);
      expect(crc32(part)).toBe(zlibCrc32(part));
    }
  });

  it("continues across pieces", () => {
    let crc = 0;
    for (let o = 0; o < bytes.length; o += 4099) crc = crc32(bytes.subarray(o, o + 4099), crc);
    expect(crc).toBe(zlibCrc32(bytes));
    expect(crc32Hex(crc)).toBe(zlibCrc32(bytes).toString(16).padStart(8, "0"));
    expect(crc32Hex(0x1f)).toBe("0000001f");
  });

  it("reads a file as a stream to the CRC the image record keeps", async () => {
    const big = new Uint8Array(3 * 1024 * 1024 + 5);
    for (let i = 0; i < big.length; i++) big[i] = (i * 2654435761) >>> 11;
    expect(await crc32OfBlob(new Blob([big]))).toBe(zlibCrc32(big).toString(16).padStart(8, "0"));
    expect(await crc32OfBlob(new Blob([]))).toBe("00000000");
  });
});
