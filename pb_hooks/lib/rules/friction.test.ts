import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type * as Friction from "./friction.js";

const require = createRequire(import.meta.url);
const friction = require("./friction.js") as typeof Friction;
const DAY = 24 * 3600 * 1000;
const YEAR = 365 * DAY;

/**
 * The most attempts an attacker gets in a year on one shared budget with `hashesPerSecond` of SHA-256, trying
 * as soon as the compute saved up pays the next puzzle (docs/SECURITY.md quotes these numbers).
 */
function attemptsInAYear(kind: Friction.BudgetKind, hashesPerSecond: number): number {
  let row: Friction.PressureRow | null = null;
  let bank = 0;
  let attempts = 0;
  const step = 3600 * 1000;
  for (let t = 0; t < YEAR; t += step) {
    bank += hashesPerSecond * 3600;
    for (;;) {
      const bits = friction.bitsRequired(kind, friction.pressureAt(kind, row, t));
      const cost = bits === 0 ? 0 : Math.pow(2, bits);
      if (cost > bank) break;
      bank -= cost;
      row = friction.afterAttempt(kind, row, t);
      attempts++;
    }
  }
  return attempts;
}

describe("friction on shared budgets", () => {
  it("asks nothing below the free failures, then doubles the work twice per further recent failure", () => {
    expect(friction.bitsRequired("code-only", 7.9)).toBe(0);
    expect(friction.bitsRequired("code-only", 8)).toBe(16);
    expect(friction.bitsRequired("code-only", 9)).toBe(18);
    expect(friction.bitsRequired("pin", 5)).toBe(16);
  });
  it("halves recent failures every half-life and gives a right answer's failure back", () => {
    let row: Friction.PressureRow | null = null;
    for (let i = 0; i < 10; i++) row = friction.afterAttempt("code-only", row, 0);
    expect(friction.pressureAt("code-only", row, 90 * DAY)).toBeCloseTo(5, 5);
    expect(friction.pressureAt("code-only", friction.afterRefund("code-only", row!, 0), 0)).toBeCloseTo(9, 5);
  });
  it("never asks more than 2^20 tries on the code-only route or a PIN, however high the pressure (about 21 s on a phone)", () => {
    for (const kind of ["code-only", "pin"] as const) {
      expect(friction.bitsRequired(kind, friction.BUDGETS[kind].free + 2)).toBe(20);
      expect(friction.bitsRequired(kind, 1e6)).toBe(20);
    }
    expect(friction.phoneSeconds(20)).toBeCloseTo(20.97, 2);
    expect(friction.phoneSeconds(0)).toBe(0);
    // So compute no longer bounds an attacker there: a year of 2e13 SHA-256 a second pays for 6e14 puzzles of 2^20
    // (docs/SECURITY.md: the per-address waits and the owner's switch bound those routes instead).
    expect((2e13 * YEAR) / 1000 / Math.pow(2, 20)).toBeGreaterThan(6e14);
  });
  it("holds one routed IPv6 /48 with 1,000 GPUs to at most 135 link guesses a year, 155 with a thousand times that", () => {
    expect(attemptsInAYear("net48", 2e13)).toBeLessThanOrEqual(135);
    expect(attemptsInAYear("net48", 2e16)).toBeLessThanOrEqual(155);
    // 1,000 /48s sharing the 1,000 GPUs (one each): what each of them gets
    expect(attemptsInAYear("net48", 2e10)).toBeLessThanOrEqual(115);
  });
  it("counts leading zero bits of a digest and checks a challenge's shape, scope, expiry and bits", () => {
    expect(friction.leadingZeroBits("0f")).toBe(4);
    expect(friction.leadingZeroBits("001f")).toBe(11);
    expect(friction.leadingZeroBits("8")).toBe(0);
    const challenge = friction.makeChallenge(0, "abcdefgh12", 16, "pin:abc");
    const signature = "a".repeat(64);
    expect(friction.solutionShape({ challenge, signature, nonce: "12" }, "pin:abc", 16, 1)).toMatchObject({ bits: 16 });
    expect(friction.solutionShape({ challenge, signature, nonce: "12" }, "pin:abd", 16, 1)).toBeNull();
    expect(friction.solutionShape({ challenge, signature, nonce: "12" }, "pin:abc", 18, 1)).toBeNull();
    expect(friction.solutionShape({ challenge, signature, nonce: "12" }, "pin:abc", 16, friction.CHALLENGE_TTL_MS + 1)).toBeNull();
    expect(friction.solutionShape({ challenge, signature, nonce: "1e3" }, "pin:abc", 16, 1)).toBeNull();
    expect(friction.solutionShape("junk", "pin:abc", 16, 1)).toBeNull();
    // a nonce found the way the browser finds it satisfies the server's check
    let nonce = 0;
    while (friction.leadingZeroBits(createHash("sha256").update(`${challenge}:${nonce}`).digest("hex")) < 8) nonce++;
    expect(friction.leadingZeroBits(createHash("sha256").update(`${challenge}:${nonce}`).digest("hex"))).toBeGreaterThanOrEqual(8);
  });
});
