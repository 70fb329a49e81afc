import { describe, expect, it } from "vitest";
import { needsWatermark, NO_WATERMARK, watermarkSignature } from "./watermark";

describe("the watermark signature", () => {
  it("names what the worker draws: nothing, the studio's name, or its logo file", () => {
    expect(watermarkSignature({ enableWatermark: false, companyName: "Lumen", logo: "logo_x.png" })).toBe(NO_WATERMARK);
    expect(watermarkSignature({ enableWatermark: true, companyName: "Lumen", logo: "" })).toBe("text:Lumen");
    expect(watermarkSignature({ enableWatermark: true, companyName: "Lumen", logo: "logo_x.png" })).toBe("logo:logo_x.png");
    expect(watermarkSignature({ enableWatermark: true, companyName: "", logo: "" })).toBe(NO_WATERMARK);
  });

  it("marks previews made with another watermark, or before signatures were recorded, as needing it again", () => {
    expect(needsWatermark({ orientation: 1, watermark: "text:Lumen" }, "text:Lumen")).toBe(false);
    expect(needsWatermark({ orientation: 1, watermark: "text:Studio Gallery" }, "text:Lumen")).toBe(true);
    expect(needsWatermark({ orientation: 1 }, "text:Lumen")).toBe(true);
    expect(needsWatermark(null, NO_WATERMARK)).toBe(true);
  });
});
