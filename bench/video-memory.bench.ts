/**
 * The browser's memory while the owner's device imports a big clip: probe, poster and web version of a
 * BENCH_VIDEO_GB (default 4) GB H.264 clip through the video worker, in Chromium with a profile on disk.
 * Memory is the resident memory of this browser's whole process tree (renderer, worker, GPU and utility
 * processes), sampled every 250 ms, peak above idle (goal: within +300 MB).
 * The clip: 4 s of a 4K test pattern at 10 fps, encoded near-losslessly (H.264 High, quantiser 2, about
 * 1.4 MB a frame) and looped with the concat demuxer (`-c copy`) to the size asked: a big file fast, within
 * the 100-minute limit, and few frames to convert for its size (the web version's time is mostly decoding).
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { it } from "vitest";
import { startVideoPage } from "../e2e/support/video-page";
import { report } from "./report";
import { countBrowserOf, sampleMemory } from "./support/browser-usage";
import { callVideo, loopedClip, openVideoPage, sizeMb, type Made, type Probe } from "./support/video-clips";

const GB = Number(process.env.BENCH_VIDEO_GB ?? 4);

it(`memory while importing a ${GB} GB clip`, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sg-bench-video-mem-"));
  const site = await startVideoPage();
  const profile = mkdtempSync(path.join(os.tmpdir(), "sg-bench-profile-"));
  try {
    const pieceSeconds = 4;
    const piece = loopedClip(dir, "piece", "3840x2160", 10, pieceSeconds, 2, 1);
    const loops = Math.max(1, Math.ceil((GB * 1e9) / statSync(piece).size));
    const clip = loopedClip(dir, "big", "3840x2160", 10, pieceSeconds, 2, loops);

    countBrowserOf(profile);
    const { context, page } = await openVideoPage(site.url, profile);
    try {
      await page.waitForTimeout(3000); // let the page settle before taking its idle
      const memory = sampleMemory("video import");
      const t0 = performance.now();
      const facts = await callVideo<Probe>(page, clip, "probe");
      if (facts.error) throw new Error(facts.error);
      const probeS = (performance.now() - t0) / 1000;
      const poster = await callVideo<string | { error: string }>(page, clip, "poster", facts);
      if (typeof poster !== "string") throw new Error(poster.error);
      const made = await callVideo<Made>(page, clip, "webVersion", facts);
      if (made.error) throw new Error(made.error);
      const totalS = (performance.now() - t0) / 1000;
      const peakMb = memory.stop();
      report("video import memory", {
        clipMb: sizeMb(clip),
        durationS: facts.durationS,
        probeS,
        totalS,
        webVersionMb: made.size / 1e6,
        idleMb: memory.idleMb,
        peakAboveIdleMb: peakMb,
      });
    } finally {
      await context.close();
    }
  } finally {
    await site.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}, 3_600_000);
