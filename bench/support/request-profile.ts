/**
 * Per-request profile of an upload run: every API request the page makes (start, first byte of the answer,
 * end, bytes sent), then a summary by phase (requests before the first upload, each batch, the PATCHes) and
 * the idle gaps of the link (no upload in flight) between the first upload's start and the last one's end.
 */
import type { Page, Request } from "playwright-core";

export interface RequestRecord {
  /** "whole": an image sent whole (its record created with every file, on a fast link). */
  kind: "batch" | "patch" | "whole" | "other";
  method: string;
  path: string;
  /** ms since the run started: request sent, answer's first byte, answer's end. */
  start: number;
  responseStart: number;
  end: number;
  bytes: number;
  failed: boolean;
}

export interface RequestLog {
  records: RequestRecord[];
  /** Waits for the records of finished requests (their sizes are read asynchronously). */
  settle: () => Promise<void>;
  stop: () => void;
}

function kindOf(r: Request): RequestRecord["kind"] {
  if (r.url().endsWith("/api/batch")) return "batch";
  if (r.method() === "PATCH") return "patch";
  if (r.method() === "POST" && new URL(r.url()).pathname === "/api/collections/images/records") return "whole";
  return "other";
}

/** Starts recording the page's /api/ requests; times are relative to `startedAt` (Date.now()). */
export function recordRequests(page: Page, startedAt: number): RequestLog {
  const records: RequestRecord[] = [];
  const pending = new Set<Promise<void>>();
  const finish = (failed: boolean) => (r: Request) => {
    if (!r.url().includes("/api/")) return;
    const done = (async () => {
      const t = r.timing();
      const headers = await r.allHeaders().catch(() => ({}) as Record<string, string>);
      const sizes = await r.sizes().catch(() => ({ requestBodySize: 0 }));
      const bytes = Number(headers["content-length"] ?? 0) || sizes.requestBodySize;
      const end = t.responseEnd >= 0 ? t.startTime + t.responseEnd : Date.now();
      records.push({
        kind: kindOf(r),
        method: r.method(),
        path: new URL(r.url()).pathname,
        start: t.startTime - startedAt,
        responseStart: (t.responseStart >= 0 ? t.startTime + t.responseStart : end) - startedAt,
        end: end - startedAt,
        bytes,
        failed,
      });
    })();
    pending.add(done);
    void done.finally(() => pending.delete(done));
  };
  const onFinished = finish(false);
  const onFailed = finish(true);
  page.on("requestfinished", onFinished);
  page.on("requestfailed", onFailed);
  return {
    records,
    settle: async () => {
      await Promise.all([...pending]);
    },
    stop: () => {
      page.off("requestfinished", onFinished);
      page.off("requestfailed", onFailed);
    },
  };
}

const ms = (n: number) => `${Math.round(n)}`;
const mb = (n: number) => (n / 1e6).toFixed(2);

/** Idle gaps of the link: spans between the first upload's start and the last one's end with no upload in flight. */
export function idleGaps(uploads: RequestRecord[]): Array<{ from: number; to: number }> {
  const sorted = [...uploads].sort((a, b) => a.start - b.start);
  const gaps: Array<{ from: number; to: number }> = [];
  let coveredTo = sorted[0]?.end ?? 0;
  for (const r of sorted.slice(1)) {
    if (r.start > coveredTo) gaps.push({ from: coveredTo, to: r.start });
    coveredTo = Math.max(coveredTo, r.end);
  }
  return gaps;
}

/** The profile as text lines: phases, batches, PATCHes (each when few, else summarised), idle gaps. */
export function profileLines(records: RequestRecord[]): string[] {
  const all = [...records].sort((a, b) => a.start - b.start);
  const uploads = all.filter((r) => r.kind !== "other");
  const firstUpload = uploads[0]?.start ?? Infinity;
  const lines: string[] = [];
  const line = (r: RequestRecord) =>
    `  ${r.method} ${r.path.replace(/records\/[a-z0-9]{15}$/, "records/:id")} start=${ms(r.start)} answer=${ms(r.responseStart)} end=${ms(r.end)} ms=${ms(r.end - r.start)} MB=${mb(r.bytes)}${r.failed ? " FAILED" : ""}`;
  const before = all.filter((r) => r.kind === "other" && r.start < firstUpload);
  lines.push(`before the first upload (${before.length} requests, first upload at ${ms(firstUpload === Infinity ? 0 : firstUpload)} ms):`);
  for (const r of before) lines.push(line(r));
  const batches = uploads.filter((r) => r.kind === "batch");
  lines.push(`batches (${batches.length}, ${mb(batches.reduce((s, r) => s + r.bytes, 0))} MB):`);
  for (const r of batches) lines.push(line(r));
  const wholes = uploads.filter((r) => r.kind === "whole");
  if (wholes.length) lines.push(`images sent whole (${wholes.length}, ${mb(wholes.reduce((s, r) => s + r.bytes, 0))} MB):`);
  for (const r of wholes.slice(0, 20)) lines.push(line(r));
  const patches = uploads.filter((r) => r.kind === "patch");
  const patchBytes = patches.reduce((s, r) => s + r.bytes, 0);
  if (patches.length <= 20) {
    lines.push(`PATCHes (${patches.length}, ${mb(patchBytes)} MB):`);
    for (const r of patches) lines.push(line(r));
  } else {
    const span = patches.length ? Math.max(...patches.map((r) => r.end)) - patches[0]!.start : 0;
    const busy = patches.reduce((s, r) => s + (r.end - r.start), 0);
    const waits = patches.reduce((s, r) => s + (r.end - r.responseStart), 0);
    lines.push(
      `PATCHes: ${patches.length}, ${mb(patchBytes)} MB, from ${ms(patches[0]!.start)} to ${ms(patches[0]!.start + span)} ms (${mb(patchBytes / (span / 1000 || 1))} MB/s), mean ${ms(busy / patches.length)} ms each, mean in flight ${(busy / (span || 1)).toFixed(2)}, answer body mean ${ms(waits / patches.length)} ms`,
    );
    for (const r of patches.slice(0, 3)) lines.push(line(r));
  }
  const gaps = idleGaps(uploads);
  const idle = gaps.reduce((s, g) => s + g.to - g.from, 0);
  const span = uploads.length ? Math.max(...uploads.map((r) => r.end)) - uploads[0]!.start : 0;
  const busy = uploads.reduce((s, r) => s + (r.end - r.start), 0);
  lines.push(`link: uploads from ${ms(uploads[0]?.start ?? 0)} to ${ms((uploads[0]?.start ?? 0) + span)} ms, mean in flight ${(busy / (span || 1)).toFixed(2)}, idle ${ms(idle)} ms in ${gaps.length} gaps`);
  for (const g of [...gaps].sort((a, b) => b.to - b.from - (a.to - a.from)).slice(0, 5)) lines.push(`  idle ${ms(g.from)}-${ms(g.to)} (${ms(g.to - g.from)} ms)`);
  return lines;
}

export function profileFigures(records: RequestRecord[]): { idleMs: number; meanInFlight: number; firstUploadMs: number } {
  const uploads = records.filter((r) => r.kind !== "other").sort((a, b) => a.start - b.start);
  const idleMs = idleGaps(uploads).reduce((s, g) => s + g.to - g.from, 0);
  const span = uploads.length ? Math.max(...uploads.map((r) => r.end)) - uploads[0]!.start : 0;
  const busy = uploads.reduce((s, r) => s + (r.end - r.start), 0);
  return { idleMs, meanInFlight: busy / (span || 1), firstUploadMs: uploads[0]?.start ?? 0 };
}
