/**
 * The shoot: 300 photos imported offline, then the network comes back throttled to 10 Mbit/s up (CDP
 * Network.emulateNetworkConditions). Reports the time until every thumbnail and preview is on the server
 * against the time their bytes need at 10 Mbit/s (goal at most 1.2x), and the time until every original is
 * there against all the bytes at link speed (goal at most 1.1x). The photos are generated camera-like JPEGs
 * (support/shoot-photos.ts; 3000 x 2000, about 0.8 MB, by default), whose WebP sizes are about a tenth of
 * their bytes. BENCH_PHOTOS (default 300) and BENCH_WIDTH scale the run down for quick checks.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { it } from "vitest";
import { startBenchApp } from "./support/app";
import { shootPhoto } from "./support/shoot-photos";
import { importOffline, keepFiles, timeProductUpload } from "./support/upload-run";
import { report } from "./report";

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 300);
const WIDTH = Number(process.env.BENCH_WIDTH ?? 3000);
const LINK_BYTES_PER_SECOND = 10_000_000 / 8;

it("uploads a 300-photo shoot over 10 Mbit/s: thumbnails and previews at most 1.2x, originals at most 1.1x their link time", async () => {
  // Written to a folder: the browser takes at most 50 MB of files passed as buffers.
  const dir = mkdtempSync(path.join(os.tmpdir(), "sg-shoot-"));
  const photos: string[] = [];
  for (let i = 0; i < PHOTOS; i++) {
    const file = path.join(dir, `shoot-${String(i + 1).padStart(4, "0")}.jpg`);
    writeFileSync(file, await shootPhoto(i, WIDTH));
    photos.push(file);
  }
  const app = await startBenchApp();
  try {
    const clientId = await importOffline(app, "Shoot Bench", photos);
    const files = await keepFiles(app.page);
    const cdp = await app.context.newCDPSession(app.page);
    const product = await timeProductUpload(app, clientId, files.count, async () => {
      await app.context.setOffline(false);
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: LINK_BYTES_PER_SECOND });
    });
    const all = files.bytes.sizes + files.bytes.originals;
    const linkMs = (bytes: number) => (bytes / LINK_BYTES_PER_SECOND) * 1000;
    report("upload-shoot", {
      photos: files.count,
      originalsMB: files.bytes.originals / 1e6,
      sizesMB: files.bytes.sizes / 1e6,
      thumbsPreviewsMB: files.bytes.thumbnailsAndPreviews / 1e6,
      viewableMs: product.viewableMs,
      viewableLinkMs: linkMs(files.bytes.thumbnailsAndPreviews),
      viewableRatio: product.viewableMs / linkMs(files.bytes.thumbnailsAndPreviews),
      viewableVsAllSizesRatio: product.viewableMs / linkMs(files.bytes.sizes),
      doneMs: product.doneMs,
      doneLinkMs: linkMs(all),
      doneRatio: product.doneMs / linkMs(all),
      batchRequests: product.requests.batch,
      patchRequests: product.requests.patch,
      wholeRequests: product.requests.whole,
      linkIdleMs: product.idleMs,
      meanInFlight: product.meanInFlight,
    });
    console.log(`upload-shoot profile (ms since going online):\n${product.profile.join("\n")}`);
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}, 3_600_000);
