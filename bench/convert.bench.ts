/**
 * The converters' throughput in headless Chromium, through the standalone converter (the media worker
 * pool; the browser's own WebP encoder, WASM MozJPEG and AVIF), against libvips (sharp) converting the
 * same real photos (14.7 MP JPEGs) with the same number of images in flight, one libvips thread each, in
 * the same run. Both sides decode and encode, at the same settings: WebP q80 at libvips effort 3, the
 * method Chromium's encoder uses (BENCH_WEBP_EFFORT changes it; per core also prints effort 4, libvips'
 * default and the earlier sessions' reference), MozJPEG q80 with trellis and optimised scans, AVIF q80.
 * The per-core figures name the MozJPEG build the workers loaded (the WASM SIMD one, or @jsquash's without).
 * - per-core throughput, WebP / MozJPEG / AVIF (goals 0.9x, 0.5x, 0.4x of libvips), with output sizes;
 * - a batch of 100 photos to WebP q80 with the whole pool (goal: wall time at most 1.2x libvips');
 * - the main thread's long tasks during the batch (goal: none over 50 ms caused by it).
 * At a high load the 100-photo batch takes many minutes: BENCH_BATCH sets the count, BENCH_SKIP_PER_CORE=1
 * skips the per-core part.
 */
import { readFileSync, rmSync } from "node:fs";
import sharp from "sharp";
import { it } from "vitest";
import { report } from "./report";
import { longTasks, recordLongTasks, startBenchApp, type BenchApp } from "./support/app";
import { MISSING_PHOTOS, photoSet } from "./support/photos";

const MP = (5120 * 2880) / 1e6;
const BATCH = Number(process.env.BENCH_BATCH ?? 100);
/** Chromium encodes lossy WebP at method 3 (Skia's setting); libvips' effort is the same number. */
const WEBP_EFFORT = Number(process.env.BENCH_WEBP_EFFORT ?? 3);

async function browserConvert(app: BenchApp, files: string[], format: string, beforeConvert?: () => Promise<void>): Promise<{ ms: number; title: string; kb: number }> {
  const { page } = app;
  await page.goto("/converter");
  await beforeConvert?.();
  await page.getByLabel("Target Format").selectOption(format);
  await page.getByLabel("Choose images").setInputFiles(files);
  const t0 = Date.now();
  await page.getByRole("button", { name: "Convert", exact: true }).click();
  await page.waitForFunction(() => /^Conversion Complete/.test(document.querySelector("dialog[open] h2")?.textContent ?? ""), undefined, { timeout: 1_800_000, polling: 100 });
  const ms = Date.now() - t0;
  const title = (await page.locator("dialog[open] h2").textContent()) ?? "";
  if (title !== "Conversion Complete") throw new Error(`${format}: ${title}: ${await page.locator("dialog[open] .file-status-error").first().textContent()}`);
  // Output sizes as the results list shows them ("image/webp · 123.45 KB").
  const sizes = await page.getByRole("list", { name: "Conversion Results" }).locator("li p").allTextContents();
  const kb = sizes.reduce((sum, text) => sum + Number(/([\d.,]+) KB/.exec(text)?.[1]?.replace(/,/g, "") ?? 0), 0);
  return { ms, title, kb };
}

async function vipsConvert(files: string[], format: string, inFlight: number, webpEffort = WEBP_EFFORT): Promise<{ ms: number; kb: number }> {
  sharp.concurrency(1);
  sharp.cache(false);
  let next = 0;
  let bytes = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < files.length) {
        const img = sharp(readFileSync(files[next++]!)).rotate();
        let out: Buffer;
        if (format === "webp") out = await img.webp({ quality: 80, effort: webpEffort }).toBuffer();
        else if (format === "jpeg") out = await img.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
        else out = await img.avif({ quality: 80, effort: 3 }).toBuffer();
        bytes += out.length;
      }
    }),
  );
  return { ms: performance.now() - t0, kb: bytes / 1024 };
}

it("converts real photos with WASM codecs close to libvips' throughput", async () => {
  const set = photoSet(Math.max(BATCH, 6));
  if (!set) {
    console.log(MISSING_PHOTOS);
    return;
  }
  const app = await startBenchApp();
  try {
    // The standalone converter needs no server; offline, the service worker serves it (wait until it has
    // installed, which at a high load can outlast the sign-in).
    await app.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await app.context.setOffline(true);
    const workers = await app.page.evaluate(() => Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2)));
    const perCore: Record<string, number | string> = { workers };
    // Which MozJPEG build the workers fetch (by the page, or through the service worker while offline).
    const jpegBuilds = new Set<string>();
    const noteBuild = (url: string): void => {
      if (/mozjpeg_enc_simd[^/]*\.wasm$/.test(url)) jpegBuilds.add("simd");
      else if (/mozjpeg_enc[^/]*\.wasm$/.test(url)) jpegBuilds.add("plain");
    };
    app.page.on("request", (request) => noteBuild(request.url()));
    app.context.on("request", (request) => noteBuild(request.url()));
    perCore.webp_effort = WEBP_EFFORT;
    for (const [format, count] of process.env.BENCH_SKIP_PER_CORE ? [] : ([["webp", 6], ["jpeg", 6], ["avif", 2]] as const)) {
      const files = set.files.slice(0, count);
      const browser = await browserConvert(app, files, format);
      const vips = await vipsConvert(files, format, workers);
      perCore[`${format}_browser_mp_per_s_per_core`] = (count * MP) / (browser.ms / 1000) / workers;
      perCore[`${format}_libvips_mp_per_s_per_core`] = (count * MP) / (vips.ms / 1000) / workers;
      perCore[`${format}_ratio`] = vips.ms / browser.ms;
      perCore[`${format}_size_ratio`] = browser.kb / vips.kb;
      if (format === "webp" && WEBP_EFFORT !== 4) {
        const effort4 = await vipsConvert(files, format, workers, 4);
        perCore.webp_ratio_vs_libvips_effort4 = effort4.ms / browser.ms;
        perCore.webp_size_ratio_vs_libvips_effort4 = browser.kb / effort4.kb;
      }
    }
    perCore.jpeg_wasm_build = [...jpegBuilds].join("+") || "not seen";
    if (!process.env.BENCH_SKIP_PER_CORE) report("convert-per-core", perCore);

    const batch = set.files.slice(0, BATCH);
    const browser = await browserConvert(app, batch, "webp", () => recordLongTasks(app.page));
    const tasks = await longTasks(app.page);
    const vips = await vipsConvert(batch, "webp", workers);
    report("convert-batch-webp", {
      photos: BATCH,
      webp_effort: WEBP_EFFORT,
      outcome: browser.title,
      browser_s: browser.ms / 1000,
      libvips_s: vips.ms / 1000,
      wall_time_ratio_vs_libvips: browser.ms / vips.ms,
      size_ratio_vs_libvips: browser.kb / vips.kb,
      long_tasks_over_50ms: tasks.length,
      longest_task_ms: tasks.length ? Math.max(...tasks.map((t) => t.duration)) : 0,
    });
  } finally {
    await app.close();
    rmSync(set.dir, { recursive: true, force: true });
  }
}, 3_600_000); // the 100-photo batch alone takes over 10 minutes on a loaded 2-core machine
