import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type * as Rules from "./rules.js";

const require = createRequire(import.meta.url);
// pb_hooks/lib is plain CommonJS (PocketBase's JS VM); these rules use no PocketBase globals.
const rules = require("./rules.js") as typeof Rules;

const HOUR = 60 * 60 * 1000;

describe("galleryState", () => {
  const now = Date.parse("2026-06-15T12:00:00Z");
  it("answers a disabled gallery like an unknown one", () => {
    expect(rules.galleryState(null, now)).toBe("missing");
    expect(rules.galleryState({ enabled: false, expirationDate: "" }, now)).toBe("missing");
  });
  it("is expired only when the expiry is earlier than now", () => {
    expect(rules.galleryState({ enabled: true, expirationDate: "2026-06-15 11:00:00.000Z" }, now)).toBe("expired");
    expect(rules.galleryState({ enabled: true, expirationDate: "2026-06-16 00:00:00.000Z" }, now)).toBe("open");
    expect(rules.galleryState({ enabled: true, expirationDate: "" }, now)).toBe("open");
  });
});

describe("brute-force budget", () => {
  const t0 = Date.parse("2026-06-15T12:00:00Z");
  const YEAR = 365 * 24 * HOUR;
  it("lets an address try five codes freely, then doubles its wait up to a week", () => {
    expect([1, 4, 5, 6, 7].map(rules.waitAfterFailures)).toEqual([0, 0, 60_000, 120_000, 240_000]);
    expect(rules.waitAfterFailures(40)).toBe(7 * 24 * HOUR);
  });
  it("refuses an address while it must wait, and forgets after 90 quiet days", () => {
    const after5 = { failures: 5, nextAt: t0 + 60_000, lastAt: t0 };
    expect(rules.addressBeforeAttempt(after5, t0 + 1000)).toEqual({ allowed: false, retryAfterMs: 59_000 });
    expect(rules.addressBeforeAttempt(after5, t0 + 60_000).next?.failures).toBe(6);
    expect(rules.addressBeforeAttempt(after5, t0 + 90 * 24 * HOUR).next?.failures).toBe(1);
  });
  it("gives one address at most 83 checked codes a year, whatever its timing", () => {
    let best = 0;
    for (let ramp = 1; ramp <= 60; ramp++) {
      let t = t0, n = 0, inRun = 0;
      let g: { failures: number; nextAt: number; lastAt: number } | null = null;
      while (t <= t0 + YEAR) {
        const a = rules.addressBeforeAttempt(g, t);
        if (!a.allowed) {
          t = g!.nextAt;
          continue;
        }
        n++;
        inRun++;
        g = a.next!;
        if (inRun >= ramp) {
          t = g.lastAt + rules.GUARD.FORGET_AFTER_MS; // rest until forgotten, then start over
          inRun = 0;
        }
      }
      best = Math.max(best, n);
    }
    expect(best).toBeLessThanOrEqual(83);
  });
  it("keys IPv6 addresses by their /64", () => {
    expect(rules.addressMaterial("2001:db8:a:b:1:2:3:4")).toBe(rules.addressMaterial("2001:db8:a:b::9"));
    expect(rules.addressMaterial("::ffff:10.0.0.1")).toBe("10.0.0.1");
  });
  it("reads an IPv4-mapped IPv6 address as its IPv4 address in every spelling (PocketBase writes them expanded)", () => {
    // What PocketBase's realIP() returns for ::ffff:192.0.2.1 behind a trusted proxy (netip StringExpanded).
    const spellings = [
      "0000:0000:0000:0000:0000:ffff:c000:0201",
      "0:0:0:0:0:ffff:c000:201",
      "::ffff:c000:201",
      "::FFFF:C000:0201",
      "::ffff:192.0.2.1",
      "0:0:0:0:0:ffff:192.0.2.1",
      "[::ffff:192.0.2.1]",
      " 192.0.2.1 ",
    ];
    for (const ip of spellings) {
      expect(rules.addressMaterial(ip), ip).toBe("192.0.2.1");
      expect(rules.networkMaterial(ip), ip).toBeNull();
    }
    expect(rules.addressMaterial("0000:0000:0000:0000:0000:ffff:c000:0202")).toBe("192.0.2.2");
    // Not mapped: an ordinary IPv6 address that merely ends like one stays keyed by its /64 and /48.
    expect(rules.addressMaterial("2001:0db8:0000:0000:0000:ffff:c000:0201")).toBe("2001:db8:0:0::/64");
    expect(rules.networkMaterial("2001:0db8:0000:0000:0000:ffff:c000:0201")).toBe("2001:db8:0::/48");
  });
  it("spells an address one way, so a setting's ::1 matches PocketBase's expanded remote address", () => {
    expect(rules.canonicalAddress("0000:0000:0000:0000:0000:0000:0000:0001")).toBe(rules.canonicalAddress("::1"));
    expect(rules.canonicalAddress("0000:0000:0000:0000:0000:ffff:7f00:0001")).toBe("127.0.0.1");
    expect(rules.canonicalAddress(" 127.0.0.1")).toBe("127.0.0.1");
    expect(rules.canonicalAddress("2001:db8::1")).not.toBe(rules.canonicalAddress("2001:db8::2"));
  });
  it("groups IPv6 addresses by their routed /48, and IPv4 ones not at all", () => {
    expect(rules.networkMaterial("2001:db8:a:b:1:2:3:4")).toBe("2001:db8:a::/48");
    expect(rules.networkMaterial("2001:0db8:000a:ffff::1")).toBe(rules.networkMaterial("2001:db8:a::9"));
    expect(rules.networkMaterial("2001:db8:b::1")).not.toBe(rules.networkMaterial("2001:db8:a::1"));
    expect(rules.networkMaterial("10.0.0.1")).toBeNull();
    expect(rules.networkMaterial("::ffff:10.0.0.1")).toBeNull();
  });
});

describe("access urls and tokens", () => {
  it("refuses reserved and malformed access urls", () => {
    expect(rules.isValidAccessUrl("abc123defg")).toBe(true);
    expect(rules.isValidAccessUrl("image")).toBe(false);
    expect(rules.isValidAccessUrl("access")).toBe(false);
    expect(rules.isValidAccessUrl("../etc")).toBe(false);
    expect(rules.isValidAccessUrl("UPPER")).toBe(false);
  });
  it("derives a different token key when the access code changes", () => {
    expect(rules.galleryTokenKey("s", "client1", "CODE01")).not.toBe(rules.galleryTokenKey("s", "client1", "CODE02"));
    expect(rules.galleryTokenKey("s", "client1", "CODE01")).not.toBe(rules.galleryTokenKey("s", "client2", "CODE01"));
  });
  it("pages from 1 with 12 a page by default and caps the limit", () => {
    expect(rules.parsePaging(undefined, undefined)).toEqual({ page: 1, limit: 12, offset: 0 });
    expect(rules.parsePaging("3", "12")).toEqual({ page: 3, limit: 12, offset: 24 });
    expect(rules.parsePaging("0", "9999")).toEqual({ page: 1, limit: 200, offset: 0 });
  });
});
