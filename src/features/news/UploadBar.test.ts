import { describe, expect, it } from "vitest";
import { percentOf, timeLeft } from "./UploadBar";

describe("the upload bar's figures", () => {
  it("says the time left in seconds, then minutes, then hours and minutes, and nothing before a speed is known", () => {
    expect(timeLeft(null)).toBe("Measuring the speed…");
    expect(timeLeft(0.2)).toBe("About 1 second left");
    expect(timeLeft(42)).toBe("About 42 seconds left");
    expect(timeLeft(600)).toBe("About 10 minutes left");
    expect(timeLeft(2 * 3600 + 5 * 60)).toBe("About 2 hours 5 minutes left");
  });

  it("never says 100 % before the last byte", () => {
    expect(percentOf({ sent: 999, total: 1000 })).toBe(99);
    expect(percentOf({ sent: 1000, total: 1000 })).toBe(100);
    expect(percentOf({ sent: 0, total: 0 })).toBe(0);
  });
});
