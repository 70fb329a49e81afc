import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type * as Contract from "./contract.js";
import * as app from "../../../src/domain/contract";
import { generateAccessCode, generateAccessUrl } from "../../../src/domain/access";
import { galleryStatus } from "../../../src/domain/gallery-status";
import { DEFAULT_EVENT_TYPE, DEFAULT_PRIMARY_COLOR, EVENT_TYPES } from "../../../src/domain/records";

const require = createRequire(import.meta.url);
// The server's view: the plain CommonJS file as PocketBase's VM requires it.
const server = require("./contract.js") as typeof Contract;
// Rules.js re-exports parts of the contract for the hooks.
const rules = require("./rules.js") as Record<string, unknown>;

const CODES = ["ab-12 cd", " AB12CD ", "ab12cd", "x", "", "  ", "ÄBC-12", "a\tb\nc", "123456", "ABCDEF", "A1B2C3D4"];
const URLS = ["access", "image", "studio", "abcdefghij", "smith-wedding", "Abc", "a/b", "", "x".repeat(65)];

describe("one contract for app and server", () => {
  it("has the same constants on both sides", () => {
    for (const key of Object.keys(server) as (keyof typeof server)[]) {
      if (typeof server[key] === "function") continue;
      expect({ key, value: (app as Record<string, unknown>)[key] }).toEqual({ key, value: server[key] });
    }
    expect(server.ACCESS_CODE_ALPHABET).toBe("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
    expect(server.ACCESS_CODE_LENGTH).toBe(6);
    expect(server.ACCESS_URL_LENGTH).toBe(10);
    expect(server.RESERVED_ACCESS_URLS).toEqual(expect.arrayContaining(["access", "image", "studio"]));
    expect(server.DEFAULT_PRIMARY_COLOR).toBe("#6d28d9");
    expect([DEFAULT_EVENT_TYPE, DEFAULT_PRIMARY_COLOR, EVENT_TYPES]).toEqual([
      server.DEFAULT_EVENT_TYPE,
      server.DEFAULT_PRIMARY_COLOR,
      server.EVENT_TYPES,
    ]);
    for (const key of ["ACCESS_CODE_ALPHABET", "ACCESS_CODE_LENGTH", "ACCESS_URL_ALPHABET", "ACCESS_URL_LENGTH", "RESERVED_ACCESS_URLS", "EVENT_TYPES"]) {
      expect(rules[key]).toEqual(server[key as keyof typeof server]);
    }
  });

  it("writes and reads PocketBase's date form alike", () => {
    const ms = Date.UTC(2026, 0, 2, 3, 4, 5);
    expect(server.pbDateAt(ms)).toBe("2026-01-02 03:04:05.000Z");
    expect(app.pbDateAt(new Date(ms))).toBe(server.pbDateAt(ms));
    expect(app.parsePbDate(server.pbDateAt(ms))).toBe(ms);
    expect(rules.pbDateAt).toBe(server.pbDateAt);
  });

  it("normalises codes and judges their strength alike", () => {
    for (const c of CODES) {
      expect(app.normalizeAccessCode(c)).toBe(server.normalizeAccessCode(c));
      expect(app.accessCodeStrength(c)).toBe(server.accessCodeStrength(c));
    }
    expect(server.normalizeAccessCode(" ab-12 cd ")).toBe("AB12CD");
    expect(server.accessCodeStrength("AB12")).toBe("weak");
    expect(server.accessCodeStrength("123456")).toBe("weak");
    expect(server.accessCodeStrength("AB12CD")).toBe("strong");
    expect(server.accessCodeStrength("ABCDEF")).toBe("strong");
    expect(server.accessCodeStrength("123456789")).toBe("strong");
    expect(server.accessCodeStrength("")).toBe("empty");
  });

  it("accepts and reserves the same access URLs", () => {
    for (const u of URLS) expect(app.isValidAccessUrl(u)).toBe(server.isValidAccessUrl(u));
    expect(server.isValidAccessUrl("studio")).toBe(false);
    expect(server.isValidAccessUrl("smith-wedding")).toBe(true);
  });

  it("gives the same gallery status on the dashboard and at the server's door", () => {
    const now = Date.parse("2026-06-15T12:00:00Z");
    const cases = [
      { enabled: false, expirationDate: "2030-01-01 00:00:00.000Z" },
      { enabled: true, expirationDate: "2026-06-15 11:59:59.000Z" },
      { enabled: true, expirationDate: "2026-06-15 12:00:01.000Z" },
      { enabled: true, expirationDate: "" },
    ];
    for (const g of cases) {
      const status = galleryStatus(g, new Date(now));
      expect(status).toBe(server.galleryStatus(g, now));
      const state = (rules.galleryState as (c: unknown, n: number) => string)(g, now);
      expect(state).toBe({ Dormant: "missing", Expired: "expired", Active: "open" }[status]);
    }
  });

  it("generates codes and URLs that the contract's own rules accept", () => {
    for (let i = 0; i < 50; i++) {
      const code = generateAccessCode();
      expect(code).toMatch(new RegExp(`^[${server.ACCESS_CODE_ALPHABET}]{${server.ACCESS_CODE_LENGTH}}$`));
      expect(server.normalizeAccessCode(code)).toBe(code);
      if (/[A-Z]/.test(code)) expect(server.accessCodeStrength(code)).toBe("strong");
      const url = generateAccessUrl();
      expect(url).toHaveLength(server.ACCESS_URL_LENGTH);
      expect(server.isValidAccessUrl(url)).toBe(true);
    }
  });
});

describe("expiry at the end of the chosen day in the studio's time zone", () => {
  it("closes at the next midnight there, daylight saving included", () => {
    expect(new Date(app.endOfDayInZone("2026-11-25", "America/Los_Angeles")).toISOString()).toBe("2026-11-26T08:00:00.000Z");
    expect(new Date(app.endOfDayInZone("2026-03-08", "America/Los_Angeles")).toISOString()).toBe("2026-03-09T07:00:00.000Z");
    expect(new Date(app.endOfDayInZone("2026-06-30", "Europe/Berlin")).toISOString()).toBe("2026-06-30T22:00:00.000Z");
    expect(new Date(app.endOfDayInZone("2026-11-25", "UTC")).toISOString()).toBe("2026-11-26T00:00:00.000Z");
  });
  it("shows the stored instant as the chosen day, and is open at 4 pm in California that day", () => {
    const closes = app.endOfDayInZone("2026-11-25", "America/Los_Angeles");
    expect(app.expiryDay(new Date(closes).toISOString(), "America/Los_Angeles")).toBe("2026-11-25");
    const fourPm = Date.parse("2026-11-26T00:00:00Z"); // 4 pm on November 25 in Los Angeles
    const stored = new Date(closes).toISOString().replace("T", " ");
    expect(server.galleryStatus({ enabled: true, expirationDate: stored }, fourPm)).toBe("Active");
    expect(server.galleryStatus({ enabled: true, expirationDate: stored }, closes + 1)).toBe("Expired");
  });
});
