/**
 * Server memory under load (issue 24): PocketBase's resident memory returns to within 100 MB of idle within a
 * minute after visitors stop. For each pool size (BENCH_POOLS, "300,100"): the app is started as `npm start`
 * runs it (e2e/support/app-server.ts, HOOKS_POOL set), a gallery of BENCH_PHOTOS (30) photos with every size
 * is seeded through the owner's API, and PocketBase's VmRSS (/proc, the child of `npm start`) is read idle,
 * every 250 ms under BENCH_SECONDS (30) of load, and every second for 60 s after it.
 *
 * The load is autocannon's (not ours): 50 visitors, each on their own connection, session and address
 * (X-Forwarded-For, believed from loopback as behind the deploy's proxy, TRUSTED_PROXY_HEADER), asking in
 * turn for the image endpoint at each size and the gallery's info and image list, at saturation. The
 * production rate limits stay on (1,000 requests per 10 s per address); 429s count as errors. Loopback only,
 * bounded by time.
 */
import os from "node:os";
import { it } from "vitest";
import { report } from "./report";
import { childPid } from "./support/child-process";
import { serverStats } from "./support/image-load-drivers";
import autocannon from "autocannon";
import { startAppServer, type AppServer } from "../e2e/support/app-server";
import { uploadPhoto } from "../e2e/support/gallery-seed";
import { ownerApi } from "../e2e/support/owner-api";

const POOLS = (process.env.BENCH_POOLS ?? "300,100").split(",").map(Number);
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 30);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const AFTER_SECONDS = 60;
const VISITORS = 50;
/** The goal: at most this far above idle, AFTER_SECONDS after the load. */
const GOAL_MB = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const loadAverage = () => os.loadavg()[0]!.toFixed(1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const addressOf = (v: number) => `10.24.${v >> 8}.${v & 255}`;

async function pocketbasePid(server: AppServer): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const pid = childPid(server.pid, "pocketbase");
    if (pid) return pid;
    await sleep(100);
  }
  throw new Error("no pocketbase child of npm start");
}

/** RSS (MB) read `count` times a second apart; their median. */
async function settledRss(pid: number, count: number): Promise<number> {
  const xs: number[] = [];
  for (let i = 0; i < count; i++) {
    xs.push(serverStats(pid).rssMb);
    await sleep(1000);
  }
  return median(xs);
}

/** A gallery with PHOTOS photos, and a visitor session (cookie) for each of VISITORS addresses. */
async function seedGallery(server: AppServer) {
  const api = await ownerApi(server);
  const client = await api<{ id: string; accessUrl: string; accessCode: string }>("POST", "/api/collections/clients/records", { name: "Memory Bench" });
  const ids: string[] = [];
  for (let i = 0; i < PHOTOS; i += 3) {
    const batch = Array.from({ length: Math.min(3, PHOTOS - i) }, (_, k) => uploadPhoto(server.url, api.token, client.id, `p${i + k}.jpg`, 3000, 2000, i + k, i + k));
    ids.push(...(await Promise.all(batch)).map((p) => p.id));
  }
  const cookies: string[] = [];
  for (let v = 0; v < VISITORS; v++) {
    const res = await fetch(`${server.url}/api/gallery/${client.accessUrl}/verify`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": addressOf(v) },
      body: JSON.stringify({ accessCode: client.accessCode }),
    });
    if (res.status !== 200) throw new Error(`verify: ${res.status} ${await res.text()}`);
    cookies.push((res.headers.get("set-cookie") ?? "").split(";")[0]!);
  }
  const paths = [`/api/gallery/${client.accessUrl}`, `/api/gallery/${client.accessUrl}/images`];
  for (const id of ids) for (const q of ["thumbnail=true", "size=800", "size=1600", "preview=true"]) paths.push(`/api/gallery/image/${id}?${q}`);
  return { paths, cookies };
}

/** autocannon at saturation: connection v is visitor v (cookie and address), walking the paths in turn. */
async function loadFor(url: string, paths: string[], cookies: string[], seconds: number) {
  let next = 0;
  const requests = [
    {
      setupRequest: (req: { path?: string; headers?: Record<string, string> }, context: Record<string, unknown>) => {
        if (context.visitor === undefined) context.visitor = next++ % VISITORS;
        const v = context.visitor as number;
        const at = ((context.at as number | undefined) ?? v * 7) % paths.length;
        context.at = at + 1;
        return { ...req, method: "GET", path: paths[at]!, headers: { Cookie: cookies[v]!, "X-Forwarded-For": addressOf(v) } };
      },
    },
  ];
  return autocannon({ url, connections: VISITORS, duration: seconds, requests, initialContext: {} });
}

async function measure(pool: number) {
  const server = await startAppServer({ HOOKS_POOL: String(pool), TRUSTED_PROXY_HEADER: "X-Forwarded-For" });
  try {
    const pid = await pocketbasePid(server);
    const freshMb = serverStats(pid).rssMb;
    const { paths, cookies } = await seedGallery(server);
    await sleep(5000);
    const idleMb = await settledRss(pid, 5);
    const loadBefore = loadAverage();
    let peakMb = idleMb;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, serverStats(pid).rssMb)), 250);
    const result = await loadFor(server.url, paths, cookies, SECONDS);
    clearInterval(sampler);
    const loadDuring = loadAverage();
    const after: number[] = [];
    for (let s = 1; s <= AFTER_SECONDS; s++) {
      await sleep(1000);
      after.push(serverStats(pid).rssMb);
    }
    peakMb = Math.max(peakMb, ...after);
    const endMb = after[after.length - 1]!;
    const within = after.findIndex((mb) => mb - idleMb <= GOAL_MB);
    report("server-memory", {
      hooks_pool: pool,
      photos: PHOTOS,
      visitors: VISITORS,
      seconds: SECONDS,
      cores: os.cpus().length,
      load_average: `${loadBefore}->${loadDuring}->${loadAverage()}`,
      requests: result.requests.total,
      rps: result.requests.mean,
      p99_ms: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      fresh_mb: freshMb,
      idle_mb: idleMb,
      peak_mb: peakMb,
      after_60s_mb: endMb,
      peak_minus_idle_mb: peakMb - idleMb,
      after_60s_minus_idle_mb: endMb - idleMb,
      after_60s_over_idle: endMb / idleMb,
      within_100mb_after_s: within < 0 ? "never" : within + 1,
      goal_met: endMb - idleMb <= GOAL_MB ? "yes" : "no",
    });
    report("server-memory-trace", { hooks_pool: pool, after_load_mb_each_second: after.map((mb) => mb.toFixed(0)).join(" ") });
  } finally {
    await server.stop();
  }
}

it("returns the server's memory to within 100 MB of idle within a minute of load", async () => {
  for (const pool of POOLS) await measure(pool);
}, 1_800_000);
