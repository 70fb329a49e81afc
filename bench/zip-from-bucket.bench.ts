/**
 * A visitor downloads about 1 GB of a gallery's originals as one zip (Download All) with the files in a bucket and
 * direct delivery (issue 39): headless Chromium (raw CDP, bench/support/cdp.ts) fetches every original from the
 * signature-checking local S3 server through the server's redirects to presigned URLs, and zips them in the service
 * worker's stream. Reference in the same run and the same page: a plain fetch of the same objects straight from the
 * bucket (presigned here, no server in the way), before and after the zip. Goals: the zip at least 0.9x the plain
 * fetch's throughput, and the browser's processes' peak memory (resident, from /proc) within +256 MB of the plain
 * fetch's peak. BENCH_ZIP_MB sets the size (default 1024).
 */
import { readFileSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import { execFileSync } from "node:child_process";
import { it } from "vitest";
import { s3ConfigFromEnv } from "../scripts/lib/s3.mjs";
import { report } from "./report";
import { ownerToken, startBenchApp } from "./support/app";
import { countBrowserOf, sampleMemory } from "./support/browser-usage";
import { launchCdpChromium, openCdpPage } from "./support/cdp";
import { MISSING_PHOTOS, photoSet } from "./support/photos";
import { buttonNamed, headingNamed, openGalleryForZip, sleep, waitUntil } from "./support/zip-page";

const { presignUrl } = createRequire(import.meta.url)("../pb_hooks/lib/rules/sigv4.js") as {
  presignUrl: (config: object, request: { method: string; key: string; expires: number; now: Date }) => string;
};
const TARGET_BYTES = Number(process.env.BENCH_ZIP_MB ?? 1024) * 1024 * 1024;

it("zips 1 GB from the bucket at no less than 0.9x a plain fetch of the same objects, within +256 MB", async () => {
  if (!photoSet(1)) {
    console.log(MISSING_PHOTOS);
    return;
  }
  const sample = photoSet(6)!;
  const set = photoSet(Math.ceil(TARGET_BYTES / (sample.files.reduce((sum, f) => sum + statSync(f).size, 0) / sample.files.length)))!;
  process.env.SG_STORAGE = "s3"; // startAppServer() starts the local S3 server with CORS for the app (tests/server/storage-switch.ts)
  const app = await startBenchApp();
  try {
    const config = s3ConfigFromEnv(app.server.storageEnv);
    if (!config) throw new Error("the bench app did not start on S3");
    const token = await ownerToken(app);
    const api = (p: string, init: RequestInit) => fetch(`${app.server.url}${p}`, { ...init, headers: { Authorization: token, ...init.headers } });
    const client = (await (await api("/api/collections/clients/records", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name: "Bucket Zip" }) })).json()) as { id: string; accessUrl: string; accessCode: string };
    let totalBytes = 0;
    const keys: string[] = [];
    for (const [i, file] of set.files.entries()) {
      const bytes = readFileSync(file);
      totalBytes += bytes.length;
      const form = new FormData();
      for (const [k, v] of Object.entries({ client: client.id, filename: `photo-${i}.jpg`, originalName: `photo-${i}.jpg`, fileSize: String(bytes.length), crc32: crc32(bytes).toString(16).padStart(8, "0"), uploadedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i)).toISOString() })) form.set(k, v);
      form.set("original", new File([new Uint8Array(bytes)], `photo-${i}.jpg`, { type: "image/jpeg" }));
      const res = await api("/api/collections/images/records", { method: "POST", body: form });
      if (!res.ok) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
      const r = (await res.json()) as { id: string; collectionId: string; original: string };
      keys.push(`${r.collectionId}/${r.id}/${r.original}`);
    }

    const profile = mkdtempSync(path.join(os.tmpdir(), "sg-bench-profile-"));
    const downloads = mkdtempSync(path.join(os.tmpdir(), "sg-bench-downloads-"));
    countBrowserOf(profile, app.server.url);
    const browser = await launchCdpChromium(profile, []);
    try {
      const v = await openCdpPage(browser);
      const emptyHttpCache = () => browser.send("Network.clearBrowserCache", {}, v.sessionId);
      const finished = await openGalleryForZip(browser, v, `${app.server.url}/gallery/${client.accessUrl}`, client.accessCode, downloads);

      // Reference: the same objects fetched one after another straight from the bucket, with presigned URLs.
      const plainFetch = async (label: string) => {
        await emptyHttpCache();
        await sleep(2000);
        const urls = keys.map((key) => presignUrl(config, { method: "GET", key, expires: 3600, now: new Date() }));
        const memory = sampleMemory(label);
        const ms = await v.evaluate<number>(`(async (urls) => {
          const t0 = performance.now();
          for (const url of urls) { const r = await fetch(url); if (!r.ok) throw new Error(r.status + " " + url); await r.arrayBuffer(); }
          return performance.now() - t0;
        })(${JSON.stringify(urls)})`);
        return { ms, peak: memory.stop() };
      };
      const before = await plainFetch("plain fetch from the bucket, before");

      await emptyHttpCache();
      await sleep(2000);
      const known = new Set(finished.keys());
      const memory = sampleMemory("zip from the bucket");
      const t0 = Date.now();
      await v.evaluate(`${buttonNamed("^Download All")}.click()`);
      const guid = await waitUntil(() => [...finished.keys()].find((k) => !known.has(k)), 3_600_000);
      const zipMs = Date.now() - t0;
      const zipPeak = memory.stop();
      if (finished.get(guid) !== "completed") throw new Error("the zip download was cancelled");
      const zipPath = path.join(downloads, guid);
      execFileSync("unzip", ["-tq", zipPath], { maxBuffer: 1 << 20 }); // every entry's CRC against its bytes
      const zipBytes = statSync(zipPath).size;
      await v.waitFor(`${headingNamed("^Download Complete$")}`);
      rmSync(zipPath, { force: true });

      const after = await plainFetch("plain fetch from the bucket, after");
      const fetchMs = (before.ms + after.ms) / 2;
      const fetchPeak = Math.max(before.peak, after.peak);
      report("zip-from-bucket", {
        files: keys.length,
        total_mb: totalBytes / 1024 / 1024,
        zip_mb: zipBytes / 1024 / 1024,
        fetch_mb_per_s_before: totalBytes / 1024 / 1024 / (before.ms / 1000),
        fetch_mb_per_s_after: totalBytes / 1024 / 1024 / (after.ms / 1000),
        zip_mb_per_s: totalBytes / 1024 / 1024 / (zipMs / 1000),
        ratio_vs_fetch: fetchMs / zipMs,
        fetch_peak_above_idle_mb: fetchPeak,
        zip_peak_above_idle_mb: zipPeak,
        zip_peak_minus_fetch_peak_mb: zipPeak - fetchPeak,
      });
    } finally {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
      rmSync(downloads, { recursive: true, force: true });
    }
  } finally {
    await app.close();
    delete process.env.SG_STORAGE;
  }
}, 3_600_000);
