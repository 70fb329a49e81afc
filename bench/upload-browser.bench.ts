/**
 * Uploads in Chromium: photos imported offline go up through the product's own path (sync engine, XHR:
 * a batch of records with thumbnails and previews, then one PATCH per original) once the network is back,
 * against the same browser sending the same files as plain multipart POSTs (fetch with FormData, one
 * request per image) to the same server in the same run. Goal: at least 0.85x, the gallery viewable early.
 */
import { rmSync } from "node:fs";
import { it } from "vitest";
import { startBenchApp } from "./support/app";
import { MISSING_PHOTOS, photoSet } from "./support/photos";
import { importOffline, keepFiles, timePlainUpload, timeProductUpload } from "./support/upload-run";
import { report } from "./report";

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 12);

it("uploads photos from the browser at no less than 0.85x plain multipart", async () => {
  const set = photoSet(PHOTOS);
  if (!set) throw new Error(MISSING_PHOTOS);
  const app = await startBenchApp();
  try {
    const clientId = await importOffline(app, "Upload Bench", set.files);
    const files = await keepFiles(app.page);
    const bytes = files.bytes.sizes + files.bytes.originals;
    // The reference first, from its own context while the app's is still offline (nothing else competes).
    const plain = await timePlainUpload(app, 1);
    const plain2 = await timePlainUpload(app, 2);
    const product = await timeProductUpload(app, clientId, files.count, () => app.context.setOffline(false));
    const mbps = (ms: number) => bytes / 1e6 / (ms / 1000);
    report("upload-browser", {
      photos: files.count,
      MB: bytes / 1e6,
      sizesMB: files.bytes.sizes / 1e6,
      productMs: product.doneMs,
      viewableMs: product.viewableMs,
      firstRequestMs: product.firstRequestMs,
      batchDoneMs: product.batchDoneMs,
      plainMs: plain,
      plain2Ms: plain2,
      productMBs: mbps(product.doneMs),
      plainMBs: mbps(plain),
      ratio: plain / product.doneMs,
      ratioVsParallel2: plain2 / product.doneMs,
      batchRequests: product.requests.batch,
      patchRequests: product.requests.patch,
      otherRequests: product.requests.other,
      linkIdleMs: product.idleMs,
      meanInFlight: product.meanInFlight,
    });
    console.log(`upload-browser profile (ms since going online):\n${product.profile.join("\n")}`);
  } finally {
    await app.close();
    rmSync(set.dir, { recursive: true, force: true });
  }
}, 1_800_000);
