import { describe, expect, it } from "vitest";
import { extendedDay } from "./actions";

describe("Extend", () => {
  it("extends a gallery by 30 calendar days from its day, or from today without one", () => {
    expect(extendedDay("2026-06-09", "2026-05-01")).toBe("2026-07-09");
    expect(extendedDay("", "2026-05-01")).toBe("2026-05-31");
  });
});
