import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type * as SyncRules from "./sync_rules.js";

const require = createRequire(import.meta.url);
const rules = require("./sync_rules.js") as typeof SyncRules;
const FIELDS = ["name", "email", "notes"];

describe("resolveUpdate: newest edit wins per field", () => {
  it("keeps a newer edit and records its time", () => {
    const r = rules.resolveUpdate(FIELDS, (f) => f === "name", { name: 100, email: 50 }, { name: 200 }, 999);
    expect(r).toEqual({ revert: [], times: { name: 200, email: 50 } });
  });

  it("reverts a field whose sent edit is older than the stored one", () => {
    const r = rules.resolveUpdate(FIELDS, (f) => f === "name" || f === "email", { name: 300, email: 50 }, { name: 200, email: 60 }, 999);
    expect(r.revert).toEqual(["name"]);
    expect(r.times).toEqual({ name: 300, email: 60 });
  });

  it("treats a change without a fresh time as an edit made now", () => {
    const r = rules.resolveUpdate(FIELDS, (f) => f === "notes", { notes: 300 }, { notes: 300 }, 999);
    expect(r).toEqual({ revert: [], times: { notes: 999 } });
  });

  it("ignores times sent for fields the request does not change", () => {
    const r = rules.resolveUpdate(FIELDS, () => false, { name: 1 }, { name: 5000, email: 5000 }, 999);
    expect(r).toEqual({ revert: [], times: { name: 1 } });
  });

  it("stamps every field on create", () => {
    expect(rules.timesForCreate(FIELDS, '{"name":7}', 999)).toEqual({ name: 7, email: 999, notes: 999 });
  });
});

describe("edit times from the future", () => {
  const now = Date.parse("2026-06-15T12:00:00Z");
  it("are taken as now beyond the 60 s tolerance, and kept within it", () => {
    expect(rules.clampTime(now + 60_000, now)).toBe(now + 60_000);
    expect(rules.clampTime(now + 60_001, now)).toBe(now);
  });
  it("cannot freeze a field: a later edit wins over a stored time from next year", () => {
    const stored = JSON.stringify({ enabled: now + 365 * 86_400_000 });
    const result = rules.resolveUpdate(["enabled"], () => true, stored, "{}", now);
    expect(result.revert).toEqual([]);
    expect(result.times.enabled).toBe(now);
  });
});
