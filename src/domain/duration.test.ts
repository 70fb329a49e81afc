import { describe, expect, it } from "vitest";
import { formatDuration } from "./duration";

describe("formatDuration", () => {
  it("reads m:ss under an hour and h:mm:ss past it, never rounding up", () => {
    expect(formatDuration(7.9)).toBe("0:07");
    expect(formatDuration(205)).toBe("3:25");
    expect(formatDuration(600)).toBe("10:00");
    expect(formatDuration(3729)).toBe("1:02:09");
  });
  it("says nothing for a length that is not one", () => {
    expect(formatDuration(undefined)).toBe("");
    expect(formatDuration(Number.NaN)).toBe("");
    expect(formatDuration(-1)).toBe("");
  });
});
