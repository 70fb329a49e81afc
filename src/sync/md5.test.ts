/** MD5 as S3's Content-MD5 wants it: the same digest as Node's, at every padding edge. */
import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentMd5 } from "./md5";

describe("contentMd5", () => {
  it("matches Node's MD5 for RFC 1321's examples and lengths around each block's end", () => {
    expect(contentMd5(new TextEncoder().encode("abc"))).toBe("kAFQmDzST7DWlj99KOF/cg==");
    for (const n of [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 1000, 100_003]) {
      const bytes = new Uint8Array(randomBytes(n));
      expect(contentMd5(bytes), `${n} bytes`).toBe(createHash("md5").update(bytes).digest("base64"));
    }
  });
});
