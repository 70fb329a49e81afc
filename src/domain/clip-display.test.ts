import { describe, expect, it } from "vitest";
import { codecName, formatDuration, playableType } from "./clip-display";

describe("formatDuration", () => {
  it("writes minutes and seconds under an hour, the seconds always two digits", () => {
    expect(formatDuration(7)).toBe("0:07");
    expect(formatDuration(65)).toBe("1:05");
    expect(formatDuration(185.2)).toBe("3:05");
    expect(formatDuration(12 * 60 + 40)).toBe("12:40");
    expect(formatDuration(3599)).toBe("59:59");
  });

  it("adds hours from one hour on, the minutes then two digits", () => {
    expect(formatDuration(3600)).toBe("1:00:00");
    expect(formatDuration(3723)).toBe("1:02:03");
    expect(formatDuration(2 * 3600 + 15 * 60 + 9)).toBe("2:15:09");
    expect(formatDuration(100 * 3600)).toBe("100:00:00");
  });

  it("rounds to the nearest second, carrying into minutes and hours", () => {
    expect(formatDuration(59.4)).toBe("0:59");
    expect(formatDuration(59.5)).toBe("1:00");
    expect(formatDuration(3599.6)).toBe("1:00:00");
  });

  it("never says 0:00 for a clip that has a length, and says it for one that has none", () => {
    expect(formatDuration(0.2)).toBe("0:01");
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(-3)).toBe("0:00");
    expect(formatDuration(Number.NaN)).toBe("0:00");
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe("0:00");
  });
});

describe("codecName", () => {
  it("names the codecs a photographer meets, and spells out others as they come", () => {
    expect(codecName("hevc")).toBe("HEVC (H.265)");
    expect(codecName("avc")).toBe("H.264");
    expect(codecName("prores")).toBe("PRORES");
  });
});

describe("playableType", () => {
  it("asks about the container and both codecs", () => {
    expect(playableType("video/mp4", "hevc", "aac")).toBe('video/mp4; codecs="hvc1.1.6.L123.B0, mp4a.40.2"');
    expect(playableType("video/webm", "vp9", "opus")).toBe('video/webm; codecs="vp09.00.40.08, opus"');
    expect(playableType("video/mp4", "avc")).toBe('video/mp4; codecs="avc1.640028"');
  });

  it("asks about a MOV or an M4V as MP4", () => {
    expect(playableType("video/quicktime", "avc", "aac")).toBe('video/mp4; codecs="avc1.640028, mp4a.40.2"');
    expect(playableType("video/x-m4v", "hevc")).toBe('video/mp4; codecs="hvc1.1.6.L123.B0"');
  });

  it("asks about the container alone when a codec is unknown or not said", () => {
    expect(playableType("video/mp4", "prores", "aac")).toBe("video/mp4");
    expect(playableType("video/webm", "")).toBe("video/webm");
  });
});
