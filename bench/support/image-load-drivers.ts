/**
 * The load drivers of the image endpoint benchmark: 50 visitors asking at saturation (autocannon) or at a
 * paced, open-loop rate (node:http, latency from each request's due time), and the server process' memory
 * and CPU time read from /proc while they run.
 */
import { execFileSync } from "node:child_process";
import http from "node:http";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

/** Concurrent visitors, each with their own gallery session. */
export const VISITORS = 50;

/** Resident memory (MB) and CPU time so far (ms, user + system) of the server process. */
export function serverStats(pid: number): { rssMb: number; cpuMs: number } {
  try {
    const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN) / 1024;
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { rssMb: rss, cpuMs: (ticks * 1000) / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" })) };
  } catch {
    return { rssMb: NaN, cpuMs: NaN };
  }
}

/** Saturation: every visitor asks again the moment an answer arrives. */
export async function load(url: string, pid: number, paths: string[], cookies: string[], seconds: number) {
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
  const sampler = setInterval(() => (peak = Math.max(peak, serverStats(pid).rssMb)), 250);
  const before = serverStats(pid).cpuMs;
  const result = await autocannon({ url, connections: VISITORS, duration: seconds, requests, initialContext: {} });
  clearInterval(sampler);
  const cpuMs = serverStats(pid).cpuMs - before;
  return {
    rps: result.requests.mean,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuPerRequestMs: cpuMs / Math.max(1, result.requests.total),
    peakMb: peak,
  };
}

/** Open-loop paced load (BENCH_RATE, image-load.bench.ts): latencies from each request's due time; errors are non-200 answers and failures. */
export async function paced(url: string, paths: string[], cookies: string[], seconds: number, rate: number) {
  const target = new URL(url);
  const latencies: number[] = [];
  let errors = 0;
  const interval = (1000 * VISITORS) / rate; // ms between one visitor's requests
  const started = performance.now();
  const visitors = Array.from({ length: VISITORS }, async (_, v) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
    const headers: Record<string, string> = cookies.length ? { Cookie: cookies[v % cookies.length]! } : {};
    const pending: Promise<void>[] = [];
    let at = Math.floor((v / VISITORS) * paths.length);
    for (let due = started + (v * interval) / VISITORS; due < started + seconds * 1000; due += interval) {
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const path = paths[at++ % paths.length]!;
      const dueAt = due;
      pending.push(
        new Promise<void>((resolve) => {
          const req = http.get({ host: target.hostname, port: target.port, path, headers, agent }, (res) => {
            res.on("data", () => undefined);
            res.on("end", () => {
              if (res.statusCode === 200) latencies.push(performance.now() - dueAt);
              else errors++;
              resolve();
            });
          });
          req.on("error", () => {
            errors++;
            resolve();
          });
        }),
      );
    }
    await Promise.all(pending);
    agent.destroy();
  });
  await Promise.all(visitors);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN);
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), errors };
}
