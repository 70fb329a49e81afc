import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type * as DeliveryRules from "./delivery_rules.js";

const require = createRequire(import.meta.url);
const rules = require("./delivery_rules.js") as typeof DeliveryRules;
const base = { mode: "originals", pinRequired: false, pinVerified: false, field: "original", download: "" };

describe("decideFile", () => {
  it("treats a blank or unknown mode as originals (today's behaviour)", () => {
    expect(rules.modeOf("")).toBe("originals");
    expect(rules.decideFile({ ...base, mode: "" }).ok).toBe(true);
  });

  it("leaves viewing sizes open in every mode and without the PIN", () => {
    for (const mode of ["off", "web", "originals"]) expect(rules.decideFile({ ...base, mode, field: "preview", pinRequired: true }).ok).toBe(true);
  });

  it("refuses originals unless the mode is originals, and every download when off", () => {
    expect(rules.decideFile({ ...base, mode: "web" })).toMatchObject({ ok: false, reason: "originals" });
    expect(rules.decideFile({ ...base, mode: "off", field: "preview", download: "zip" })).toMatchObject({ ok: false, reason: "off" });
    expect(rules.decideFile({ ...base, mode: "web", field: "preview", download: "single" }).ok).toBe(true);
  });

  it("asks for the PIN before a download until it is proven", () => {
    expect(rules.decideFile({ ...base, pinRequired: true })).toMatchObject({ ok: false, reason: "pin" });
    expect(rules.decideFile({ ...base, pinRequired: true, pinVerified: true }).ok).toBe(true);
  });

  it("accepts exactly four digits as a PIN", () => {
    expect(["1234", "0000"].every(rules.isPinFormat)).toBe(true);
    expect(["123", "12345", "12a4", "", 1234].some(rules.isPinFormat)).toBe(false);
  });
});

describe("originalFile (issue 25: originals as shot or as JPEG)", () => {
  const ask = { originalsAs: "jpeg", hasJpeg: true, asked: "" as const, isOwner: false };

  it("serves the full-size JPEG when the gallery says JPEG and the photo has one", () => {
    expect(rules.originalFile(ask)).toEqual({ ok: true, field: "jpeg" });
  });

  it("serves the original as shot until the photo has its JPEG, and always in an as-shot gallery", () => {
    expect(rules.originalFile({ ...ask, hasJpeg: false })).toEqual({ ok: true, field: "original" });
    for (const originalsAs of ["shot", ""]) expect(rules.originalFile({ ...ask, originalsAs })).toEqual({ ok: true, field: "original" });
  });

  it("refuses a visitor the other format than the gallery's", () => {
    expect(rules.originalFile({ ...ask, asked: "original" })).toMatchObject({ ok: false, status: 403, reason: "format" });
    expect(rules.originalFile({ ...ask, originalsAs: "shot", asked: "jpeg" })).toMatchObject({ ok: false, status: 403, reason: "format" });
    expect(rules.originalFile({ ...ask, asked: "jpeg" })).toEqual({ ok: true, field: "jpeg" });
  });

  it("gives the owner the original unless the JPEG is asked for", () => {
    expect(rules.originalFile({ ...ask, isOwner: true })).toEqual({ ok: true, field: "original" });
    expect(rules.originalFile({ ...ask, originalsAs: "shot", asked: "jpeg", isOwner: true })).toEqual({ ok: true, field: "jpeg" });
  });

  it("names the JPEG after the original's stem", () => {
    expect(rules.jpegName("IMG_0001.HEIC")).toBe("IMG_0001.jpg");
    expect(rules.jpegName("scan.v2.tiff")).toBe("scan.v2.jpg");
  });
  it("names a clip's web version after the original's stem, and counts a download from its first byte (issue 38)", () => {
    expect(rules.webVideoName("First Dance.MOV")).toBe("First Dance.mp4");
    expect(rules.webVideoName("")).toBe("clip.mp4");
    expect(rules.countsAsDownload("single", null)).toBe(true);
    expect(rules.countsAsDownload("zip", "bytes=0-")).toBe(true);
    expect(rules.countsAsDownload("single", "bytes=5000-")).toBe(false);
    expect(rules.countsAsDownload("", null)).toBe(false);
  });
});
