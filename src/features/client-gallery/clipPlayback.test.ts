import { describe, expect, it } from "vitest";
import { clipFacts, clipPlan as planOf, shouldRenew, type OnDevice } from "./clipPlayback";

const NOTHING: OnDevice = { webVideo: false, original: false };
const files = (over: Partial<{ original: string; webVideo: string }> = {}) => ({ original: "", thumbnail: "t.webp", medium: "", large: "", preview: "p.jpg", webVideo: "", ...over });
const hevc = { webStatus: "unsupported" as const, mimeType: "video/quicktime", metadata: { video: { codec: "hevc", audioCodec: "aac", reason: "cannot_decode" } }, files: files({ original: "o.mov" }) };
const made = { webStatus: "made" as const, mimeType: "video/quicktime", metadata: { video: { codec: "hevc", audioCodec: "aac" } }, files: files({ original: "o.mov", webVideo: "w.mp4" }) };
const webReady = { webStatus: "original" as const, mimeType: "video/mp4", metadata: { video: { codec: "avc", audioCodec: "aac" } }, files: files({ original: "o.mp4" }) };

type Row = Parameters<typeof clipFacts>[0];
const clipPlan = (row: Row, onDevice: OnDevice, canPlay: (type: string) => boolean) => planOf(clipFacts(row), onDevice, canPlay);

/** A browser that plays H.264 and VP9 (Chromium here), asked as playableType asks. */
const chromium = (type: string) => !/hvc1|hev1/.test(type);
const safari = () => true;

describe("clipPlan", () => {
  it("plays the web version this device made while it is here, whatever the original is", () => {
    expect(clipPlan(made, { webVideo: true, original: true }, chromium)).toEqual({ from: "device", file: "webVideo" });
  });

  it("plays this device's original when this browser plays its format, before asking the server", () => {
    expect(clipPlan(made, { webVideo: false, original: true }, safari)).toEqual({ from: "device", file: "original" });
    expect(clipPlan({ ...webReady, files: files() }, { webVideo: false, original: true }, () => false)).toEqual({ from: "device", file: "original" });
  });

  it("asks the server for the web version when this device has no playable bytes", () => {
    expect(clipPlan(made, { webVideo: false, original: true }, chromium)).toEqual({ from: "server", file: "web" });
    expect(clipPlan(made, NOTHING, chromium)).toEqual({ from: "server", file: "web" });
    // An original that is its own web version: the server serves it as the web version.
    expect(clipPlan(webReady, NOTHING, chromium)).toEqual({ from: "server", file: "web" });
  });

  it("plays the server's original of a clip without a web version where this browser reads it", () => {
    expect(clipPlan(hevc, NOTHING, safari)).toEqual({ from: "server", file: "original" });
    expect(clipPlan(hevc, { webVideo: false, original: true }, safari)).toEqual({ from: "device", file: "original" });
  });

  it("says the format cannot play here when there is no web version and this browser cannot read the original", () => {
    expect(clipPlan(hevc, NOTHING, chromium)).toEqual({ from: "none", why: "format" });
    expect(clipPlan(hevc, { webVideo: false, original: true }, chromium)).toEqual({ from: "none", why: "format" });
  });

  it("says the web version is on its way while another device still makes or sends it", () => {
    expect(clipPlan({ ...made, files: files({ original: "o.mov" }) }, NOTHING, chromium)).toEqual({ from: "none", why: "pending" });
    expect(clipPlan({ ...made, webStatus: "", files: files() }, NOTHING, chromium)).toEqual({ from: "none", why: "pending" });
    expect(clipPlan({ ...webReady, files: files() }, NOTHING, chromium)).toEqual({ from: "none", why: "pending" });
  });

  it("asks the browser about the original's container and codecs", () => {
    const asked: string[] = [];
    clipPlan(hevc, NOTHING, (type) => (asked.push(type), false));
    expect(asked).toEqual(['video/mp4; codecs="hvc1.1.6.L123.B0, mp4a.40.2"']);
  });
});

describe("clipFacts", () => {
  it("reads the import's codecs and the server's file names, and nothing from a row without them", () => {
    expect(clipFacts(hevc)).toEqual({ webStatus: "unsupported", mimeType: "video/quicktime", codec: "hevc", audioCodec: "aac", webVideoFile: "", originalFile: "o.mov" });
    expect(clipFacts({ ...made, metadata: { video: { codec: "vp9", audioCodec: null } } })).toMatchObject({ codec: "vp9", audioCodec: null, webVideoFile: "w.mp4" });
    expect(clipFacts({ ...made, webStatus: undefined, metadata: null })).toMatchObject({ webStatus: "", codec: "", audioCodec: null });
  });
});

describe("shouldRenew", () => {
  const server = { from: "server", file: "web" } as const;
  it("gets a fresh token for the server's file refused mid-way (network or source error) after it had loaded", () => {
    expect(shouldRenew(server, 2, true)).toBe(true);
    expect(shouldRenew(server, 4, true)).toBe(true);
  });
  it("never for a decode error, the device's bytes, or again before the clip loaded with the last token", () => {
    expect(shouldRenew(server, 3, true)).toBe(false);
    expect(shouldRenew({ from: "device", file: "original" }, 2, true)).toBe(false);
    expect(shouldRenew(server, 2, false)).toBe(false);
    expect(shouldRenew(server, 4, false)).toBe(false);
  });
});
