/**
 * The video benches' clips and page: a short test pattern made by ffmpeg and looped with the concat demuxer
 * (`-stream_loop`, `-c copy`: no re-encode) to the wanted length or size in seconds, not the hours encoding
 * a long 4K clip from scratch takes on this machine; and the video worker's test page
 * (e2e/support/video-page.ts) driven in Chromium with a profile on disk (an in-memory profile would keep the
 * origin-private file system, where the web version is written, in memory).
 */
import { statSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { chromium } from "playwright-core";
import type { VideoProbe } from "../../src/domain/video";
import { CHROMIUM_ARGS } from "../../e2e/support/browser";
import { ffmpeg } from "../../e2e/support/video-page";

/** A `seconds`-long test pattern with sound (H.264 at the given quantiser, AAC), looped to `loops` times its length. */
export function loopedClip(dir: string, name: string, size: string, rate: number, seconds: number, qp: number, loops: number): string {
  const piece = path.join(dir, `${name}-piece.mp4`);
  ffmpeg([
    ...["-f", "lavfi", "-i", `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`],
    ...["-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-qp", String(qp), "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", piece],
  ]);
  const file = path.join(dir, `${name}.mp4`);
  ffmpeg(["-stream_loop", String(loops - 1), "-i", piece, "-c", "copy", file]);
  return file;
}

export const sizeMb = (file: string) => statSync(file).size / 1e6;

export interface VideoBenchPage {
  context: BrowserContext;
  page: Page;
}

export async function openVideoPage(url: string, profile: string): Promise<VideoBenchPage> {
  const context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(url);
  await page.waitForFunction(() => "video" in window);
  return { context, page };
}

type Harness = Record<string, (...args: unknown[]) => Promise<unknown>>;

/** Puts the clip in the page and calls the harness (e2e/support/video-harness.ts). */
export async function callVideo<T>(page: Page, file: string, what: string, ...args: unknown[]): Promise<T> {
  await page.locator("#clip").setInputFiles(file);
  return page.evaluate(([w, a]) => (window as unknown as { video: Harness }).video[w as string]!(...(a as unknown[])), [what, args] as const) as Promise<T>;
}

export type Probe = VideoProbe & { error?: string };
export interface Made {
  size: number;
  error?: string;
}
