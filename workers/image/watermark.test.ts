import { describe, expect, it } from "vitest";
import { WATERMARK_ALPHA, drawWatermark, logoBox, type WatermarkContext } from "./watermark";

/** Records what the watermark step draws, and with which alpha. */
function recordingContext() {
  const calls: { op: string; args: unknown[]; alpha: number }[] = [];
  const ctx = {
    globalAlpha: 1,
    font: "",
    fillStyle: "",
    textAlign: "start",
    textBaseline: "alphabetic",
    shadowColor: "",
    shadowBlur: 0,
    stack: [] as number[],
    save() {
      this.stack.push(this.globalAlpha);
    },
    restore() {
      this.globalAlpha = this.stack.pop() ?? 1;
    },
    fillText(...args: unknown[]) {
      calls.push({ op: "fillText", args, alpha: this.globalAlpha });
    },
    drawImage(...args: unknown[]) {
      calls.push({ op: "drawImage", args, alpha: this.globalAlpha });
    },
  };
  return { ctx: ctx as typeof ctx & WatermarkContext, calls };
}

describe("watermark", () => {
  it("writes the studio name semi-transparent in the bottom-right corner, then restores the context", () => {
    const { ctx, calls } = recordingContext();
    drawWatermark(ctx, 2048, 1365, { text: "Lumen Studio" });
    expect(calls).toHaveLength(1);
    const [text, x, y] = calls[0]!.args as [string, number, number];
    expect(text).toBe("Lumen Studio");
    expect(calls[0]!.alpha).toBe(WATERMARK_ALPHA);
    expect(ctx.textAlign).toBe("right");
    expect(x).toBeGreaterThan(2048 * 0.9);
    expect(y).toBeGreaterThan(1365 * 0.9);
    expect(ctx.globalAlpha).toBe(1);
  });

  it("places a logo inside the picture, bottom-right, no larger than a fifth of the shorter side", () => {
    const box = logoBox(2048, 1365, 500, 500);
    expect(box.width).toBe(273);
    expect(box.x + box.width).toBeLessThanOrEqual(2048);
    expect(box.y + box.height).toBeLessThanOrEqual(1365);
    expect(box.x).toBeGreaterThan(2048 / 2);
    expect(box.y).toBeGreaterThan(1365 / 2);
    // A small logo is never enlarged.
    expect(logoBox(2048, 1365, 100, 40)).toMatchObject({ width: 100, height: 40 });
    const { ctx, calls } = recordingContext();
    const logo = { width: 500, height: 250 } as ImageBitmap;
    drawWatermark(ctx, 1000, 1500, { logo });
    expect(calls[0]).toMatchObject({ op: "drawImage", alpha: WATERMARK_ALPHA });
    expect(calls[0]!.args.slice(1)).toEqual([770, 1370, 200, 100]);
  });
});
