/**
 * The converters' throughput in headless Chromium, through the standalone converter (the media worker
 * pool, WASM codecs), against libvips (sharp) converting the same real photos (14.7 MP JPEGs) with the same
 * number of images in flight, one libvips thread each, in the same run. Both sides decode and encode.
 * - per-core throughput, WebP q80 / MozJPEG q80 / AVIF q80 (goals 0.9x, 0.5x, 0.4x of libvips);
 * - a batch of 100 photos to WebP q80 with the whole pool (goal: wall time at most 1.2x libvips');
 * - the main thread's long tasks during the batch (goal: none over 50 ms caused by it).
 */
import { readFileSync, rmSync } from "node:fs";
import sharp from "sharp";
import { it } from "vitest";
import { report } from "./report";
import { longTasks, recordLongTasks, startBenchApp, type BenchApp } from "./support/app";
import { MISSING_PHOTOS, photoSet } from "./support/photos";

const MP = (5120 * 2880) / 1e6;
const BATCH = Number(process.env.BENCH_BATCH ?? 100);

async function browserConvert(app: BenchApp, files: string[], format: string, beforeConvert?: () => Promise<void>): Promise<{ ms: number; title: string }> {
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
  return { ms, title };
}

async function vipsConvert(files: string[], format: string, inFlight: number): Promise<number> {
  sharp.concurrency(1);
  sharp.cache(false);
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < files.length) {
        const img = sharp(readFileSync(files[next++]!)).rotate();
        if (format === "webp") await img.webp({ quality: 80 }).toBuffer();
        else if (format === "jpeg") await img.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
        else await img.avif({ quality: 80, effort: 3 }).toBuffer();
      }
    }),
  );
  return performance.now() - t0;
}

it("converts real photos with WASM codecs close to libvips' throughput", async () => {
  const set = photoSet(Math.max(BATCH, 6));
  if (!set) {
    console.log(MISSING_PHOTOS);
    return;
  }
  const app = await startBenchApp();
  try {
    await app.context.setOffline(true); // the standalone converter needs no server
    const workers = await app.page.evaluate(() => Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2)));
    const perCore: Record<string, number | string> = { workers };
    for (const [format, count] of process.env.BENCH_SKIP_PER_CORE ? [] : ([["webp", 6], ["jpeg", 6], ["avif", 2]] as const)) {
      const files = set.files.slice(0, count);
      const browser = await browserConvert(app, files, format);
      const vips = await vipsConvert(files, format, workers);
      perCore[`${format}_browser_mp_per_s_per_core`] = (count * MP) / (browser.ms / 1000) / workers;
      perCore[`${format}_libvips_mp_per_s_per_core`] = (count * MP) / (vips / 1000) / workers;
      perCore[`${format}_ratio`] = vips / browser.ms;
    }
    if (!process.env.BENCH_SKIP_PER_CORE) report("convert-per-core", perCore);

    const batch = set.files.slice(0, BATCH);
    const browser = await browserConvert(app, batch, "webp", () => recordLongTasks(app.page));
    const tasks = await longTasks(app.page);
    const vips = await vipsConvert(batch, "webp", workers);
    report("convert-batch-webp", {
      photos: BATCH,
      outcome: browser.title,
      browser_s: browser.ms / 1000,
      libvips_s: vips / 1000,
      wall_time_ratio_vs_libvips: browser.ms / vips,
      long_tasks_over_50ms: tasks.length,
      longest_task_ms: tasks.length ? Math.max(...tasks.map((t) => t.duration)) : 0,
    });
  } finally {
    await app.close();
    rmSync(set.dir, { recursive: true, force: true });
  }
});
