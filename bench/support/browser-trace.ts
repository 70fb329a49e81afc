/**
 * Where Chromium's CPU goes during a stretch of a benchmark, two ways:
 * - `countThreadCpu`: CPU seconds per process kind and thread name, from /proc (no tracing overhead);
 * - `startBrowserTrace`: a Chromium trace of every process (DevTools protocol on the browser target), then
 *   `summariseTrace` sums each thread's top-level events (their thread time when the trace has it, else
 *   their wall time) by name and by the code that posted the task, within windows given in CLOCK_MONOTONIC
 *   microseconds (`monotonicUs`, the clock of Chromium's trace on Linux).
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import type { Browser, CDPSession } from "playwright-core";
import { chromiumOfThisRun } from "./proc";

const HZ = 100;

/** Now, in the trace's clock (CLOCK_MONOTONIC, microseconds). */
export const monotonicUs = (): number => Number(process.hrtime.bigint() / 1000n);

function kindOf(args: string): string {
  const type = args.match(/--type=(\S+)/)?.[1];
  if (!type) return "browser";
  const sub = args.match(/--utility-sub-type=\S*?\.mojom\.(\w+)/)?.[1];
  return sub ? sub.replace(/Service$/, "").toLowerCase() : type;
}

function threadSnapshot(): Map<string, { key: string; s: number }> {
  const out = new Map<string, { key: string; s: number }>();
  for (const r of chromiumOfThisRun()) {
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${r.pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const stat = readFileSync(`/proc/${r.pid}/task/${tid}/stat`, "utf8");
        const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
        const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
        out.set(`${r.pid}/${tid}`, { key: `${kindOf(r.args)} ${r.pid} ${name.replace(/\d+$/, "")}`, s: (Number(fields[11]) + Number(fields[12])) / HZ });
      } catch {
        // the thread ended
      }
    }
  }
  return out;
}

/** Starts counting; the function returned gives CPU seconds by "kind pid thread" since (threads of a kind and name summed). */
export function countThreadCpu(): () => Record<string, number> {
  const before = threadSnapshot();
  return () => {
    const used: Record<string, number> = {};
    for (const [id, { key, s }] of threadSnapshot()) used[key] = (used[key] ?? 0) + Math.max(0, s - (before.get(id)?.s ?? 0));
    for (const k of Object.keys(used)) if (used[k]! < 0.005) delete used[k];
    return used;
  };
}

export const DEFAULT_CATEGORIES = ["toplevel", "mojom", "ipc", "IndexedDB", "Blob", "blob", "storage", "ServiceWorker", "navigation", "loading", "net", "devtools", "disabled-by-default-devtools.timeline"];

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: Record<string, unknown>;
}

/** Starts tracing every process; the function returned ends it and gives the events. */
export async function startBrowserTrace(browser: Browser, categories = process.env.BENCH_TRACE_CATEGORIES?.split(",") ?? DEFAULT_CATEGORIES): Promise<() => Promise<TraceEvent[]>> {
  const session: CDPSession = await browser.newBrowserCDPSession();
  await session.send("Tracing.start", { transferMode: "ReturnAsStream", traceConfig: { recordMode: "recordAsMuchAsPossible", includedCategories: categories } } as never);
  return async () => {
    const complete = new Promise<string>((resolve) => session.once("Tracing.tracingComplete", (e: { stream?: string }) => resolve(e.stream!)));
    await session.send("Tracing.end");
    const stream = await complete;
    const chunks: string[] = [];
    for (;;) {
      const { data, eof, base64Encoded } = (await session.send("IO.read", { handle: stream, size: 1 << 20 })) as { data: string; eof: boolean; base64Encoded?: boolean };
      chunks.push(base64Encoded ? Buffer.from(data, "base64").toString("utf8") : data);
      if (eof) break;
    }
    await session.send("IO.close", { handle: stream });
    await session.detach();
    const text = chunks.join("");
    const parsed = JSON.parse(text) as { traceEvents?: TraceEvent[] } | TraceEvent[];
    return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  };
}

export interface TraceSummary {
  /** "process thread" -> ms of its top-level events in the window (thread time, else wall). */
  byThread: Array<[string, number]>;
  /** "process thread | event (posted from)" -> ms, most first. */
  byTask: Array<[string, number]>;
  /** The same for the events directly inside top-level ones (mojo messages, IPC, IndexedDB...). */
  byInner: Array<[string, number]>;
}

const postedFrom = (e: TraceEvent): string => {
  const a = e.args ?? {};
  const src = (a.src_func ?? a.src ?? (a.task as { posted_from?: { function_name?: string } } | undefined)?.posted_from?.function_name) as string | undefined;
  const file = (a.src_file as string | undefined)?.replace(/^.*?\/(?=[^/]+\/[^/]+$)/, "");
  return src || file ? ` (${[file, src].filter(Boolean).join(" ")})` : "";
};

/** Sums top-level (and one level in) complete events per thread within [fromUs, toUs], for processes `pids` (all when empty). */
export function summariseTrace(events: TraceEvent[], fromUs: number, toUs: number, pids: Set<number> = new Set()): TraceSummary {
  const procName = new Map<number, string>();
  const threadName = new Map<string, string>();
  for (const e of events) {
    if (e.ph !== "M") continue;
    if (e.name === "process_name") procName.set(e.pid, `${String(e.args?.name)} ${e.pid}`);
    if (e.name === "thread_name") threadName.set(`${e.pid}/${e.tid}`, String(e.args?.name).replace(/\d+$/, ""));
  }
  // Complete events per thread (B/E pairs made complete), in order.
  const perThread = new Map<string, TraceEvent[]>();
  const open = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (pids.size && !pids.has(e.pid)) continue;
    const key = `${e.pid}/${e.tid}`;
    if (e.ph === "X") (perThread.get(key) ?? perThread.set(key, []).get(key)!).push(e);
    else if (e.ph === "B") (open.get(key) ?? open.set(key, []).get(key)!).push(e);
    else if (e.ph === "E") {
      const b = open.get(key)?.pop();
      if (b) (perThread.get(key) ?? perThread.set(key, []).get(key)!).push({ ...b, ph: "X", dur: e.ts - b.ts, tdur: (e as { tts?: number }).tts !== undefined && (b as { tts?: number }).tts !== undefined ? (e as unknown as { tts: number }).tts - (b as unknown as { tts: number }).tts : undefined });
    }
  }
  const byThread = new Map<string, number>();
  const byTask = new Map<string, number>();
  const byInner = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  for (const [key, list] of perThread) {
    const pid = Number(key.split("/")[0]);
    const thread = `${procName.get(pid) ?? pid} ${threadName.get(key) ?? key.split("/")[1]}`;
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    let topEnd = -Infinity;
    let top: TraceEvent | null = null;
    let innerEnd = -Infinity;
    for (const e of list) {
      const end = e.ts + (e.dur ?? 0);
      if (e.ts >= topEnd) {
        top = e;
        topEnd = end;
        innerEnd = -Infinity;
        if (e.ts < fromUs || e.ts > toUs) continue;
        const ms = (e.tdur ?? e.dur ?? 0) / 1000;
        add(byThread, thread, ms);
        add(byTask, `${thread} | ${e.name}${postedFrom(e)}`, ms);
      } else if (top && e.ts >= innerEnd) {
        innerEnd = end;
        if (e.ts < fromUs || e.ts > toUs) continue;
        add(byInner, `${thread} | ${top.name} > ${e.name}${postedFrom(e)}`, (e.tdur ?? e.dur ?? 0) / 1000);
      }
    }
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return { byThread: sorted(byThread), byTask: sorted(byTask), byInner: sorted(byInner) };
}

/** The summary as lines: threads, then the top `n` tasks and inner events of the threads matching `focus`. */
export function traceLines(s: TraceSummary, n = 25, focus = /Browser|Renderer/): string[] {
  const f = (rows: Array<[string, number]>) => rows.map(([k, v]) => `    ${v.toFixed(1).padStart(8)} ms  ${k}`);
  return [
    "  by thread:",
    ...f(s.byThread.filter(([, v]) => v >= 1)),
    "  top-level tasks:",
    ...f(s.byTask.filter(([k]) => focus.test(k)).slice(0, n)),
    "  inside them:",
    ...f(s.byInner.filter(([k]) => focus.test(k)).slice(0, n)),
  ];
}

/**
 * The browser process's IndexedDB work by object store: each Database::*Operation the browser ran (its
 * thread time) matched, in order, to the page's request that asked for it (IDBObjectStore / IDBIndex
 * *RequestSetup, which names the store or index). Requests are served in the order they were made.
 */
export function idbByStore(events: TraceEvent[], fromUs: number, toUs: number): Array<[string, { n: number; ms: number }]> {
  const kinds: Array<[RegExp, string]> = [
    [/^IDB(ObjectStore|Index)::getRequestSetup$/, "Database::GetOperation"],
    [/^IDB(ObjectStore|Index)::putRequestSetup$/, "Database::PutOperation"],
    [/^IDB(ObjectStore|Index)::getAll(Keys)?RequestSetup$/, "Database::GetAllOperation"],
  ];
  const out = new Map<string, { n: number; ms: number }>();
  const byTs = (a: TraceEvent, b: TraceEvent) => a.ts - b.ts;
  for (const [setup, operation] of kinds) {
    const asked = events.filter((e) => e.ph === "X" && setup.test(e.name)).sort(byTs);
    let next = 0;
    for (const op of events.filter((e) => e.ph === "X" && e.name === operation).sort(byTs)) {
      const request = asked[next] && asked[next]!.ts < op.ts ? asked[next++] : undefined;
      if (op.ts < fromUs || op.ts > toUs) continue;
      const where = request ? String(request.args?.store_name ?? `[${String(request.args?.index_name)}]`) : "?";
      const key = `${operation.replace("Database::", "")} ${where}`;
      const o = out.get(key) ?? { n: 0, ms: 0 };
      o.n++;
      o.ms += (op.tdur ?? op.dur ?? 0) / 1000;
      out.set(key, o);
    }
  }
  return [...out].sort((a, b) => b[1].ms - a[1].ms);
}

/**
 * BENCH_TRACE=cpu: CPU seconds per thread of a stretch; BENCH_TRACE=1: that and a trace of it (kept as
 * JSON in BENCH_TRACE_DIR when set). `start` and `stop` bound the stretch; `stop` prints what was found,
 * `uploads` (ms since start) narrowing the trace's sums to a part of the stretch.
 */
export function traceStretch(browser: Browser, label: string, mode = process.env.BENCH_TRACE) {
  let stopTrace: (() => Promise<TraceEvent[]>) | null = null;
  let stopCpu: (() => Record<string, number>) | null = null;
  let fromUs = 0;
  let cpu: Record<string, number> = {};
  let toUs = 0;
  return {
    start: async () => {
      if (!mode) return;
      if (mode !== "cpu") stopTrace = await startBrowserTrace(browser);
      stopCpu = countThreadCpu();
      fromUs = monotonicUs();
    },
    /** Ends the counting (call at the stretch's end); `report` prints, later. */
    stop: () => {
      if (!mode) return;
      toUs = monotonicUs();
      cpu = stopCpu!();
    },
    report: async (uploads?: { fromMs: number; toMs: number }) => {
      if (!mode) return;
      const rows = Object.entries(cpu).sort((a, b) => b[1] - a[1]);
      console.log(`trace ${label}: ${((toUs - fromUs) / 1000).toFixed(0)} ms; CPU s by process and thread (/proc):\n${rows.map(([k, v]) => `    ${v.toFixed(2).padStart(6)}  ${k}`).join("\n")}`);
      if (!stopTrace) return;
      const events = await stopTrace();
      if (process.env.BENCH_TRACE_DIR) {
        writeFileSync(`${process.env.BENCH_TRACE_DIR}/${label.replace(/\W+/g, "-")}.json`, JSON.stringify({ fromUs, toUs, uploads, traceEvents: events }));
      }
      console.log(`trace ${label}, whole stretch (${events.length} events):\n${traceLines(summariseTrace(events, fromUs, toUs)).join("\n")}`);
      const idb = idbByStore(events, fromUs, toUs);
      if (idb.length) console.log(`trace ${label}, the browser's IndexedDB operations by store (thread ms):\n${idb.map(([k, v]) => `    ${v.ms.toFixed(1).padStart(8)} ms ${String(v.n).padStart(5)}x  ${k}`).join("\n")}`);
      if (uploads) console.log(`trace ${label}, uploads only (${uploads.fromMs.toFixed(0)}-${uploads.toMs.toFixed(0)} ms):\n${traceLines(summariseTrace(events, fromUs + uploads.fromMs * 1000, fromUs + uploads.toMs * 1000)).join("\n")}`);
    },
  };
}
