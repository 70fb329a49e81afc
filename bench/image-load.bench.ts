/**
 * The image endpoint under load: 50 concurrent visitors, each with their own gallery session, fetch the
 * thumbnails and previews of a 2,000-image gallery through /api/gallery/image/{id} (the hook checks the
 * session on every request), against the same PocketBase serving the same files as plain public files
 * (/api/files/..., Go only) in the same run. Goal: at least 0.8x the throughput, p99 at most 50 ms, no
 * errors; the server's memory is reported.
 */
import { execFileSync } from "node:child_process";
import autocannon from "autocannon";
import sharp from "sharp";
import { it } from "vitest";
import { report } from "./report";
import { startTestServer, type TestServer } from "../tests/server/test-server";

const IMAGES = Number(process.env.BENCH_IMAGES ?? 2000);
const VISITORS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

async function jpeg(width: number, height: number, quality: number): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } }).blur(2).jpeg({ quality }).toBuffer();
}

/** Resident memory of the server process, in MB. */
function serverRssMb(server: TestServer): number {
  const port = new URL(server.url).port;
  const lines = execFileSync("ps", ["-eo", "pid,rss,args"], { encoding: "utf8" }).split("\n");
  const line = lines.find((l) => l.includes(`--http=127.0.0.1:${port}`) && l.includes("serve"));
  return line ? Number(line.trim().split(/\s+/)[1]) / 1024 : NaN;
}

/** Seeds records `count` at a time in parallel. */
async function inParallel<T>(n: number, count: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += count) out.push(...(await Promise.all(Array.from({ length: Math.min(count, n - i) }, (_, k) => make(i + k)))));
  return out;
}

async function load(server: TestServer, paths: string[], cookies: string[]) {
  let next = 0;
  const requests = [
    {
      setupRequest: (req: { path?: string; headers?: Record<string, string> }, context: Record<string, unknown>) => {
        if (context.cookie === undefined) context.cookie = cookies[next++ % cookies.length] ?? "";
        const at = ((context.at as number | undefined) ?? Math.floor(Math.random() * paths.length)) % paths.length;
        context.at = at + 1;
        const headers: Record<string, string> = context.cookie ? { Cookie: context.cookie as string } : {};
        return { ...req, method: "GET", path: paths[at]!, headers };
      },
    },
  ];
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, serverRssMb(server))), 250);
  const result = await autocannon({ url: server.url, connections: VISITORS, duration: SECONDS, requests, initialContext: {} });
  clearInterval(sampler);
  return { rps: result.requests.mean, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx, peakMb: peak };
}

it("serves gallery images to 50 visitors at no less than 0.8x public files, p99 at most 50 ms", async () => {
  const server = await startTestServer();
  try {
    // Rate limits off for the run: the benchmark measures the image path, not PocketBase's limiter.
    // Each visitor on their own address (as behind the deploy's proxy), so the access guard's per-address
    // budget sees 50 visitors rather than one.
    await server.api("PATCH", "/api/settings", { token: server.superToken, json: { rateLimits: { enabled: false }, trustedProxy: { headers: ["X-Forwarded-For"], useLeftmostIP: true } } });
    const thumb = await jpeg(400, 267, 70);
    const preview = await jpeg(1024, 683, 75);
    const client = (await server.api<{ id: string; accessUrl: string; accessCode: string }>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "Load Bench" } })).body;
    const pub = await server.api("POST", "/api/collections", {
      token: server.superToken,
      json: { name: "bench_public", type: "base", listRule: "", viewRule: "", fields: [{ name: "thumbnail", type: "file", maxSelect: 1, maxSize: 10_000_000 }, { name: "preview", type: "file", maxSelect: 1, maxSize: 10_000_000 }] },
    });
    if (pub.status !== 200) throw new Error(`public collection: ${pub.status} ${JSON.stringify(pub.body)}`);
    const seeded = await inParallel(IMAGES, 8, async (i) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ client: client.id, filename: `p${i}.jpg`, originalName: `p${i}.jpg`, fileSize: "1" })) form.set(k, v);
      form.set("thumbnail", new File([new Uint8Array(thumb)], `t${i}.jpg`, { type: "image/jpeg" }));
      form.set("preview", new File([new Uint8Array(preview)], `v${i}.jpg`, { type: "image/jpeg" }));
      const image = await server.api<{ id: string }>("POST", "/api/collections/images/records", { token: server.ownerToken, form });
      const plain = new FormData();
      plain.set("thumbnail", new File([new Uint8Array(thumb)], `t${i}.jpg`, { type: "image/jpeg" }));
      plain.set("preview", new File([new Uint8Array(preview)], `v${i}.jpg`, { type: "image/jpeg" }));
      const file = await server.api<{ id: string; thumbnail: string; preview: string }>("POST", "/api/collections/bench_public/records", { token: server.superToken, form: plain });
      if (image.status !== 200 || file.status !== 200) throw new Error(`seeding failed: ${image.status} ${file.status}`);
      return { image: image.body.id, file: file.body };
    });
    const cookies = await inParallel(VISITORS, 5, async (v) => {
      const r = await fetch(`${server.url}/api/gallery/${client.accessUrl}/verify`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.0.${v >> 8}.${v & 255}` },
        body: JSON.stringify({ accessCode: client.accessCode }),
      });
      if (r.status !== 200) throw new Error(`verify failed: ${r.status}`);
      return (r.headers.get("set-cookie") ?? "").split(";")[0]!;
    });
    const galleryPaths = seeded.flatMap((s) => [`/api/gallery/image/${s.image}?thumbnail=true`, `/api/gallery/image/${s.image}?preview=true`]);
    const publicPaths = seeded.flatMap((s) => [`/api/files/bench_public/${s.file.id}/${s.file.thumbnail}`, `/api/files/bench_public/${s.file.id}/${s.file.preview}`]);

    const idleMb = serverRssMb(server);
    await load(server, publicPaths.slice(0, 200), []); // warm-up
    const reference = await load(server, publicPaths, []);
    const gallery = await load(server, galleryPaths, cookies);
    report("image-load", {
      images: IMAGES,
      visitors: VISITORS,
      seconds: SECONDS,
      thumbnail_kb: thumb.length / 1024,
      preview_kb: preview.length / 1024,
      public_rps: reference.rps,
      public_p50_ms: reference.p50,
      public_p99_ms: reference.p99,
      public_errors: reference.errors,
      gallery_rps: gallery.rps,
      gallery_p50_ms: gallery.p50,
      gallery_p99_ms: gallery.p99,
      gallery_errors: gallery.errors,
      ratio_vs_public: gallery.rps / reference.rps,
      server_idle_mb: idleMb,
      server_peak_public_mb: reference.peakMb,
      server_peak_gallery_mb: gallery.peakMb,
    });
  } finally {
    await server.stop();
  }
});
