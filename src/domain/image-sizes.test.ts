import { describe, expect, it } from "vitest";
import { COVER_IMAGE_SIZES } from "./image-sizes";

describe("the cover's sizes", () => {
  it("tells a phone how wide the cropped photo is drawn, and a 3x phone two thirds of it (twice its CSS pixels)", () => {
    // A 3:2 photo in the phone's full cover (a box 1.27 times as tall as wide) is drawn about 1.9 times the screen's width.
    expect(COVER_IMAGE_SIZES.full(2400, 1600)).toBe("(max-width: 768px) and (min-resolution: 2.5dppx) 127vw, (max-width: 768px) 191vw, 100vw");
    // A portrait photo fills the screen's width, no wider.
    expect(COVER_IMAGE_SIZES.full(1600, 2400)).toBe("(max-width: 768px) and (min-resolution: 2.5dppx) 67vw, (max-width: 768px) 100vw, 100vw");
    // The split cover: a square box on the phone, half the page beside the text on a desktop (0.8 of it for 3:2).
    expect(COVER_IMAGE_SIZES.split(2400, 1600)).toBe("(max-width: 768px) and (min-resolution: 2.5dppx) 100vw, (max-width: 768px) 150vw, 80vw");
    expect(COVER_IMAGE_SIZES.split(1600, 2400)).toBe("(max-width: 768px) and (min-resolution: 2.5dppx) 67vw, (max-width: 768px) 100vw, 50vw");
    expect(COVER_IMAGE_SIZES.minimal()).toBe("0px");
  });

  it("takes an image of unknown shape as 3:2", () => {
    expect(COVER_IMAGE_SIZES.full()).toBe(COVER_IMAGE_SIZES.full(3, 2));
  });
});
