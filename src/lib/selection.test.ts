import { describe, expect, it } from "vitest";
import { toggled } from "./selection";

describe("toggled", () => {
  it("adds an absent id and removes a present one, leaving the original set alone", () => {
    const start = new Set(["a"]);
    expect([...toggled(start, "b")]).toEqual(["a", "b"]);
    expect([...toggled(start, "a")]).toEqual([]);
    expect([...start]).toEqual(["a"]);
  });
});
