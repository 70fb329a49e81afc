/**
 * Import of real photos (14.7 MP JPEGs) in headless Chromium: the media worker pool decodes, applies
 * orientation, makes every size of src/domain/image-sizes.ts down one chain (2,048 px preview, watermarked
 * from 800 px up, then 1,600, 800 and 400 px), a ThumbHash placeholder, and checksums each file; against
 * libvips (sharp) making the same set of sizes of the same files the same way (decode once, each size from
 * the one above) with as many images in flight as the browser's pool has workers, each with one libvips
 * thread, in the same run. Goal: at least 0.75x libvips' throughput. Also reports the main thread's long tasks during the import
 * (goal: none over 50 ms caused by it) and the average thumbnail size.
 */
import { readFileSync, rmSync } from "node:fs";
import sharp from "sharp";
import { expect, it } from "vitest";
import { report } from "./report";
import { longTasks, recordLongTasks, startBenchApp } from "./support/app";
import { MISSING_PHOTOS, photoSet } from "./support/photos";

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 50);

async function libvips(files: string[], inFlight: number): Promise<number> {
  sharp.concurrency(1);
  sharp.cache(false);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < files.length) {
        const input = readFileSync(files[next++]!);
        // Decode once into raw pixels, then each size from the one above, as the worker does.
        const preview = await sharp(input).rotate().resize(2048, 2048, { fit: "inside" }).raw().toBuffer({ resolveWithObject: true });
        let source = preview;
        const encoded = [sharp(preview.data, { raw: preview.info }).webp({ quality: 85 }).toBuffer()];
        for (const [edge, quality] of [[1600, 82], [800, 80], [400, 75]] as const) {
          source = await sharp(source.data, { raw: source.info }).resize(edge, edge, { fit: "inside" }).raw().toBuffer({ resolveWithObject: true });
          encoded.push(sharp(source.data, { raw: source.info }).webp({ quality }).toBuffer());
        }
        await Promise.all(encoded);
      }
    }),
  );
  return performance.now() - started;
}

it(`imports ${PHOTOS} real photos at no less than 0.75x libvips throughput`, async () => {
  const set = photoSet(PHOTOS);
  if (!set) {
    console.log(MISSING_PHOTOS);
    return;
  }
  const app = await startBenchApp();
  try {
    const { page, context } = app;
    const poolSize = await page.evaluate(() => Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2)));
    await page.goto("/clients/new");
    await page.getByLabel("Name").fill("Bench");
    await page.getByRole("button", { name: "Create Client" }).click();
    await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
    await context.setOffline(true); // at a shoot: nothing else competes for the cores
    await recordLongTasks(page);
    await page.getByTestId("Upload images").setInputFiles(set.files);
    await page.getByRole("heading", { name: "Uploading Images" }).waitFor();
    const started = Date.now();
    const dialogAt = await page.evaluate(() => performance.now());
    // Done when the dialog leaves 'Uploading Images' (offline it then says the photos are saved on the device).
    await page.waitForFunction(() => !/^Uploading/.test(document.querySelector("dialog[open] h2")?.textContent ?? "Uploading"), undefined, { timeout: 1_800_000, polling: 50 });
    const browserMs = Date.now() - started;
    const title = await page.locator("dialog[open] h2").textContent();
    // Every photo imported, none skipped as a duplicate: otherwise the ratio compares 6 photos with 50.
    expect(title).toContain(`(${PHOTOS} photos)`);
    const tasks = await longTasks(page);
    const thumbs = await page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          const open = indexedDB.open("studio-gallery");
          open.onsuccess = () => {
            const all = open.result.transaction("imageBlobs").objectStore("imageBlobs").getAll();
            all.onsuccess = () => resolve((all.result as { thumbnail: Blob }[]).map((r) => r.thumbnail.size));
          };
        }),
    );
    const vipsMs = process.env.BENCH_SKIP_LIBVIPS ? browserMs : await libvips(set.files, poolSize);
    const megapixels = (PHOTOS * 5120 * 2880) / 1e6;
    report("import-pipeline", {
      photos: PHOTOS,
      outcome: title ?? "",
      workers: poolSize,
      browser_s: browserMs / 1000,
      libvips_s: vipsMs / 1000,
      browser_mp_per_s: megapixels / (browserMs / 1000),
      libvips_mp_per_s: megapixels / (vipsMs / 1000),
      ratio_vs_libvips: vipsMs / browserMs,
      long_tasks_over_50ms: tasks.length,
      longest_task_ms: tasks.length ? Math.max(...tasks.map((t) => t.duration)) : 0,
      // When each long task began, relative to the progress dialog's appearance (negative: before it).
      long_tasks_at_ms: tasks.map((t) => `${Math.round(t.start - dialogAt)}+${Math.round(t.duration)}`).join(" ") || "-",
      avg_thumbnail_kb: thumbs.reduce((a, b) => a + b, 0) / thumbs.length / 1024,
    });
  } finally {
    await app.close();
    rmSync(set.dir, { recursive: true, force: true });
  }
});
