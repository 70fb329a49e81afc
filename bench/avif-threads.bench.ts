/**
 * Every core (issue 28): AVIF q80 of real photos (14.7 MP JPEGs) through the standalone converter, with
 * the multi-threaded encoder (the owner's app as served: cross-origin isolated) against the single-threaded
 * one (the same build and server, the isolation header taken off the answers, so SharedArrayBuffer is
 * missing and @jsquash loads its single-threaded build), in the same run, alternating which goes first.
 * Prints the ratio of wall times for 2 photos (goal: at least 1.5x on 2 cores) and for 1 photo.
 *
 * Both sides run without the service worker (blocked); on the single-threaded side the app's files pass
 * through Playwright's router, which drops `Cross-Origin-Embedder-Policy` (the API is left alone: its
 * event stream never ends). Each side checks `crossOriginIsolated` and which encoder build its workers
 * asked for (so far in its context: workers stay loaded between conversions). BENCH_ROUNDS (2) sets the rounds.
 * Each conversion also prints how many cores were busy (CPU seconds of the browser's processes, and of the
 * whole machine, over the wall time: bench/support/cpu-busy.ts) and the output's size; and the ceiling: the
 * single-threaded side's CPU seconds spread perfectly over every core, against its wall time (if 2 photos
 * single-threaded already keep 2 cores busy, no threading can be much faster). That ceiling needs a quiet
 * machine (others' work stretches the wall time); so each round also prints one from CPU seconds alone: on
 * 2 idle cores, 2 photos single-threaded take as long as the longer photo alone (the 1-photo conversion's
 * CPU seconds), and threads cannot beat the 2 photos' CPU seconds (threaded side's) spread over the cores.
 * BENCH_AVIF_TILES="cols,rows" (log2) adds a third side: threaded, with the encoder told to tile (a bench
 * hook, workers/convert/benchHooks.ts, set in each media worker of that side).
 */
import type { BrowserContext, Page } from "playwright-core";
import os from "node:os";
import { it } from "vitest";
import { report } from "./report";
import { cpuBusy, type CpuBusy } from "./support/cpu-busy";
import { startAppServer } from "../e2e/support/app-server";
import { launchChromium } from "../e2e/support/browser";
import { signInOwner } from "../e2e/support/owner-session";
import { MISSING_PHOTOS, photoSet } from "./support/photos";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const TILES = process.env.BENCH_AVIF_TILES?.split(",").map(Number);
type Side = "threaded" | "single" | "tiled";

interface Run {
  ms: number;
  isolated: boolean;
  /** The threaded encoder's thread workers were asked for. */
  threadedBuild: boolean;
  /** The single-threaded encoder was asked for. */
  singleBuild: boolean;
  cpu: CpuBusy;
  kb: number;
}

async function sideContext(browser: Awaited<ReturnType<typeof launchChromium>>, baseURL: string, side: Side): Promise<{ context: BrowserContext; page: Page; asked: string[] }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, serviceWorkers: "block" });
  const asked: string[] = [];
  context.on("request", (request) => void asked.push(request.url()));
  if (side === "single") {
    await context.route(
      (url) => !url.pathname.startsWith("/api/"),
      async (route) => {
        const response = await route.fetch();
        // The body comes decoded: its encoding and length headers no longer describe it.
        const headers = { ...response.headers() };
        delete headers["content-encoding"];
        delete headers["content-length"];
        delete headers["cross-origin-embedder-policy"];
        await route.fulfill({ response, headers });
      },
    );
  }
  const page = await context.newPage();
  if (side === "tiled") {
    const avif = { tileColsLog2: TILES![0]!, tileRowsLog2: TILES![1] ?? 0 };
    page.on("worker", (worker) => void worker.evaluate((options) => void ((globalThis as { __convertBench?: unknown }).__convertBench = { avif: options }), avif).catch(() => undefined));
  }
  return { context, page, asked };
}

async function convertAvif(page: Page, asked: string[], files: string[]): Promise<Run> {
  await page.goto("/converter");
  const isolated = await page.evaluate(() => globalThis.crossOriginIsolated);
  await page.getByLabel("Target Format").selectOption("avif");
  await page.getByLabel("Choose images").setInputFiles(files);
  const t0 = Date.now();
  const busy = cpuBusy();
  await page.getByRole("button", { name: "Convert", exact: true }).click();
  await page.waitForFunction(() => /^Conversion Complete/.test(document.querySelector("dialog[open] h2")?.textContent ?? ""), undefined, { timeout: 1_800_000, polling: 100 });
  const ms = Date.now() - t0;
  const cpu = busy.stop();
  const title = (await page.locator("dialog[open] h2").textContent()) ?? "";
  if (title !== "Conversion Complete") throw new Error(`AVIF: ${title}`);
  const sizes = await page.getByRole("list", { name: "Conversion Results" }).locator("li p").allTextContents();
  const kb = sizes.reduce((sum, text) => sum + Number(/([\d.,]+) KB/.exec(text)?.[1]?.replace(/,/g, "") ?? 0), 0);
  return { ms, cpu, kb, isolated, threadedBuild: asked.some((url) => /\/assets\/avif_enc_mt\.worker-[\w-]+\.js$/.test(url)), singleBuild: asked.some((url) => /\/assets\/avif_enc-[\w-]+\.js$/.test(url)) };
}

it("encodes AVIF at least 1.5x faster with the threaded encoder on 2 cores", async () => {
  const set = photoSet(2);
  if (!set) {
    console.log(MISSING_PHOTOS);
    return;
  }
  const [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  try {
    const sides = {} as Record<Side, Awaited<ReturnType<typeof sideContext>>>;
    const all: Side[] = TILES ? ["threaded", "single", "tiled"] : ["threaded", "single"];
    for (const side of all) {
      sides[side] = await sideContext(browser, server.url, side);
      await signInOwner(sides[side].page, server, { serviceWorker: false }); // its contexts block service workers
    }
    const workers = await sides.threaded.page.evaluate(() => Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2)));
    const ratios: Record<string, number[]> = { two: [], one: [] };
    const cpuOf = {} as Record<string, Record<Side, Run>>;
    for (let round = 1; round <= ROUNDS; round++) {
      const order: Side[] = round % 2 ? [...all].reverse() : all;
      for (const [label, files] of [["two", set.files], ["one", set.files.slice(0, 1)]] as const) {
        const loadBefore = os.loadavg()[0]!;
        const runs = {} as Record<Side, Run>;
        for (const side of order) runs[side] = await convertAvif(sides[side].page, sides[side].asked, [...files]);
        if (!runs.threaded.isolated || !runs.threaded.threadedBuild) throw new Error(`the threaded side was not isolated or loaded the single-threaded build: ${JSON.stringify(runs.threaded)}`);
        if (runs.tiled && (!runs.tiled.isolated || !runs.tiled.threadedBuild)) throw new Error(`the tiled side was not threaded: ${JSON.stringify(runs.tiled)}`);
        if (runs.single.isolated || runs.single.threadedBuild || !runs.single.singleBuild) throw new Error(`the single-threaded side was isolated or threaded: ${JSON.stringify(runs.single)}`);
        const ratio = runs.single.ms / runs.threaded.ms;
        cpuOf[label] = runs;
        ratios[label]!.push(ratio);
        report("avif-threads", {
          round,
          photos: files.length,
          workers,
          cores: os.cpus().length,
          order: order.join("-"),
          load_average: `${loadBefore.toFixed(1)}->${os.loadavg()[0]!.toFixed(1)}`,
          threaded_s: runs.threaded.ms / 1000,
          single_s: runs.single.ms / 1000,
          speedup_threaded_vs_single: ratio,
          ...Object.fromEntries(
            Object.entries(runs).flatMap(([side, run]) => [
              [`${side}_cpu_s`, run.cpu.browserCpuS],
              [`${side}_cores_busy_browser`, run.cpu.browserCoresBusy],
              [`${side}_cores_busy_machine`, run.cpu.machineCoresBusy],
              [`${side}_kb`, run.kb],
            ]),
          ),
          // The single side's CPU seconds on every core at once: the least wall time any threading could reach.
          ceiling_speedup_on_all_cores: runs.single.ms / 1000 / (runs.single.cpu.browserCpuS / os.cpus().length),
          ...(runs.tiled ? { tiles_log2: TILES!.join(","), tiled_s: runs.tiled.ms / 1000, speedup_tiled_vs_threaded: runs.threaded.ms / runs.tiled.ms, size_tiled_vs_threaded: runs.tiled.kb / runs.threaded.kb } : {}),
        });
      }
      const [one, two] = [cpuOf.one!, cpuOf.two!];
      report("avif-threads", {
        round,
        ceiling_2_photos_by_cpu_threaded: one.single.cpu.browserCpuS / (two.threaded.cpu.browserCpuS / os.cpus().length),
        ceiling_2_photos_by_cpu_single: one.single.cpu.browserCpuS / (two.single.cpu.browserCpuS / os.cpus().length),
      });
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
    report("avif-threads", { rounds: ROUNDS, speedup_2_photos_median: median(ratios.two!), speedup_1_photo_median: median(ratios.one!) });
  } finally {
    await browser.close();
    await server.stop();
  }
}, 3_600_000);
