/**
 * Direct uploads in Chromium (issue 39): photos imported offline go up through the product's own path with
 * the studio on object storage (sync engine, records as JSON, every file straight to the bucket with the
 * server's presigned PUTs and its checks before and after each file), against the same browser sending the
 * same bytes (every size and the original of each photo) as plain presigned PUTs to the same bucket, two at a
 * time as the app's two lanes, in the same run. The bucket is the local signature-checking S3 server of the
 * tests. Goal: at least 0.9x. BENCH_PHOTOS photos (default 200), BENCH_ROUNDS rounds (default 1), odd rounds
 * time the reference first. The product's time runs from going online until the server has every original
 * (polled every 50 ms) and, beside it, to the answer of its last request.
 */
import { createRequire } from "node:module";
import { it } from "vitest";
import { putBucketCors } from "../scripts/s3-cors.mjs";
import { s3ConfigFromEnv } from "../scripts/lib/s3.mjs";
import { startS3Server } from "../tests/server/s3-server";
import { startBenchApp, type BenchApp } from "./support/app";
import sharp from "sharp";
import { importOffline, keepFiles, timeProductUpload } from "./support/upload-run";
import { report } from "./report";

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const sigv4 = createRequire(import.meta.url)("../pb_hooks/lib/rules/sigv4.js") as { presignUrl: (config: object, request: object) => string };

/**
 * `count` distinct photos of a camera's 6 MP (3000 x 2000): coarse random pixels scaled up smoothly, so each
 * JPEG is ~1 MB of real, different content (the bench's own, not copies of one file).
 */
async function photos(count: number): Promise<Array<{ name: string; mimeType: string; buffer: Buffer }>> {
  const out = [];
  for (let i = 0; i < count; i++) {
    const raw = Buffer.alloc(60 * 40 * 3);
    for (let j = 0; j < raw.length; j++) raw[j] = (Math.sin(i * 7.1 + j * 0.37) * 0.5 + 0.5) * 255;
    const buffer = await sharp(raw, { raw: { width: 60, height: 40, channels: 3 } }).resize(3000, 2000, { kernel: "cubic" }).jpeg({ quality: 92 }).toBuffer();
    out.push({ name: `photo-${String(i).padStart(3, "0")}.jpg`, mimeType: "image/jpeg", buffer });
  }
  return out;
}

/** Presigned PUTs of every file the import kept (window.__files), sent by a fresh context two at a time; ms. */
async function timePlainPresigned(app: BenchApp, config: object): Promise<number> {
  const kinds = await app.page.evaluate(() => (window as unknown as { __files: Array<Record<string, Blob>> }).__files.map((image) => Object.entries(image).map(([field, blob]) => ({ field, type: blob.type }))));
  const stamp = Date.now();
  const urls = kinds.map((fields, i) => fields.map(({ field, type }) => ({ field, type, url: sigv4.presignUrl(config, { method: "PUT", key: `plain/${stamp}/${i}/${field}`, expires: 3600, now: new Date(), headers: { "content-type": type } }) })));
  // The same page holds the blobs: the reference runs in it while the app is offline (its sync idle).
  return app.page.evaluate(async (urls) => {
    const files = (window as unknown as { __files: Array<Record<string, Blob>> }).__files;
    const jobs = urls.flatMap((fields, i) => fields.map((f) => ({ ...f, blob: files[i]![f.field]! })));
    let next = 0;
    const started = performance.now();
    const lane = async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const r = await fetch(job.url, { method: "PUT", headers: { "content-type": job.type }, body: job.blob });
        if (!r.ok) throw new Error(`plain PUT ${r.status}`);
      }
    };
    await Promise.all([lane(), lane()]);
    return performance.now() - started;
  }, urls);
}

it("uploads photos straight to the bucket at no less than 0.9x plain presigned PUTs", async () => {
  const set = await photos(PHOTOS);
  const s3 = await startS3Server();
  const config = s3ConfigFromEnv(s3.env)!;
  const app = await startBenchApp(s3.env);
  await putBucketCors(config, [app.server.url]);
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const clientId = await importOffline(app, `Direct Bench ${round}`, set);
      const files = await keepFiles(app.page);
      const bytes = files.bytes.sizes + files.bytes.originals;
      const referenceFirst = round % 2 === 1;
      let plain = 0;
      if (referenceFirst) plain = await timePlainPresigned(app, config);
      const fromBrowser = () => s3.requests.filter((r) => r.method === "PUT" && r.origin === app.server.url && !r.path.includes("/plain/")).reduce((sum, r) => sum + r.bytesIn, 0);
      const before = fromBrowser();
      const product = await timeProductUpload(app, clientId, files.count, () => app.context.setOffline(false), 50);
      const direct = fromBrowser() - before;
      if (!referenceFirst) {
        await app.page.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 120_000 });
        await app.context.setOffline(true);
        plain = await timePlainPresigned(app, config);
        await app.context.setOffline(false);
      }
      const mbps = (ms: number) => bytes / 1e6 / (ms / 1000);
      report("direct-uploads", {
        round,
        order: referenceFirst ? "reference-first" : "product-first",
        photos: files.count,
        MB: bytes / 1e6,
        directToBucketMB: direct / 1e6,
        productMs: product.doneMs,
        lastAnswerMs: product.lastAnswerMs,
        viewableMs: product.viewableMs,
        plainMs: plain,
        productMBs: mbps(product.doneMs),
        plainMBs: mbps(plain),
        ratio: plain / product.doneMs,
        ratioToLastAnswer: product.lastAnswerMs ? plain / product.lastAnswerMs : 0,
        apiRequests: product.log.length,
      });
      console.log(`direct-uploads round ${round} profile (ms since going online):\n${product.profile.slice(0, 40).join("\n")}`);
    }
  } finally {
    await app.close();
    await s3.stop();
  }
}, 3_600_000);
