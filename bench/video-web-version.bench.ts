/**
 * The web version of a 60-second 4K H.264 clip (30 fps, AAC), made in Chromium by the video worker
 * (WebCodecs through mediabunny), against Debian's ffmpeg making the same: libx264 `-preset veryfast`,
 * 1920 x 1080, the same video bitrate the worker chose (5 Mbit/s), sound copied, in the same run, on the
 * same machine, one after the other.
 * - speed ratio: ffmpeg's seconds / the browser's (goal >= 0.5x);
 * - SSIM of each against the source scaled to 1080p (ffmpeg's ssim filter; goal: ours no worse than 0.01
 *   below ffmpeg's).
 * The source is 5 s of ffmpeg's testsrc2 looped 12 times with `-c copy` (bench/support/video-clips.ts);
 * BENCH_VIDEO_SECONDS changes the length (a multiple of 5).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { it } from "vitest";
import { ffmpeg, ffprobe, startVideoPage } from "../e2e/support/video-page";
import { webBitrate } from "../workers/video/plan";
import { report } from "./report";
import { callVideo, loopedClip, openVideoPage, sizeMb, type Made, type Probe } from "./support/video-clips";

const SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 60);

/** ffmpeg's SSIM ("All:") of `file` against the source scaled to 1080p with the same scaler as ffmpeg's own encode. */
function ssimOf(file: string, source: string): number {
  const run = spawnSync("ffmpeg", ["-hide_banner", "-nostats", "-i", file, "-i", source, "-lavfi", "[1:v]scale=1920:1080:flags=bicubic[ref];[0:v][ref]ssim", "-f", "null", "-"], { encoding: "utf8" });
  return Number(/All:([\d.]+)/.exec(run.stderr)?.[1] ?? NaN);
}

it(`web version of a ${SECONDS} s 4K clip: Chromium vs ffmpeg libx264 veryfast`, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sg-bench-video-"));
  const site = await startVideoPage();
  const profile = mkdtempSync(path.join(os.tmpdir(), "sg-bench-profile-"));
  const { context, page } = await openVideoPage(site.url, profile);
  try {
    const source = loopedClip(dir, "source-4k", "3840x2160", 30, 5, 18, SECONDS / 5);
    const facts = await callVideo<Probe>(page, source, "probe");
    if (facts.error) throw new Error(facts.error);
    const bitrate = webBitrate(1920, 1080, facts.frameRate, facts.bitrate);

    const t0 = performance.now();
    const made = await callVideo<Made>(page, source, "webVersion", facts);
    const browserS = (performance.now() - t0) / 1000;
    if (made.error) throw new Error(made.error);
    const ours = path.join(dir, "ours.mp4");
    const parts: Buffer[] = [];
    for (let at = 0; at < made.size; at += 8 << 20) parts.push(Buffer.from(await page.evaluate(([s, e]) => (window as unknown as { video: { output(s: number, e: number): Promise<string> } }).video.output(s, e), [at, at + (8 << 20)] as const), "base64"));
    writeFileSync(ours, Buffer.concat(parts));

    const theirs = path.join(dir, "ffmpeg.mp4");
    const t1 = performance.now();
    ffmpeg(["-i", source, "-vf", "scale=1920:1080:flags=bicubic", "-c:v", "libx264", "-preset", "veryfast", "-b:v", String(bitrate), "-pix_fmt", "yuv420p", "-c:a", "copy", "-movflags", "+faststart", theirs]);
    const ffmpegS = (performance.now() - t1) / 1000;

    const [ssimOurs, ssimFfmpeg] = [ssimOf(ours, source), ssimOf(theirs, source)];
    const v = ffprobe(ours).streams.find((s) => s.codec_type === "video")!;
    report("video web version 4K->1080p", {
      seconds: SECONDS,
      sourceMb: sizeMb(source),
      browserS,
      ffmpegS,
      speedRatio: ffmpegS / browserS,
      oursMb: sizeMb(ours),
      ffmpegMb: sizeMb(theirs),
      ssimOurs,
      ssimFfmpeg,
      ssimDelta: ssimOurs - ssimFfmpeg,
      ours: `${v.codec_name} ${v.profile} ${v.width}x${v.height}`,
      targetBitrate: bitrate,
    });
  } finally {
    await context.close();
    await site.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}, 3_600_000);
