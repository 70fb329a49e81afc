import { describe, expect, it } from "vitest";
import { aspectOf, justifiedLayout } from "./justifiedLayout";

describe("justified layout", () => {
  it("fills each full row to the exact width, keeping every photo's aspect ratio", () => {
    const aspects = [1.5, 0.667, 1.5, 1, 1.5, 0.667, 2];
    const { rows } = justifiedLayout(aspects, 1000, 240, 8);
    for (const row of rows.slice(0, -1)) {
      const last = row.boxes.at(-1)!;
      expect(last.left + last.width).toBeCloseTo(1000, 5);
      for (const box of row.boxes.slice(0, -1)) expect(box.width / row.height).toBeCloseTo(aspects[box.index]!, 5);
    }
    expect(rows.flatMap((r) => r.boxes.map((b) => b.index))).toEqual(aspects.map((_, i) => i));
  });

  it("keeps the last, short row at the target height instead of stretching it", () => {
    const { rows, height } = justifiedLayout([1.5, 1.5, 1.5, 1.5, 1], 1000, 200, 10);
    expect(rows).toHaveLength(2);
    expect(rows.at(-1)!.height).toBe(200);
    expect(height).toBeCloseTo(rows.at(-1)!.top + 200, 5);
  });

  it("lays out 2,000 photos at once and treats unknown sizes as squares", () => {
    const aspects = Array.from({ length: 2000 }, (_, i) => (i % 3 === 0 ? 0.667 : 1.5));
    const { rows } = justifiedLayout(aspects, 390, 180, 4);
    expect(rows.reduce((n, r) => n + r.boxes.length, 0)).toBe(2000);
    expect(aspectOf(0, 0)).toBe(1);
    expect(aspectOf(10000, 100)).toBe(4);
  });
});
