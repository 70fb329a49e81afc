/**
 * The owner's device's video work in real Chromium (WebCodecs, the origin-private file system), through the
 * app's client (src/workers-client/video.ts) and its worker on a bare page (support/video-page.ts), on clips
 * made here by ffmpeg: an H.264/AAC MP4 (its facts, its poster, a web version ffprobe reads as H.264 High
 * and AAC with the index at the front), a rotated phone clip, a 1440p clip (web version at 1080p), a HEVC
 * MOV (this Chromium has no HEVC decoder: a generic tile), a VP9/Opus WebM (sound re-encoded), and the
 * refusals: truncated, not a video, no video track, too large a frame, too long; and a cancel mid-way.
 */
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VideoProbe } from "../src/domain/video";
import { launchChromium } from "./support/browser";
import { ffmpeg, ffprobe, makeClip, startVideoPage, topLevelBoxes, type VideoPage } from "./support/video-page";

let dir: string;
let site: VideoPage;
let browser: Browser;
let page: Page;

const H264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"];
const AAC = ["-c:a", "aac", "-b:a", "96k"];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "sg-video-"));
  [site, browser] = await Promise.all([startVideoPage(), launchChromium()]);
  page = await browser.newPage();
  await page.goto(site.url);
  await page.waitForFunction(() => "video" in window);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  rmSync(dir, { recursive: true, force: true });
});

type Call = "probe" | "poster" | "webVersion";
async function call<T>(file: string, what: Call, ...args: unknown[]): Promise<T> {
  await page.locator("#clip").setInputFiles(file);
  return page.evaluate(([w, a]) => (window as unknown as Record<string, Record<string, (...x: unknown[]) => unknown>>).video![w as string]!(...(a as unknown[])), [what, args] as const) as Promise<T>;
}
const probe = (file: string) => call<VideoProbe & { error?: string }>(file, "probe");
const poster = async (file: string, p: VideoProbe) => Buffer.from(await call<string>(file, "poster", p), "base64");
interface Made {
  size: number;
  type: string;
  isFile: boolean;
  progress: number[];
  error?: string;
}
const webVersion = (file: string, p: VideoProbe, watermark?: string, cancelAt?: number) => call<Made>(file, "webVersion", p, watermark, cancelAt);

/** The last web version, written to disk for ffprobe. */
async function savedOutput(name: string, size: number): Promise<string> {
  const parts: Buffer[] = [];
  for (let at = 0; at < size; at += 4 << 20) parts.push(Buffer.from(await page.evaluate(([s, e]) => (window as unknown as { video: { output(s: number, e: number): Promise<string> } }).video.output(s, e), [at, at + (4 << 20)] as const), "base64"));
  const file = path.join(dir, name);
  writeFileSync(file, Buffer.concat(parts));
  return file;
}

/** The first frame's pixels in a region, as ffmpeg decodes it. */
async function framePixels(file: string, region: { left: number; top: number; width: number; height: number }): Promise<Buffer> {
  const png = `${file}.png`;
  ffmpeg(["-i", file, "-frames:v", "1", png]);
  return sharp(png).extract(region).removeAlpha().raw().toBuffer();
}
const meanDifference = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;

const videoStream = (file: string) => ffprobe(file).streams.find((s) => s.codec_type === "video")!;
const audioStream = (file: string) => ffprobe(file).streams.find((s) => s.codec_type === "audio");

describe("an H.264 + AAC MP4 from a camera", () => {
  it("has its facts read, a full-size poster, and a web version in H.264 High with AAC copied and the index at the front", async () => {
    const clip = makeClip(path.join(dir, "camera.mp4"), "640x360", 3, [...H264, ...AAC, "-metadata", "creation_time=2025-06-14T15:30:00Z"]);
    const facts = await probe(clip);
    expect(facts).toMatchObject({ container: "mp4", mimeType: "video/mp4", width: 640, height: 360, rotation: 0, videoCodec: "avc", audioCodec: "aac", fastStart: false, canDecode: true, createdAt: "2025-06-14T15:30:00.000Z" });
    expect(facts.durationS).toBeCloseTo(3, 1);
    expect(facts.frameRate).toBeCloseTo(30, 0);
    expect(facts.bitrate).toBeGreaterThan(0);

    const jpeg = await poster(clip, facts);
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: "jpeg", width: 640, height: 360 });

    const made = await webVersion(clip, facts);
    expect(made).toMatchObject({ type: "video/mp4", isFile: true });
    expect(made.progress.at(-1)).toBeGreaterThan(0.9);
    const out = await savedOutput("camera-web.mp4", made.size);
    const boxes = topLevelBoxes(readFileSync(out));
    expect(boxes.indexOf("moov")).toBeGreaterThan(-1);
    expect(boxes.indexOf("moov")).toBeLessThan(boxes.indexOf("mdat"));
    expect(videoStream(out)).toMatchObject({ codec_name: "h264", profile: "High", width: 640, height: 360 });
    expect(audioStream(out)).toMatchObject({ codec_name: "aac" });
    expect(Number(ffprobe(out).format.duration)).toBeCloseTo(3, 0);
  });

  it("reads a phone's portrait clip upright (rotation in the index) and keeps it upright in its web version, marked or not", async () => {
    const clip = makeClip(path.join(dir, "phone.mp4"), "640x360", 2, [...H264, ...AAC], { rotate: 90 });
    const facts = await probe(clip);
    expect(facts).toMatchObject({ width: 360, height: 640 });
    expect([90, 270]).toContain(facts.rotation);
    expect(await sharp(await poster(clip, facts)).metadata()).toMatchObject({ width: 360, height: 640 });
    const marked = await webVersion(clip, facts, "Studio Lumière");
    expect(marked.error).toBeUndefined();
    const markedFile = await savedOutput("phone-marked.mp4", marked.size);
    const stream = videoStream(markedFile);
    expect(stream).toMatchObject({ width: 360, height: 640 });
    expect(JSON.stringify(stream.side_data_list ?? "")).not.toMatch(/rotation/);
    // The watermark is on the frames: the first frame differs from the unmarked web version's in the
    // bottom-right corner only.
    // Unmarked, its frames go to the encoder as decoded and the rotation stays a tag of the track.
    const plain = await savedOutput("phone-plain.mp4", (await webVersion(clip, facts)).size);
    expect(videoStream(plain)).toMatchObject({ width: 640, height: 360 });
    expect(JSON.stringify(videoStream(plain).side_data_list)).toMatch(/rotation/);
    const corner = { left: 230, top: 606, width: 118, height: 22 }; // where the name is written (watermark.ts)
    const [markedCorner, plainCorner] = await Promise.all([markedFile, plain].map((f) => framePixels(f, corner)));
    const [markedTop, plainTop] = await Promise.all([markedFile, plain].map((f) => framePixels(f, { ...corner, top: 10 })));
    expect(meanDifference(markedCorner!, plainCorner!)).toBeGreaterThan(8);
    expect(meanDifference(markedTop!, plainTop!)).toBeLessThan(2);
  });
});

it("makes the web version of a 1440p clip at 1920 x 1080", async () => {
  const clip = makeClip(path.join(dir, "big.mp4"), "2560x1440", 1, [...H264, ...AAC]);
  const facts = await probe(clip);
  expect(facts).toMatchObject({ width: 2560, height: 1440 });
  const made = await webVersion(clip, facts);
  expect(videoStream(await savedOutput("big-web.mp4", made.size))).toMatchObject({ codec_name: "h264", width: 1920, height: 1080 });
});

it("gives a HEVC clip this browser cannot decode a generic tile of its proportions, and no web version", async () => {
  const clip = makeClip(path.join(dir, "iphone.mov"), "640x360", 2, ["-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hvc1", "-x265-params", "log-level=error", ...AAC]);
  const facts = await probe(clip);
  expect(facts).toMatchObject({ container: "mov", mimeType: "video/quicktime", videoCodec: "hevc", canDecode: false });
  const tile = await poster(clip, facts);
  expect(await sharp(tile).metadata()).toMatchObject({ format: "jpeg", width: 1280, height: 720 });
  expect((await webVersion(clip, facts)).error).toBe("cannot_decode");
});

it("makes a VP9/Opus WebM's web version with its sound re-encoded for MP4", async () => {
  const clip = makeClip(path.join(dir, "screen.webm"), "640x360", 2, ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "500k", "-c:a", "libopus"]);
  const facts = await probe(clip);
  expect(facts).toMatchObject({ container: "webm", mimeType: "video/webm", videoCodec: "vp9", audioCodec: "opus" });
  const made = await webVersion(clip, facts);
  const out = await savedOutput("screen-web.mp4", made.size);
  expect(videoStream(out)).toMatchObject({ codec_name: "h264", width: 640, height: 360 });
  // Chromium on Linux has no AAC encoder: Opus in MP4 (AAC where the browser encodes it).
  expect(["aac", "opus"]).toContain(audioStream(out)?.codec_name);
});

describe("refusals", () => {
  it("names a truncated clip, a text file named .mp4, a clip with no picture, a 6K frame and a two-hour clip", async () => {
    const whole = readFileSync(makeClip(path.join(dir, "whole.mp4"), "320x240", 2, [...H264, ...AAC]));
    const cut = path.join(dir, "cut.mp4");
    writeFileSync(cut, whole.subarray(0, Math.round(whole.length * 0.6)));
    expect((await probe(cut)).error).toBe("corrupt");
    const fast = readFileSync(makeClip(path.join(dir, "fast.mp4"), "320x240", 2, [...H264, ...AAC, "-movflags", "+faststart"]));
    writeFileSync(cut, fast.subarray(0, Math.round(fast.length * 0.6)));
    expect((await probe(cut)).error).toBe("corrupt");

    const text = path.join(dir, "notes.mp4");
    writeFileSync(text, "Shot list: ceremony, first dance, cake.\n".repeat(50));
    expect((await probe(text)).error).toBe("not_video");

    const sound = path.join(dir, "sound.mp4");
    ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=2", ...AAC, sound]);
    expect((await probe(sound)).error).toBe("no_video_track");

    const sixK = makeClip(path.join(dir, "6k.mp4"), "6144x3456", 0.1, H264, { audio: false, rate: 10 });
    expect((await probe(sixK)).error).toBe("too_large_frame");
    const long = makeClip(path.join(dir, "long.mp4"), "64x64", 2 * 3600, H264, { audio: false, rate: 1 });
    expect((await probe(long)).error).toBe("too_long");
  });
});

it("cancels a web version mid-way: the job stops and its scratch file is removed", async () => {
  const clip = makeClip(path.join(dir, "long-take.mp4"), "1280x720", 8, [...H264, ...AAC]);
  const facts = await probe(clip);
  const scratchFiles = () => page.evaluate(() => (window as unknown as { video: { scratchFiles(): Promise<string[]> } }).video.scratchFiles());
  const before = await scratchFiles(); // the web versions made above, handed to the page
  const made = await webVersion(clip, facts, undefined, 0.2);
  expect(made.error).toBe("cancelled");
  expect(made.progress.at(-1)).toBeLessThan(0.9);
  await expect.poll(scratchFiles).toEqual(before);
  // The worker was stopped; a fresh one takes the next job.
  expect((await probe(clip)).canDecode).toBe(true);
});
