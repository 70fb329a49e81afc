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
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { it, onTestFinished } from "vitest";
import { putBucketCors } from "../scripts/s3-cors.mjs";
import { s3ConfigFromEnv } from "../scripts/lib/s3.mjs";
import { startS3Server } from "../tests/server/s3-server";
import { startBenchApp, type BenchApp } from "./support/app";
import sharp from "sharp";
import { exportFiles, importOffline, keepFiles, timeProductUpload } from "./support/upload-run";
import { report } from "./report";

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const sigv4 = createRequire(import.meta.url)("../pb_hooks/lib/rules/sigv4.js") as { presignUrl: (config: object, request: object) => string };

/**
 * `count` distinct photos of a camera's 6 MP (3000 x 2000): coarse random pixels scaled up smoothly, so each
 * JPEG is ~1 MB of real, different content (the bench's own, not copies of one file).
 */
async function photos(count: number): Promise<string[]> {
  // On disk, as a person picks them: a large buffer over the DevTools pipe times out on a loaded machine.
  const dir = mkdtempSync(path.join(os.tmpdir(), "sg-direct-bench-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const raw = Buffer.alloc(60 * 40 * 3);
    for (let j = 0; j < raw.length; j++) raw[j] = (Math.sin(i * 7.1 + j * 0.37) * 0.5 + 0.5) * 255;
    const buffer = await sharp(raw, { raw: { width: 60, height: 40, channels: 3 } }).resize(3000, 2000, { kernel: "cubic" }).jpeg({ quality: 92 }).toBuffer();
    const file = path.join(dir, `photo-${String(i).padStart(3, "0")}.jpg`);
    writeFileSync(file, buffer);
    out.push(file);
  }
  return out;
}

/**
 * Presigned PUTs of every file the import kept (window.__files), sent two at a time by the same browser from a
 * context of its own on the app's origin (the app's context stays offline, its sync idle); ms.
 */
async function timePlainPresigned(app: BenchApp, config: object): Promise<number> {
  const files = await exportFiles(app.page);
  const stamp = Date.now();
  const jobs = files.flatMap((image, i) => Object.entries(image).map(([field, { type, base64 }]) => ({ type, base64, url: sigv4.presignUrl(config, { method: "PUT", key: `plain/${stamp}/${i}/${field}`, expires: 3600, now: new Date(), headers: { "content-type": type } }) })));
  const context = await app.browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${app.server.url}/auth`);
    return await page.evaluate(async (jobs) => {
      const blobs = jobs.map((j) => new Blob([Uint8Array.from(atob(j.base64), (c) => c.charCodeAt(0))], { type: j.type }));
      let next = 0;
      const started = performance.now();
      const lane = async () => {
        while (next < jobs.length) {
          const i = next++;
          const r = await fetch(jobs[i]!.url, { method: "PUT", headers: { "content-type": jobs[i]!.type }, body: blobs[i] });
          if (!r.ok) throw new Error(`plain PUT ${r.status}`);
        }
      };
      await Promise.all([lane(), lane()]);
      return performance.now() - started;
    }, jobs);
  } finally {
    await context.close();
  }
}

it("uploads photos straight to the bucket at no less than 0.9x plain presigned PUTs", async () => {
  const set = await photos(PHOTOS);
  const s3 = await startS3Server();
  const config = s3ConfigFromEnv(s3.env)!;
  const app = await startBenchApp(s3.env);
  await putBucketCors(config, [app.server.url]);
  // Offline before the service worker holds the photo tools' code, every import fails (e2e/upload-resume.test.ts).
  await app.page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  for (let i = 0; i < 600 && (await app.page.getByTestId("sync-details").innerText()).includes("offline work"); i++) await app.page.waitForTimeout(100);
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const clientId = await importOffline(app, `Direct Bench ${round}`, set);
      const files = await keepFiles(app.page);
      if (files.count !== set.length) throw new Error(`the import kept ${files.count} of ${set.length} photos: ${await app.page.locator("dialog[open]").innerText().catch(() => "")}`);
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
      // Where the product's time goes: its API requests by path, count and mean time from sent to answered.
      const byPath = new Map<string, number[]>();
      for (const r of product.log) byPath.set(`${r.method} ${r.path.replace(/[a-z0-9]{15}/g, ":id")}`, [...(byPath.get(`${r.method} ${r.path.replace(/[a-z0-9]{15}/g, ":id")}`) ?? []), r.end - r.start]);
      console.log(`direct-uploads round ${round} requests by path (count, mean ms):\n${[...byPath].map(([p, ms]) => `  ${p}: ${ms.length}, ${(ms.reduce((a, b) => a + b, 0) / ms.length).toFixed(0)}`).join("\n")}`);
    }
  } finally {
    await app.close();
    await s3.stop();
  }
}, 3_600_000);
