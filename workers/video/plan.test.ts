import { describe, expect, it } from "vitest";
import { MAX_DURATION_S, VideoError } from "../../src/domain/video";
import { BITRATE_1080P, checkLimits, formatDuration, h264Level, maxAudioPackets, maxVideoPackets, MIN_VIDEO_BITRATE, posterTimes, webBitrate, webFrameRate, webSize } from "./plan";

describe("the web version's size", () => {
  it("fits 4K and 1440p into 1920 x 1080, keeps smaller clips, and turns portrait clips into 1080 x 1920", () => {
    expect(webSize(3840, 2160)).toEqual({ width: 1920, height: 1080 });
    expect(webSize(2560, 1440)).toEqual({ width: 1920, height: 1080 });
    expect(webSize(1280, 720)).toEqual({ width: 1280, height: 720 });
    expect(webSize(2160, 3840)).toEqual({ width: 1080, height: 1920 });
  });
  it("keeps the aspect of odd sizes, in even numbers", () => {
    expect(webSize(4096, 2160)).toEqual({ width: 1920, height: 1012 });
    expect(webSize(1440, 1080)).toEqual({ width: 1440, height: 1080 });
    expect(webSize(2880, 2880)).toEqual({ width: 1080, height: 1080 });
    expect(webSize(641, 361)).toEqual({ width: 642, height: 362 });
  });
});

describe("the web version's bitrate", () => {
  it("is 5 Mbit/s for 1080p30, less for fewer pixels, more for 60 fps", () => {
    expect(webBitrate(1920, 1080, 30, 50e6)).toBe(BITRATE_1080P);
    const p720 = webBitrate(1280, 720, 30, 50e6);
    expect(p720).toBeGreaterThan(2.5e6);
    expect(p720).toBeLessThan(3e6);
    expect(webBitrate(1920, 1080, 60, 50e6)).toBe(BITRATE_1080P * 1.5);
  });
  it("never passes the source's own bitrate, nor drops under the floor", () => {
    expect(webBitrate(1920, 1080, 30, 3e6)).toBe(3e6);
    expect(webBitrate(160, 90, 30, 50e6)).toBe(MIN_VIDEO_BITRATE);
  });
});

describe("frame timing", () => {
  it("writes at the clip's own rate, at most 60, 30 when unknown", () => {
    expect(webFrameRate(29.97)).toBe(29.97);
    expect(webFrameRate(120)).toBe(60);
    expect(webFrameRate(0)).toBe(30);
    expect(webFrameRate(NaN)).toBe(30);
  });
  it("reserves room for more packets than the clip can make", () => {
    expect(maxVideoPackets(60, 30)).toBeGreaterThan(60 * 30 + 1);
    // AAC at 48 kHz writes 46.9 packets a second, Opus 50.
    expect(maxAudioPackets(60, 48_000)).toBeGreaterThan(60 * 50);
    expect(maxAudioPackets(60, 96_000)).toBeGreaterThan((60 * 96_000) / 1024);
  });
  it("takes the poster a tenth in, later when that frame is black", () => {
    expect(posterTimes(10)).toEqual([1, 2.5, 5]);
    expect(posterTimes(10, 0.5)).toEqual([1.5, 3, 5.5]);
    expect(posterTimes(0)).toEqual([0]);
  });
  it("declares the H.264 level of the web version's size and rate", () => {
    expect(h264Level(1280, 720, 30)).toBe("1f");
    expect(h264Level(1920, 1080, 30)).toBe("28");
    expect(h264Level(1920, 1080, 60)).toBe("2a");
    expect(h264Level(1080, 1920, 30)).toBe("28");
  });
  it("reads a duration as a clock", () => {
    expect(formatDuration(7.4)).toBe("0:07");
    expect(formatDuration(754)).toBe("12:34");
    expect(formatDuration(3723)).toBe("1:02:03");
  });
});

describe("the limits", () => {
  const codeOf = (f: () => void) => {
    try {
      f();
      return null;
    } catch (err) {
      return err instanceof VideoError ? err.code : String(err);
    }
  };
  it("takes 4K and DCI 4K up to 100 minutes, refuses 6K/8K frames and longer clips", () => {
    expect(codeOf(() => checkLimits(3840, 2160, 3600))).toBeNull();
    expect(codeOf(() => checkLimits(4096, 2160, MAX_DURATION_S))).toBeNull();
    expect(codeOf(() => checkLimits(2160, 3840, 60))).toBeNull();
    expect(codeOf(() => checkLimits(7680, 4320, 60))).toBe("too_large_frame");
    expect(codeOf(() => checkLimits(6144, 3456, 60))).toBe("too_large_frame");
    expect(codeOf(() => checkLimits(1920, 1080, MAX_DURATION_S + 1))).toBe("too_long");
  });
});
