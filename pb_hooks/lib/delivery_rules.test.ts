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
