/**
 * Uploads in Chromium: photos imported offline go up through the product's own path (sync engine, XHR,
 * two requests in flight: batches of records with thumbnails and previews, a batch of medium and large,
 * then one PATCH per original) once the network is back,
 * against the same browser sending the same files as plain multipart POSTs (fetch with FormData, one
 * request per image) to the same server in the same run. Goal: at least 0.85x, the gallery viewable early.
 * BENCH_ROUNDS rounds (default 3), each importing the photos again, alternate which goes first; the
 * summary prints the median ratio. Each round prints the product's request profile. The product's time
 * runs from going online to its last upload's answer (the server has every byte; confirmed by polling
 * the server every BENCH_POLL_MS, 250, which used to be every 50 ms and the product's finish line).
 */
import { rmSync } from "node:fs";
import { it } from "vitest";
import { startBenchApp } from "./support/app";
import { MISSING_PHOTOS, photoSet } from "./support/photos";
import { importOffline, keepFiles, timePlainUpload, timeProductUpload } from "./support/upload-run";
import { report } from "./report";
import { profilePage, type ProfileSummary } from "./support/cpu-profile";
import { countCpu } from "./support/process-cpu";
import { traceStretch } from "./support/browser-trace";

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 12);
/** Rounds of import + product + reference; odd rounds time the reference first, even ones the product first. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/**
 * The server is asked whether it has every photo this often while the product uploads (each ask is a
 * query it answers alongside the uploads); the product's time is its last upload's answer, when the
 * server had the last bytes (the browser's own timing of the request), checked against the server after.
 */
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 250);
/** BENCH_UPLOAD_PAGE names a navigation link to follow before going online ("Image Converter"): the screens' share. */
const UPLOAD_PAGE = process.env.BENCH_UPLOAD_PAGE;
/** BENCH_PROFILE=1 records the app page's main thread during each product upload and prints where it went. */
const PROFILE = process.env.BENCH_PROFILE === "1";
// BENCH_TRACE=cpu prints each product and plain (one at a time) stretch's CPU seconds by Chromium process
// and thread; BENCH_TRACE=1 also traces them (support/browser-trace.ts: tasks by thread and name, the
// browser's IndexedDB work by store), keeping each trace as JSON in BENCH_TRACE_DIR when set.

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

it("uploads photos from the browser at no less than 0.85x plain multipart", async () => {
  const set = photoSet(PHOTOS);
  if (!set) throw new Error(MISSING_PHOTOS);
  const app = await startBenchApp();
  const ratios: number[] = [];
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const clientId = await importOffline(app, `Upload Bench ${round}`, set.files);
      const files = await keepFiles(app.page);
      const bytes = files.bytes.sizes + files.bytes.originals;
      const referenceFirst = round % 2 === 1;
      let plain = 0;
      let plain2 = 0;
      let plainCpu: Record<string, number> = {};
      const timePlain = async () => {
        // From its own context while the app's is offline (nothing of the app competes).
        let stopCounting = () => ({}) as Record<string, number>;
        const traced = traceStretch(app.browser, `round ${round} plain`);
        const counting = {
          start: async () => {
            await traced.start();
            stopCounting = countCpu(app.server.pid);
          },
          stop: async () => {
            plainCpu = stopCounting();
            traced.stop();
            await traced.report();
          },
        };
        plain = await timePlainUpload(app, 1, counting);
        plain2 = await timePlainUpload(app, 2);
      };
      if (referenceFirst) await timePlain();
      if (UPLOAD_PAGE) {
        await app.page.keyboard.press("Escape"); // the import's dialog
        await app.page.getByRole("link", { name: UPLOAD_PAGE }).first().click();
        await app.page.waitForTimeout(500);
      }
      const stopProfile = PROFILE ? await profilePage(app.page) : null;
      const tracedProduct = traceStretch(app.browser, `round ${round} product`);
      await tracedProduct.start();
      const productCounting = countCpu(app.server.pid);
      const product = await timeProductUpload(app, clientId, files.count, () => app.context.setOffline(false), POLL_MS);
      tracedProduct.stop();
      // To the poll that found the upload done (the product's run includes up to BENCH_POLL_MS after its end).
      const productCpu = productCounting();
      {
        const uploads = product.log.filter((r) => r.kind !== "other");
        await tracedProduct.report(uploads.length ? { fromMs: Math.min(...uploads.map((r) => r.start)), toMs: Math.max(...uploads.map((r) => r.end)) } : undefined);
      }
      const mainThread: ProfileSummary | null = stopProfile ? await stopProfile() : null;
      if (!referenceFirst) {
        await app.page.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 120_000 });
        await app.context.setOffline(true);
        await timePlain();
        await app.context.setOffline(false);
      }
      const mbps = (ms: number) => bytes / 1e6 / (ms / 1000);
      ratios.push(plain / product.lastAnswerMs);
      report("upload-browser", {
        round,
        order: referenceFirst ? "reference-first" : "product-first",
        photos: files.count,
        MB: bytes / 1e6,
        sizesMB: files.bytes.sizes / 1e6,
        productMs: product.doneMs,
        lastAnswerMs: product.lastAnswerMs,
        viewableMs: product.viewableMs,
        firstRequestMs: product.firstRequestMs,
        batchDoneMs: product.batchDoneMs,
        plainMs: plain,
        plain2Ms: plain2,
        productMBs: mbps(product.doneMs),
        plainMBs: mbps(plain),
        ratio: plain / product.lastAnswerMs,
        ratioVsParallel2: plain2 / product.lastAnswerMs,
        ratioToPolledDone: plain / product.doneMs,
        // The product's from going online to the poll that found it done (its sync's last steps included).
        productCpuS: productCpu.total ?? 0,
        plainCpuS: plainCpu.total ?? 0,
        batchRequests: product.requests.batch,
        patchRequests: product.requests.patch,
        wholeRequests: product.requests.whole,
        otherRequests: product.requests.other,
        linkIdleMs: product.idleMs,
        meanInFlight: product.meanInFlight,
      });
      const cpuLine = (cpu: Record<string, number>) => Object.entries(cpu).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(", ");
      console.log(`upload-browser round ${round} CPU seconds, product: ${cpuLine(productCpu)}\n  plain (one at a time): ${cpuLine(plainCpu)}`);
      console.log(`upload-browser round ${round} profile (ms since going online):\n${product.profile.join("\n")}`);
      if (mainThread) console.log(`upload-browser round ${round} main thread: ${mainThread.wallMs.toFixed(0)} ms profiled, ${mainThread.idleMs.toFixed(0)} ms idle; by self time:\n  ${mainThread.top.join("\n  ")}\nby the nearest script function:\n  ${mainThread.byScriptFunction.join("\n  ")}\nby the outermost three script frames:\n  ${mainThread.byPath.join("\n  ")}`);
    }
    report("upload-browser summary", { rounds: ROUNDS, medianRatio: median(ratios), minRatio: Math.min(...ratios), maxRatio: Math.max(...ratios) });
  } finally {
    await app.close();
    rmSync(set.dir, { recursive: true, force: true });
  }
}, 3_600_000);
