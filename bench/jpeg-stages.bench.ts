/**
 * Where one MozJPEG conversion's time goes in the browser (issue 28: MozJPEG q80 per core at least 0.5x
 * libvips). The standalone converter converts real photos (14.7 MP JPEGs) to JPEG q80 with a bench hook set
 * in each media worker (workers/convert/benchHooks.ts) that keeps each conversion's stage times: reading the
 * header and metadata, decoding (createImageBitmap), drawing to the canvas, getImageData, encoding (the
 * copy into WebAssembly included), embedding the metadata, the Blob. Two phases: one photo at a time (a
 * core to itself), then 6 photos at once (both workers, as bench/convert.bench.ts's per-core figure). Each
 * phase prints the split per photo, the browser's CPU seconds and cores busy, and libvips' decode and
 * MozJPEG encode of the same photos in the same run (one thread, CPU time). The first conversion (which
 * loads the encoder) is a warm-up, not counted. Prints a SHA-256 of every output: a change outside the
 * encoder must leave them as they were. BENCH_PHOTOS (3) sets the one-at-a-time count.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { it } from "vitest";
import { report } from "./report";
import { cpuBusy } from "./support/cpu-busy";
import { MISSING_PHOTOS, photoSet } from "./support/photos";
import { startAppServer } from "../e2e/support/app-server";
import { launchChromium } from "../e2e/support/browser";
import { signInOwner } from "../e2e/support/owner-session";

const ONE_BY_ONE = Number(process.env.BENCH_PHOTOS ?? 3);
interface Stage {
  name: string;
  stage: string;
  ms: number;
}

const mediaWorkers = (page: Page) => page.workers().filter((w) => /media\.worker/.test(w.url()));

async function convert(page: Page, files: string[]): Promise<{ ms: number; stages: Stage[]; hashes: string[] }> {
  await page.goto("/converter");
  await page.getByLabel("Target Format").selectOption("jpeg");
  await page.getByLabel("Choose images").setInputFiles(files);
  const t0 = Date.now();
  await page.getByRole("button", { name: "Convert", exact: true }).click();
  await page.waitForFunction(() => /^Conversion Complete/.test(document.querySelector("dialog[open] h2")?.textContent ?? ""), undefined, { timeout: 1_800_000, polling: 100 });
  const ms = Date.now() - t0;
  const stages: Stage[] = [];
  const outputs: Array<[string, number[]]> = [];
  for (const worker of mediaWorkers(page)) {
    const got = await worker.evaluate(async () => {
      const hooks = (globalThis as { __convertBench?: { stages: Stage[]; outputs: Array<{ name: string; blob: Blob }> } }).__convertBench!;
      const taken = { stages: hooks.stages.splice(0), outputs: hooks.outputs.splice(0) };
      return { stages: taken.stages, outputs: await Promise.all(taken.outputs.map(async (o) => [o.name, [...new Uint8Array(await crypto.subtle.digest("SHA-256", await o.blob.arrayBuffer()))]] as [string, number[]])) };
    });
    stages.push(...got.stages);
    outputs.push(...got.outputs);
  }
  const hashes = outputs.sort((a, b) => a[0].localeCompare(b[0])).map(([name, digest]) => `${name}:${Buffer.from(digest).toString("hex").slice(0, 16)}`);
  return { ms, stages, hashes };
}

/** libvips on one thread: decode to RGBA, then MozJPEG q80 from the pixels, CPU ms of each per photo. */
async function vips(files: string[]): Promise<{ decode: number; encode: number }> {
  sharp.concurrency(1);
  sharp.cache(false);
  let decode = 0;
  let encode = 0;
  for (const file of files) {
    let t = process.cpuUsage();
    const raw = await sharp(readFileSync(file)).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    let used = process.cpuUsage(t);
    decode += (used.user + used.system) / 1000;
    t = process.cpuUsage();
    await sharp(raw.data, { raw: raw.info }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    used = process.cpuUsage(t);
    encode += (used.user + used.system) / 1000;
  }
  return { decode: decode / files.length, encode: encode / files.length };
}

/**
 * The same bitmap's RGBA two ways in a media worker, best of 3 each: drawn to a canvas and read back by
 * getImageData (what convertImage does), and copied out of a VideoFrame (WebCodecs) in one step; and
 * whether the two give the same bytes.
 */
async function pixelPaths(page: Page, file: string): Promise<Record<string, number | string>> {
  return mediaWorkers(page)[0]!.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/jpeg" }), { imageOrientation: "from-image" });
    const { width, height } = bitmap;
    let canvasMs = Infinity;
    let frameMs = Infinity;
    let viaCanvas = new Uint8ClampedArray(0);
    let viaFrame = new Uint8Array(0);
    for (let i = 0; i < 3; i++) {
      let t0 = performance.now();
      const ctx = new OffscreenCanvas(width, height).getContext("2d", { willReadFrequently: true })!;
      ctx.drawImage(bitmap, 0, 0);
      viaCanvas = ctx.getImageData(0, 0, width, height).data;
      canvasMs = Math.min(canvasMs, performance.now() - t0);
      t0 = performance.now();
      const frame = new VideoFrame(bitmap, { timestamp: 0 });
      viaFrame = new Uint8Array(width * height * 4);
      await frame.copyTo(viaFrame, { format: "RGBA" } as VideoFrameCopyToOptions);
      frame.close();
      frameMs = Math.min(frameMs, performance.now() - t0);
    }
    let differing = 0;
    for (let i = 0; i < viaFrame.length; i++) if (viaFrame[i] !== viaCanvas[i]) differing++;
    return { canvas_getimagedata_ms: canvasMs, videoframe_copyto_ms: frameMs, videoframe_bytes_differing: differing };
  }, readFileSync(file).toString("base64"));
}

function split(stages: Stage[], photos: number): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const s of stages) sum[s.stage] = (sum[s.stage] ?? 0) + s.ms / photos;
  return Object.fromEntries(Object.entries(sum).map(([k, ms]) => [`${k.replace(/\W+/g, "_")}_ms`, ms]));
}

it("splits a MozJPEG conversion in the browser into its stages", async () => {
  const set = photoSet(6);
  if (!set) {
    console.log(MISSING_PHOTOS);
    return;
  }
  const [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, serviceWorkers: "block" });
    const page = await context.newPage();
    page.on("worker", (worker) => void worker.evaluate(() => void ((globalThis as { __convertBench?: unknown }).__convertBench = { stages: [], outputs: [] })).catch(() => undefined));
    await signInOwner(page, server, { serviceWorker: false });
    await convert(page, set.files.slice(0, 2)); // warm-up: both workers start and load the encoder
    const phases: Array<[string, string[][]]> = [
      ["one-at-a-time", set.files.slice(0, ONE_BY_ONE).map((f) => [f])],
      ["six-at-once", [set.files]],
    ];
    for (const [phase, batches] of phases) {
      const count = batches.flat().length;
      const load = os.loadavg()[0]!.toFixed(1);
      const busy = cpuBusy();
      let wall = 0;
      const stages: Stage[] = [];
      const hashes: string[] = [];
      for (const files of batches) {
        const run = await convert(page, files);
        wall += run.ms;
        stages.push(...run.stages);
        hashes.push(...run.hashes);
      }
      const cpu = busy.stop();
      const ref = await vips(batches.flat());
      report("jpeg-stages", {
        phase,
        photos: count,
        load_average: `${load}->${os.loadavg()[0]!.toFixed(1)}`,
        wall_s_per_photo: wall / 1000 / count,
        browser_cpu_s_per_photo: cpu.browserCpuS / count,
        browser_cores_busy: cpu.browserCoresBusy,
        machine_cores_busy: cpu.machineCoresBusy,
        browser_threads_cpu_s: cpu.topThreads,
        ...split(stages, count),
        libvips_decode_cpu_ms: ref.decode,
        libvips_encode_cpu_ms: ref.encode,
        hashes: hashes.join(" "),
      });
    }
    // The copy into WebAssembly (inside the encode stage): one TypedArray.set of a photo's RGBA, timed alone.
    const copyMs = await mediaWorkers(page)[0]!.evaluate(() => {
      const from = new Uint8ClampedArray(5120 * 2880 * 4).fill(7);
      const to = new Uint8Array(from.length);
      const t0 = performance.now();
      for (let i = 0; i < 5; i++) to.set(from);
      return (performance.now() - t0) / 5;
    });
    report("jpeg-stages", { copy_59mb_typedarray_set_ms: copyMs, ...(await pixelPaths(page, set.files[0]!)) });
  } finally {
    await browser.close();
    await server.stop();
  }
}, 3_600_000);
