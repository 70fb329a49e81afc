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

describe("attemptWindow", () => {
  const start = Date.parse("2026-06-15T12:00:00Z");
  const iso = (ms: number) => new Date(ms).toISOString();
  it("allows the first attempt and opens a window", () => {
    expect(rules.attemptWindow(null, start)).toEqual({ allowed: true, windowStart: start, failures: 0 });
  });
  it("refuses once ten failures fall inside the hour", () => {
    expect(rules.attemptWindow({ windowStart: iso(start), failures: 9 }, start + 1000).allowed).toBe(true);
    expect(rules.attemptWindow({ windowStart: iso(start), failures: 10 }, start + HOUR - 1).allowed).toBe(false);
  });
  it("starts a fresh window after an hour", () => {
    const next = rules.attemptWindow({ windowStart: iso(start), failures: 10 }, start + HOUR);
    expect(next).toEqual({ allowed: true, windowStart: start + HOUR, failures: 0 });
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
