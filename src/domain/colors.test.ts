import { describe, expect, it } from "vitest";
import { isHexColor, themeColor } from "./colors";

describe("studio colours", () => {
  it("accepts six-digit hex colours only and paints anything else with the default", () => {
    expect(isHexColor("#12abEF")).toBe(true);
    expect(isHexColor("#123")).toBe(false);
    expect(isHexColor("red")).toBe(false);
    expect(themeColor("#12abef")).toBe("#12abef");
    expect(themeColor("")).toBe("#6d28d9");
    expect(themeColor(undefined)).toBe("#6d28d9");
  });
});
