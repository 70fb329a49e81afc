/**
 * Debian's `wrk` against one path of a running server (issue 39's scale figures): a few connections for a
 * few seconds, every request with the same headers; `done` prints the p50/p95/p99 as one JSON line.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export function wrkPath(): string | null {
  for (const dir of (process.env.PATH ?? "").split(":")) if (dir && existsSync(path.join(dir, "wrk"))) return path.join(dir, "wrk");
  return null;
}

const SCRIPT = `
local hdr = {}
function init(args)
  for i = 1, #args, 2 do hdr[args[i]] = args[i + 1] end
end
function request()
  return wrk.format("GET", nil, hdr)
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"duration_us":%d,"p50_us":%d,"p95_us":%d,"p99_us":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95), latency:percentile(99), e.status + e.connect + e.read + e.write + e.timeout))
end
`;

let scriptFile = "";

export interface WrkFigures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/** `headers`: name -> value, sent with every request. Milliseconds. */
export function wrkGet(wrk: string, url: string, headers: Record<string, string>, seconds: number, connections = 4): WrkFigures {
  if (!scriptFile) {
    scriptFile = path.join(mkdtempSync(path.join(os.tmpdir(), "sg-scale-wrk-")), "scale.lua");
    writeFileSync(scriptFile, SCRIPT);
  }
  const args = Object.entries(headers).flat();
  const out = execFileSync(wrk, ["-t2", `-c${connections}`, `-d${seconds}s`, "--timeout", "10s", "-s", scriptFile, url, "--", ...args], { encoding: "utf8" });
  const json = /WRK_JSON (\{.*\})/.exec(out)?.[1];
  if (!json) throw new Error(`wrk printed no figures:\n${out}`);
  const r = JSON.parse(json) as Record<string, number>;
  return { rps: r.requests! / (r.duration_us! / 1e6), p50: r.p50_us! / 1000, p95: r.p95_us! / 1000, p99: r.p99_us! / 1000, errors: r.errors! };
}
