/** A clip's way into the gallery (issue 38), with this device's video tools replaced through their seam. */
import { describe, expect, it, vi } from "vitest";
import { VideoError, type VideoProbe } from "../domain/video";
import type { ProcessedImage } from "../workers-client/media";
import { keptNote, makeClip, webStatusOf } from "./makeClip";
import { MEDIA_TEXTS } from "./texts";
import type { VideoTools } from "./videoTools";

/** The first bytes of an MP4 (a box of type ftyp at byte 4) and of a WebM (EBML). */
const MP4_HEAD = [0, 0, 0, 0x20, ...[..."ftypisom"].map((c) => c.charCodeAt(0))];
const WEBM_HEAD = [0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0];
const clipFile = (head = MP4_HEAD, type = "video/mp4") => new Blob([new Uint8Array([...head, ...new Array(100).fill(7)])], { type });

const WEB_READY: VideoProbe = {
  container: "mp4",
  mimeType: "video/mp4",
  durationS: 12.5,
  width: 1920,
  height: 1080,
  rotation: 0,
  videoCodec: "avc",
  audioCodec: "aac",
  bitrate: 6_000_000,
  frameRate: 25,
  createdAt: "2026-06-20T14:03:00.000Z",
  fastStart: true,
  canDecode: true,
};
const HEVC_4K: VideoProbe = { ...WEB_READY, container: "mov", mimeType: "video/quicktime", videoCodec: "hevc", width: 3840, height: 2160, bitrate: 50_000_000, fastStart: false };

const blob = (name: string) => new Blob([name], { type: name === "poster" ? "image/jpeg" : "image/webp" });
const SIZES = { thumbnail: blob("t"), medium: blob("m"), large: blob("l"), preview: blob("p"), placeholder: "hash", crc32: "0000beef", mimeType: "image/jpeg", width: 1, height: 1, orientation: 1, checksum: "x" } as ProcessedImage;

function tools(probe: VideoProbe, over: Partial<VideoTools> = {}): VideoTools {
  return {
    probe: vi.fn(async () => probe),
    poster: vi.fn(async () => blob("poster")),
    webVersion: vi.fn(async (_file, _probe, { onProgress }) => {
      onProgress?.(0.5);
      onProgress?.(1);
      return new Blob(["web"], { type: "video/mp4" });
    }),
    crc32: vi.fn(async () => "cafebabe"),
    sizes: vi.fn(async () => SIZES),
    ...over,
  };
}

const NO_WATERMARK = { signature: "none", fullJpeg: true };
const WATERMARK = { signature: "wm:Lumen", watermark: { text: "Lumen" }, fullJpeg: true };
const fields = { client: "c1", name: "first-dance.mp4", uploadedAt: "2026-06-21 10:00:00.000Z", set: "s1" };

describe("what a clip's web version will be", () => {
  it("is its original when that plays everywhere, made otherwise or under a watermark, unsupported when the device cannot decode it", () => {
    expect(webStatusOf(WEB_READY, false)).toBe("original");
    expect(webStatusOf(WEB_READY, true)).toBe("made");
    expect(webStatusOf(HEVC_4K, false)).toBe("made");
    expect(webStatusOf({ ...HEVC_4K, canDecode: false }, false)).toBe("unsupported");
    expect(webStatusOf({ ...WEB_READY, canDecode: false }, true)).toBe("unsupported");
  });
});

describe("a clip becomes a media item", () => {
  it("keeps a web-ready original as its own web version, with the poster's sizes and the clip's facts", async () => {
    const t = tools(WEB_READY);
    const { image, note } = await makeClip(clipFile(), fields, { tools: t, options: NO_WATERMARK });
    expect(t.webVersion).not.toHaveBeenCalled();
    expect(t.sizes).toHaveBeenCalledWith(blob("poster"), { watermark: undefined, fullJpeg: false }, undefined);
    expect(note).toBeUndefined();
    expect(image.fields).toMatchObject({
      kind: "video",
      webStatus: "original",
      duration: 12.5,
      mimeType: "video/mp4",
      width: 1920,
      height: 1080,
      fileSize: 112,
      crc32: "cafebabe",
      checksum: "",
      placeholder: "hash",
      client: "c1",
      set: "s1",
      originalName: "first-dance.mp4",
      metadata: { watermark: "none", video: { codec: "avc", audioCodec: "aac", rotation: 0, frameRate: 25, bitrate: 6_000_000, createdAt: "2026-06-20T14:03:00.000Z", fastStart: true, container: "mp4" } },
    });
    expect(image).toMatchObject({ thumbnail: SIZES.thumbnail, medium: SIZES.medium, large: SIZES.large, preview: SIZES.preview });
    expect(image.webVideo).toBeUndefined();
    expect(image.original.type).toBe("video/mp4");
  });

  it("makes a web version of a HEVC 4K clip, with the watermark, saying how far it is, and uses the CRC the duplicate check read", async () => {
    const t = tools(HEVC_4K);
    const steps: Array<[number, string]> = [];
    const { image } = await makeClip(clipFile(MP4_HEAD, "video/quicktime"), fields, { tools: t, options: WATERMARK, crc32: "0badf00d", onStep: (p, s) => steps.push([p, s]) });
    expect(t.crc32).not.toHaveBeenCalled();
    expect(t.webVersion).toHaveBeenCalledWith(expect.any(Blob), HEVC_4K, expect.objectContaining({ watermark: { text: "Lumen" } }));
    expect(t.sizes).toHaveBeenCalledWith(blob("poster"), { watermark: { text: "Lumen" }, fullJpeg: false }, undefined);
    expect(image.fields).toMatchObject({ webStatus: "made", crc32: "0badf00d", mimeType: "video/quicktime", metadata: { watermark: "wm:Lumen" } });
    expect(await image.webVideo?.text()).toBe("web");
    expect(steps.map(([, s]) => s)).toEqual([
      MEDIA_TEXTS.clipStep.reading,
      MEDIA_TEXTS.clipStep.poster,
      MEDIA_TEXTS.clipStep.webVersion(0),
      MEDIA_TEXTS.clipStep.webVersion(50),
      MEDIA_TEXTS.clipStep.webVersion(100),
    ]);
    expect(steps.map(([p]) => p)).toEqual([10, 20, 30, 63, 95]);
  });

  it("keeps a clip this device cannot decode as shot, says why and which device can do better", async () => {
    const t = tools({ ...HEVC_4K, canDecode: false });
    const { image, note } = await makeClip(clipFile(), fields, { tools: t, options: WATERMARK });
    expect(t.webVersion).not.toHaveBeenCalled();
    expect(image.fields).toMatchObject({ webStatus: "unsupported", metadata: { video: { reason: "cannot_decode", codec: "hevc" } } });
    expect(image.webVideo).toBeUndefined();
    expect(note).toBe(MEDIA_TEXTS.clipKeptHevc);
    expect(note).toMatch(/Safari on a Mac or iPhone/);
    expect(keptNote("prores")).toBe(MEDIA_TEXTS.clipKeptOther("PRORES"));
  });

  it("keeps it as shot too when the decoder gives up part-way through the web version", async () => {
    const t = tools(HEVC_4K, { webVersion: vi.fn(async () => Promise.reject(new VideoError("cannot_decode"))) });
    const { image, note } = await makeClip(clipFile(), fields, { tools: t, options: NO_WATERMARK });
    expect(image.fields.webStatus).toBe("unsupported");
    expect(note).toBe(MEDIA_TEXTS.clipKeptHevc);
  });

  it("refuses a file that only claims to be a video before reading it, and says so", async () => {
    const t = tools(WEB_READY);
    const fake = new Blob(["<html>not a film</html>"], { type: "video/mp4" });
    await expect(makeClip(fake, fields, { tools: t, options: NO_WATERMARK })).rejects.toThrow(MEDIA_TEXTS.clipRefused.not_video);
    expect(t.probe).not.toHaveBeenCalled();
    await expect(makeClip(clipFile(WEBM_HEAD, "video/webm"), fields, { tools: t, options: NO_WATERMARK })).resolves.toBeDefined();
  });

  it.each(["not_video", "no_video_track", "corrupt", "too_long", "too_large_frame"] as const)("gives the owner's reason for a clip the tools refuse: %s", async (code) => {
    const t = tools(HEVC_4K, { probe: vi.fn(async () => Promise.reject(new VideoError(code))) });
    await expect(makeClip(clipFile(), fields, { tools: t, options: NO_WATERMARK })).rejects.toThrow(MEDIA_TEXTS.clipRefused[code]);
    const late = tools(HEVC_4K, { webVersion: vi.fn(async () => Promise.reject(new VideoError(code))) });
    await expect(makeClip(clipFile(), fields, { tools: late, options: NO_WATERMARK })).rejects.toThrow(MEDIA_TEXTS.clipRefused[code]);
  });

  it("stops on cancel with the abort itself, not a reason (the import shows it cancelled)", async () => {
    const abort = new AbortController();
    const t = tools(HEVC_4K, {
      webVersion: vi.fn(async (_f, _p, { signal }) => {
        abort.abort();
        throw signal?.reason;
      }),
    });
    const made = makeClip(clipFile(), fields, { tools: t, options: NO_WATERMARK, signal: abort.signal });
    await expect(made).rejects.toSatisfy((err: unknown) => err instanceof DOMException && err.name === "AbortError");
  });
});
