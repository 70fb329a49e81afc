/**
 * The image endpoint under load: 50 concurrent visitors, each with their own gallery session, fetch the
 * thumbnails and previews of a 2,000-image gallery through /api/gallery/image/{id} (the hook checks the
 * session on every request), against the same PocketBase serving the same files as plain public files
 * (/api/files/..., Go) in the same run. Goal: at least 0.8x the throughput, p99 at most 50 ms, no errors;
 * the server's memory is reported.
 *
 * Made for a shared machine: the server is started afresh for each round (PocketBase as `npm start` runs
 * it, lib/pocketbase.mjs), and each round measures gallery and plain files back to back, in alternating
 * order, so both see the same neighbours; every round's ratio is printed with the load average, and the
 * server's CPU time per request (from /proc), which other processes' load does not inflate. With
 * BENCH_BEFORE_HOOKS set to another build's pb_hooks folder (e.g. `git archive main pb_hooks`), each round
 * also runs that build with PocketBase's default pool (or BENCH_BEFORE_POOL), on the same data: before and
 * after in one run.
 * BENCH_IMAGES (2000), BENCH_SECONDS (10 per side and round) and BENCH_ROUNDS (3) scale it. BENCH_PROTECTED=1
 * adds a third side: the same images through PocketBase's own protected-file route (Go) with the owner's
 * file token, i.e. what a Go-only visitor path with file tokens would cost (a token check and the view rule).
 * The load drivers: support/image-load-drivers.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { it } from "vitest";
import { report } from "./report";
import { VISITORS, load, paced, serverStats } from "./support/image-load-drivers";
import { PRODUCTION_HOOKS_POOL, freePort, prepareDataDir, startPocketBase, upsertSuperuser, type RunningPocketBase } from "../scripts/lib/pocketbase.mjs";

const IMAGES = Number(process.env.BENCH_IMAGES ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PROTECTED = process.env.BENCH_PROTECTED === "1";
/**
 * At saturation (every visitor asking again the moment an answer arrives) p99 is queueing: with 50 requests
 * always in flight on two cores shared with the load generator, it is 50 / throughput times the tail, for
 * plain files too. So each round also offers both sides the same paced load, open loop: 50 visitors, each on
 * a browser-like connection pool (6 sockets), asking at evenly spread moments, BENCH_RATE requests per
 * second together (1,000: 20 images a second each, a fast scroll of a grid), whatever the answers do.
 * Latency counts from the moment a request was due. (autocannon's own rate option sends each connection's
 * budget for a second back to back at the start of that second, which is saturation again.)
 * BENCH_RATE=0 skips it.
 */
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const OWNER = { email: "owner@studio.test", password: "owner-pass-1" };
const SUPERUSER = { email: "root@studio.test", password: "root-pass-123" };

interface Build {
  name: string;
  hooksPool?: number;
  hooksDir?: string;
}
const BUILDS: Build[] = [
  { name: "product", hooksPool: PRODUCTION_HOOKS_POOL },
  ...(process.env.BENCH_BEFORE_HOOKS
    ? [{ name: "before", hooksDir: path.resolve(process.env.BENCH_BEFORE_HOOKS), hooksPool: Number(process.env.BENCH_BEFORE_POOL) || undefined }]
    : []),
];

async function jpeg(width: number, height: number, quality: number): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } }).blur(2).jpeg({ quality }).toBuffer();
}


const loadAverage = () => os.loadavg()[0]!;

/** Seeds records `count` at a time in parallel. */
async function inParallel<T>(n: number, count: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += count) out.push(...(await Promise.all(Array.from({ length: Math.min(count, n - i) }, (_, k) => make(i + k)))));
  return out;
}

async function api<T>(url: string, method: string, pathname: string, opts: { token?: string; json?: unknown; form?: FormData } = {}): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = opts.token ? { Authorization: opts.token } : {};
  if (opts.json !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(url + pathname, { method, headers, body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.form });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as T };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

it("serves gallery images to 50 visitors at no less than 0.8x public files, p99 at most 50 ms", async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sg-bench-"));
  const port = await freePort();
  const start = (build: Build) => startPocketBase({ port, dataDir, publicDir: path.join(dataDir, "public"), hooksPool: build.hooksPool, hooksDir: build.hooksDir });
  let pb: RunningPocketBase | null = null;
  try {
    await prepareDataDir(dataDir, { OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password });
    await upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password);
    pb = await start(BUILDS[0]!);
    const url = pb.url;
    const signIn = async (collection: string, who: typeof OWNER) =>
      (await api<{ token: string }>(url, "POST", `/api/collections/${collection}/auth-with-password`, { json: { identity: who.email, password: who.password } })).body.token;
    const superToken = await signIn("_superusers", SUPERUSER);
    const ownerToken = await signIn("users", OWNER);
    // Rate limits off for the run: the benchmark measures the image path, not PocketBase's limiter.
    // Each visitor on their own address (as behind the deploy's proxy), so the access guard's per-address
    // budget sees 50 visitors rather than one.
    await api(url, "PATCH", "/api/settings", { token: superToken, json: { rateLimits: { enabled: false }, trustedProxy: { headers: ["X-Forwarded-For"], useLeftmostIP: true } } });
    const thumb = await jpeg(400, 267, 70);
    const preview = await jpeg(1024, 683, 75);
    const client = (await api<{ id: string; accessUrl: string; accessCode: string }>(url, "POST", "/api/collections/clients/records", { token: ownerToken, json: { name: "Load Bench" } })).body;
    const pub = await api(url, "POST", "/api/collections", {
      token: superToken,
      json: { name: "bench_public", type: "base", listRule: "", viewRule: "", fields: [{ name: "thumbnail", type: "file", maxSelect: 1, maxSize: 10_000_000 }, { name: "preview", type: "file", maxSelect: 1, maxSize: 10_000_000 }] },
    });
    if (pub.status !== 200) throw new Error(`public collection: ${pub.status} ${JSON.stringify(pub.body)}`);
    const seeded = await inParallel(IMAGES, 8, async (i) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ client: client.id, filename: `p${i}.jpg`, originalName: `p${i}.jpg`, fileSize: "1" })) form.set(k, v);
      form.set("thumbnail", new File([new Uint8Array(thumb)], `t${i}.jpg`, { type: "image/jpeg" }));
      form.set("preview", new File([new Uint8Array(preview)], `v${i}.jpg`, { type: "image/jpeg" }));
      const image = await api<{ id: string; thumbnail: string; preview: string }>(url, "POST", "/api/collections/images/records", { token: ownerToken, form });
      const plain = new FormData();
      plain.set("thumbnail", new File([new Uint8Array(thumb)], `t${i}.jpg`, { type: "image/jpeg" }));
      plain.set("preview", new File([new Uint8Array(preview)], `v${i}.jpg`, { type: "image/jpeg" }));
      const file = await api<{ id: string; thumbnail: string; preview: string }>(url, "POST", "/api/collections/bench_public/records", { token: superToken, form: plain });
      if (image.status !== 200 || file.status !== 200) throw new Error(`seeding failed: ${image.status} ${file.status}`);
      return { image: image.body.id, imageFiles: image.body, file: file.body };
    });
    const cookies = await inParallel(VISITORS, 5, async (v) => {
      const r = await fetch(`${url}/api/gallery/${client.accessUrl}/verify`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.0.${v >> 8}.${v & 255}` },
        body: JSON.stringify({ accessCode: client.accessCode }),
      });
      if (r.status !== 200) throw new Error(`verify failed: ${r.status}`);
      return (r.headers.get("set-cookie") ?? "").split(";")[0]!;
    });
    const galleryPaths = seeded.flatMap((s) => [`/api/gallery/image/${s.image}?thumbnail=true`, `/api/gallery/image/${s.image}?preview=true`]);
    const publicPaths = seeded.flatMap((s) => [`/api/files/bench_public/${s.file.id}/${s.file.thumbnail}`, `/api/files/bench_public/${s.file.id}/${s.file.preview}`]);
    const protectedPaths = (token: string) =>
      seeded.flatMap((s) => [`/api/files/images/${s.image}/${s.imageFiles.thumbnail}?token=${token}`, `/api/files/images/${s.image}/${s.imageFiles.preview}?token=${token}`]);
    await pb.stop();
    pb = null;

    const ratios: Record<string, number[]> = {};
    for (let round = 1; round <= ROUNDS; round++) {
      for (const build of BUILDS) {
        pb = await start(build);
        const pid = pb.process.pid!;
        const idleMb = serverStats(pid).rssMb;
        await load(url, pid, publicPaths.slice(0, 400), [], 2); // warm-up: every pooled VM loads its modules
        await load(url, pid, galleryPaths.slice(0, 400), cookies, 2);
        const loadBefore = loadAverage();
        const order = round % 2 ? ["public", "gallery"] : ["gallery", "public"];
        const measured: Record<string, Awaited<ReturnType<typeof load>>> = {};
        for (const side of order) measured[side] = side === "public" ? await load(url, pid, publicPaths, [], SECONDS) : await load(url, pid, galleryPaths, cookies, SECONDS);
        const pacedRuns: Record<string, Awaited<ReturnType<typeof paced>>> = {};
        if (RATE > 0) {
          for (const side of order) pacedRuns[side] = side === "public" ? await paced(url, publicPaths, [], SECONDS, RATE) : await paced(url, galleryPaths, cookies, SECONDS, RATE);
        }
        if (PROTECTED) {
          const owner = await signIn("users", OWNER);
          const fileToken = (await api<{ token: string }>(url, "POST", "/api/files/token", { token: owner })).body.token;
          const paths = protectedPaths(fileToken);
          await load(url, pid, paths.slice(0, 400), [], 2);
          measured.protected = await load(url, pid, paths, [], SECONDS);
        }
        const reference = measured.public!;
        const gallery = measured.gallery!;
        (ratios[build.name] ??= []).push(gallery.rps / reference.rps);
        report("image-load", {
          build: build.name,
          round,
          hooks_pool: build.hooksPool ?? 15,
          images: IMAGES,
          visitors: VISITORS,
          seconds: SECONDS,
          cores: os.cpus().length,
          load_average: `${loadBefore.toFixed(1)}->${loadAverage().toFixed(1)}`,
          order: order.join("-"),
          public_rps: reference.rps,
          public_p50_ms: reference.p50,
          public_p99_ms: reference.p99,
          public_errors: reference.errors,
          public_cpu_ms_per_request: reference.cpuPerRequestMs,
          gallery_rps: gallery.rps,
          gallery_p50_ms: gallery.p50,
          gallery_p99_ms: gallery.p99,
          gallery_errors: gallery.errors,
          gallery_cpu_ms_per_request: gallery.cpuPerRequestMs,
          ratio_vs_public: gallery.rps / reference.rps,
          ...(RATE > 0
            ? {
                paced_rate: RATE,
                paced_public_rps: pacedRuns.public!.rps,
                paced_public_p50_ms: pacedRuns.public!.p50,
                paced_public_p99_ms: pacedRuns.public!.p99,
                paced_gallery_rps: pacedRuns.gallery!.rps,
                paced_gallery_p50_ms: pacedRuns.gallery!.p50,
                paced_gallery_p99_ms: pacedRuns.gallery!.p99,
                paced_errors: pacedRuns.public!.errors + pacedRuns.gallery!.errors,
              }
            : {}),
          ...(measured.protected
            ? {
                protected_rps: measured.protected.rps,
                protected_p99_ms: measured.protected.p99,
                protected_errors: measured.protected.errors,
                protected_cpu_ms_per_request: measured.protected.cpuPerRequestMs,
                protected_ratio_vs_public: measured.protected.rps / reference.rps,
              }
            : {}),
          cpu_ratio_public_per_gallery: reference.cpuPerRequestMs / gallery.cpuPerRequestMs,
          server_idle_mb: idleMb,
          server_peak_public_mb: reference.peakMb,
          server_peak_gallery_mb: gallery.peakMb,
        });
        await pb.stop();
        pb = null;
      }
    }
    for (const [name, rs] of Object.entries(ratios)) {
      report("image-load", { build: name, rounds: rs.length, ratio_median: median(rs), ratio_min: Math.min(...rs), ratio_max: Math.max(...rs), thumbnail_kb: thumb.length / 1024, preview_kb: preview.length / 1024 });
    }
  } finally {
    await pb?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 3_600_000); // seeding 2,000 images through the hooks took over 10 minutes at load average 25
