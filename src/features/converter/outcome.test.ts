/**
 * The client converter's closing words (issue 37): a conversion that worked but is over the gallery's
 * limit says so, with the limit, and never "Conversion Failed"; that is said only when nothing converted.
 */
import { describe, expect, it } from "vitest";
import { clientOutcome, splitByLimit, tooLargeRow } from "./outcome";

const MB = 1024 * 1024;
const run = { total: 1, converted: 1, stored: 0, tooLarge: 0, refused: 0, cancelled: false, what: "images" as const, limitBytes: 20 * MB };

describe("client conversion outcome", () => {
  it("keeps a converted file over the limit out of the gallery, and one at the limit in", () => {
    const at = { blob: new Blob([new Uint8Array(2 * MB)]) };
    const over = { blob: new Blob([new Uint8Array(2 * MB + 1)]) };
    expect(splitByLimit([at, over], 2 * MB)).toEqual({ fits: [at], tooLarge: [over] });
  });

  it("says a converted file is too large for the gallery, with the limit and what to do, not that it failed", () => {
    const toasts = clientOutcome({ ...run, tooLarge: 1 });
    expect(toasts).toHaveLength(1);
    expect(toasts[0]!.title).toBe("Converted, but too large for the gallery");
    expect(toasts[0]!.description).toMatch(/larger than the gallery's limit of 20 MB.*Not added to the gallery.*JPEG/);
    expect(JSON.stringify(toasts)).not.toMatch(/Failed|try again/);
    expect(tooLargeRow(10.6 * MB, 20 * MB)).toBe("Converted to 10.6 MB: over the gallery's 20 MB limit");
  });

  it("says what was added beside what was too large", () => {
    const toasts = clientOutcome({ ...run, total: 2, converted: 2, stored: 1, tooLarge: 1 });
    expect(toasts.map((t) => t.title)).toEqual(["Converted, but too large for the gallery", "Conversion Successful"]);
  });

  it("says the conversion failed only when nothing was converted", () => {
    expect(clientOutcome({ ...run, converted: 0 }).map((t) => t.title)).toEqual(["Conversion Failed"]);
    expect(clientOutcome({ ...run, refused: 1 }).map((t) => t.title)).toEqual(["Not added to the gallery"]);
  });
});
