import { describe, expect, it } from "vitest";
import { uploadTimes } from "./importItems";

describe("uploadTimes", () => {
  it("orders a batch by file name, numbers as numbers, whatever order the files came in", () => {
    const names = ["IMG_10.jpg", "img_2.jpg", "IMG_1.jpg", "b/IMG_3.jpg"];
    const times = uploadTimes(names, Date.UTC(2026, 0, 1));
    const sorted = names.map((n, i) => [times[i]!, n] as const).sort(([a], [b]) => a.localeCompare(b)).map(([, n]) => n);
    expect(sorted).toEqual(["b/IMG_3.jpg", "IMG_1.jpg", "img_2.jpg", "IMG_10.jpg"]);
    expect(times[3]).toBe("2026-01-01 00:00:00.000Z");
  });
});
