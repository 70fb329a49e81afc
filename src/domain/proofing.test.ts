import { describe, expect, it } from "vitest";
import { lightroomNames } from "./proofing";

describe("lightroomNames", () => {
  it("drops extensions and joins with commas, as Lightroom's filter takes them", () => {
    expect(lightroomNames(["IMG_0001.CR3", "DSC 12.final.jpg", "no-extension"])).toBe("IMG_0001, DSC 12.final, no-extension");
    expect(lightroomNames([])).toBe("");
  });
});
