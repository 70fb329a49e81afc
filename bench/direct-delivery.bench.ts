/**
 * Direct delivery against streaming (issue 39), one run, the same verifying test S3 (tests/server/s3-server.ts):
 * two PocketBase servers with their files in the bucket, one streamed (`S3_DIRECT=false`: the server reads each
 * file from the bucket and sends it on, today's path) and one direct (redirects to presigned URLs). On each, a
 * gallery of BENCH_IMAGES (4) photos (incompressible PNGs: a 2.4 MB original, a 360 KB preview, a 14 KB thumbnail) is opened and downloaded by
 * BENCH_VISITORS (300) simulated visitors, each from its own loopback address (127.0.0.2 and on, Node's http
 * `localAddress`), BENCH_PARALLEL at a time: unlock, the image list, then every thumbnail, preview and original,
 * following redirects to the bucket as a browser does.
 *
 * Figures, per side: the server's bytes out per byte the visitors received (from the server and from the bucket),
 * measured as the growth of `wchar` in /proc/<pid>/io (every byte the process wrote: its sockets, and its
 * database and log files too, so an upper bound of its network bytes out); the server's CPU (utime + stime from
 * /proc/<pid>/stat) per visitor image request; and direct/streamed ratios. Goals: bytes ratio of direct at most
 * 0.01; CPU per image request of direct at most 0.5x streamed. Sides alternate per round (BENCH_ROUNDS, 2).
 * Both servers run with production's pool of JS VMs (PRODUCTION_HOOKS_POOL, as `npm start`).
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { readFileSync } from "node:fs";
import { it } from "vitest";
import { encodePng } from "../scripts/lib/png.mjs";
import * as pocketbase from "../scripts/lib/pocketbase.mjs";
import { startS3Server } from "../tests/server/s3-server";
import { startTestServer, type TestServer } from "../tests/server/test-server";
import { report } from "./report";
import { cpuSecondsOf } from "./support/proc";

const IMAGES = Number(process.env.BENCH_IMAGES ?? 4);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 300);
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

const noise = (w: number, h: number) => {
  const bytes = randomBytes(w * h * 3);
  return encodePng(w, h, (x: number, y: number) => {
    const i = (y * w + x) * 3;
    return [bytes[i]!, bytes[i + 1]!, bytes[i + 2]!, 255];
  });
};

/** Bytes the process has written so far (/proc/<pid>/io wchar). */
const wcharOf = (pid: number) => Number(/^wchar: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, "utf8"))?.[1] ?? NaN);

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
/** One request; retried once when a kept-alive connection was closed under it (a loaded machine's idle timeouts). */
async function get(agent: http.Agent, url: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  try {
    return await getOnce(agent, url, opts);
  } catch (error) {
    if (!/socket hang up|ECONNRESET/.test(String(error))) throw error;
    return getOnce(agent, url, opts);
  }
}

function getOnce(agent: http.Agent, url: string, opts: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, method: opts.method ?? "GET", headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(opts.body);
  });
}

async function seed(server: TestServer) {
  const client = await server.api<{ id: string; accessUrl: string; accessCode: string }>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "Wedding Guests" } });
  for (let i = 0; i < IMAGES; i++) {
    const original = noise(1024, 768); // 2.4 MB: a photo's original, in the sizes' proportions below
    const form = new FormData();
    form.set("client", client.body.id);
    form.set("originalName", `photo-${i}.png`);
    form.set("filename", `photo-${i}.png`);
    form.set("fileSize", String(original.length));
    form.set("uploadedAt", new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString());
    form.set("original", new File([original], `photo-${i}.png`, { type: "image/png" }));
    form.set("preview", new File([noise(400, 300)], `preview-${i}.png`, { type: "image/png" }));
    form.set("thumbnail", new File([noise(80, 60)], `thumb-${i}.png`, { type: "image/png" }));
    const r = await server.api("POST", "/api/collections/images/records", { token: server.ownerToken, form });
    if (r.status !== 200) throw new Error(`seed: ${r.status} ${JSON.stringify(r.body)}`);
  }
  return client.body;
}

type Visitor = { agent: http.Agent; cookie: string; ids: string[] };

/** A visitor from `address` opens the gallery: unlock, the image list. */
async function open(server: TestServer, gallery: { accessUrl: string; accessCode: string }, address: string): Promise<{ visitor: Visitor; received: number }> {
  const agent = new http.Agent({ keepAlive: true, localAddress: address, maxSockets: 4 });
  const unlocked = await get(agent, `${server.url}/api/gallery/${gallery.accessUrl}/verify`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ accessCode: gallery.accessCode }) });
  if (unlocked.status !== 200) throw new Error(`unlock from ${address}: ${unlocked.status} ${unlocked.body.toString()}`);
  const cookie = String(unlocked.headers["set-cookie"]?.[0] ?? "").split(";")[0]!;
  const list = await get(agent, `${server.url}/api/gallery/${gallery.accessUrl}/all-images`, { headers: { Cookie: cookie } });
  const ids = (JSON.parse(list.body.toString()) as { images: { id: string }[] }).images.map((i) => i.id);
  return { visitor: { agent, cookie, ids }, received: unlocked.body.length + list.body.length };
}

/** The visitor downloads every thumbnail, preview and original, following redirects to the bucket. */
async function download(server: TestServer, visitor: Visitor) {
  let received = 0;
  let imageRequests = 0;
  for (const id of visitor.ids) {
    await Promise.all(
      ["?thumbnail=true", "?preview=true", ""].map(async (query) => {
        imageRequests++;
        const res = await get(visitor.agent, `${server.url}/api/gallery/image/${id}${query}`, { headers: { Cookie: visitor.cookie } });
        received += res.body.length;
        const location = res.status === 302 ? res.headers.location : undefined;
        if (location) {
          const fromBucket = await get(visitor.agent, location);
          if (fromBucket.status !== 200) throw new Error(`bucket answered ${fromBucket.status}: ${fromBucket.body.toString().slice(0, 200)}`);
          received += fromBucket.body.length;
        } else if (res.status !== 200) throw new Error(`image ${id}${query}: ${res.status}`);
      }),
    );
  }
  return { received, imageRequests };
}

/** In batches of PARALLEL. */
async function inBatches<T, R>(items: T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let at = 0; at < items.length; at += PARALLEL) out.push(...(await Promise.all(items.slice(at, at + PARALLEL).map(run))));
  return out;
}

/**
 * Bytes: over the whole visit (opening and downloading). CPU: over the downloads only (every visitor has opened
 * the gallery by then), so that it is per image request and not the unlocks' (the same on both sides).
 */
async function measure(server: TestServer, gallery: { accessUrl: string; accessCode: string }) {
  const pid = server.pid();
  const w0 = wcharOf(pid);
  const addresses = Array.from({ length: VISITORS }, (_, i) => `127.0.${Math.floor(i / 250)}.${(i % 250) + 2}`);
  const opened = await inBatches(addresses, (a) => open(server, gallery, a));
  const cpu0 = cpuSecondsOf(pid);
  const downloads = await inBatches(opened, (o) => download(server, o.visitor));
  const cpuSeconds = cpuSecondsOf(pid) - cpu0;
  const bytesOut = wcharOf(pid) - w0;
  for (const o of opened) o.visitor.agent.destroy();
  const received = opened.reduce((n, o) => n + o.received, 0) + downloads.reduce((n, d) => n + d.received, 0);
  const imageRequests = downloads.reduce((n, d) => n + d.imageRequests, 0);
  return { received, imageRequests, bytesOut, cpuSeconds, bytesPerByte: bytesOut / received, cpuMsPerRequest: (cpuSeconds * 1000) / imageRequests };
}

it("direct delivery: server bytes out per visitor byte, CPU per image request, direct vs streamed", { timeout: 1_800_000 }, async () => {
  const s3 = await startS3Server();
  // As `npm start` runs it: its pool of JS VMs (past the default 15, each request's VM would be built and dropped).
  const lib = { ...pocketbase, startPocketBase: (o: Parameters<typeof pocketbase.startPocketBase>[0]) => pocketbase.startPocketBase({ ...o, hooksPool: pocketbase.PRODUCTION_HOOKS_POOL }) };
  const streamed = await startTestServer({ ...s3.env, S3_DIRECT: "false" }, { lib });
  const direct = await startTestServer({ ...s3.env }, { lib });
  try {
    const galleries = { streamed: await seed(streamed), direct: await seed(direct) };
    const sides = { streamed, direct } as const;
    const totals = { streamed: [] as Awaited<ReturnType<typeof measure>>[], direct: [] as Awaited<ReturnType<typeof measure>>[] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of round % 2 === 0 ? (["streamed", "direct"] as const) : (["direct", "streamed"] as const)) {
        const m = await measure(sides[name], galleries[name]);
        totals[name].push(m);
        report(`direct-delivery ${name} round ${round + 1}`, { visitors: VISITORS, images: IMAGES, imageRequests: m.imageRequests, receivedMB: m.received / 1e6, serverWrittenMB: m.bytesOut / 1e6, bytesOutPerVisitorByte: m.bytesPerByte, cpuS: m.cpuSeconds, cpuMsPerImageRequest: m.cpuMsPerRequest });
      }
      const s = totals.streamed[round]!;
      const d = totals.direct[round]!;
      report(`direct-delivery round ${round + 1} ratios`, { directBytesOutPerVisitorByte: d.bytesPerByte, goalBytes: "<=0.01", cpuPerImageRequestDirectVsStreamed: d.cpuMsPerRequest / s.cpuMsPerRequest, goalCpu: "<=0.5" });
    }
  } finally {
    await direct.stop();
    await streamed.stop();
    await s3.stop();
  }
});
