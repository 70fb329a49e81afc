import { createHash, webcrypto } from "node:crypto";
import { describe, expect, it } from "vitest";
import { solvePow, zeroBits } from "./solvePow";

describe("solvePow", () => {
  it("finds a nonce whose SHA-256 starts with the asked zero bits, reporting progress", async () => {
    const seen: number[] = [];
    const c = { challenge: "1.abcdefgh12.12.code-only", signature: "s", bits: 12 };
    const s = await solvePow(c, (f) => seen.push(f), webcrypto.subtle as SubtleCrypto);
    expect(zeroBits(createHash("sha256").update(`${c.challenge}:${s.nonce}`).digest())).toBeGreaterThanOrEqual(12);
    expect(s).toMatchObject({ challenge: c.challenge, signature: "s" });
    expect(seen.every((f) => f > 0 && f < 1)).toBe(true);
  });
});
