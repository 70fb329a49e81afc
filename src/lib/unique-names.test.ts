import { describe, expect, it } from "vitest";
import { uniqueName } from "./unique-names";

describe("uniqueName", () => {
  it("keeps the first name and numbers the repeats before the extension, ignoring case", () => {
    const taken = new Set<string>();
    expect(["a.jpg", "a.jpg", "A.JPG", "b", "b", "a (2).jpg"].map((n) => uniqueName(n, taken))).toEqual(["a.jpg", "a (2).jpg", "A (3).JPG", "b", "b (2)", "a (2) (2).jpg"]);
  });
});
