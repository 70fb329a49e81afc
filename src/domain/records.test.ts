import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type * as Registry from "../../pb_hooks/lib/records/sync_registry.js";
import { SYNCED_FIELDS, sameValue, toPbDate } from "./records";

const require = createRequire(import.meta.url);
const serverRegistry = require("../../pb_hooks/lib/records/sync_registry.js") as typeof Registry;

describe("synced fields", () => {
  it("are the same lists on the device and in the server's newest-wins hook (one registry, read by require and by the Vite plugin)", () => {
    expect(SYNCED_FIELDS).toEqual(serverRegistry.SYNCED_FIELDS);
    expect(Object.keys(SYNCED_FIELDS)).toEqual(["clients", "sets", "images", "settings", "proof_lists", "proof_states", "proof_people"]);
  });
});

describe("toPbDate", () => {
  it("turns a date input's value into PocketBase's form and keeps blank blank", () => {
    expect(toPbDate("2026-06-01")).toBe("2026-06-01 00:00:00.000Z");
    expect(toPbDate("2026-06-01 00:00:00.000Z")).toBe("2026-06-01 00:00:00.000Z");
    expect(toPbDate("")).toBe("");
    expect(() => toPbDate("not a date")).toThrow();
  });
});

describe("sameValue: synced values compare as JSON values", () => {
  it("an object whose keys the server returns in another order is the same value", () => {
    const device = { watermark: "text:Studio", exif: { make: "Canon", iso: 400 } };
    const server = { exif: { iso: 400, make: "Canon" }, watermark: "text:Studio" };
    expect(sameValue(device, server)).toBe(true);
    expect(sameValue(device, { ...server, watermark: "none" })).toBe(false);
    expect(sameValue(null, undefined)).toBe(true);
  });
});
