import { describe, expect, it } from "vitest";
import { changedFields } from "./outbox";

describe("changedFields", () => {
  it("sees no edit in metadata whose keys come in another order", () => {
    const row: { filename: string; metadata: Record<string, unknown> } = { filename: "a.jpg", metadata: { watermark: "none", exif: { iso: 100, make: "X" } } };
    expect(changedFields(row, { metadata: { exif: { make: "X", iso: 100 }, watermark: "none" } })).toEqual({});
    expect(changedFields(row, { metadata: { watermark: "text:S" }, filename: "a.jpg" })).toEqual({ metadata: { watermark: "text:S" } });
  });
});
