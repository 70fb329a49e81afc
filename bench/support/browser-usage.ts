/**
 * What this run's headless Chromium uses, for the zip benchmark: the resident memory of its process tree
 * (only the browser started with this run's profile folder; the machine may run others), sampled while a
 * phase runs, each process' own growth and CPU seconds, and the top functions of a CPU profile.
 */
import { readFileSync } from "node:fs";
import { summarizeProfile, type Profile } from "./cpu-profile";
import { cpuSecondsOf, machineSeconds, psRows, threadSecondsOf, treeOf } from "./proc";

/** The profile folder of this run's browser: only its process tree is counted (the machine may run others). */
let profileDir = "";

/** The app server's process (its CPU is printed with each phase's). */
let serverPid = "";

/** Counts the browser started with this profile folder (and its descendants) from now on; `serverUrl`: the app server too. */
export function countBrowserOf(profile: string, serverUrl?: string) {
  profileDir = profile;
  const host = serverUrl ? new URL(serverUrl).host : "";
  serverPid = host ? (psRows().find((r) => r.args.includes(`--http=${host}`))?.pid ?? "") : "";
}

/** One process of this run's browser: its kind (browser, renderer, network, storage...) and resident MB. */
interface BrowserProcess {
  kind: string;
  rssMb: number;
  /** A part of a process' figure (not added to the sum). */
  detail?: boolean;
  /** CPU seconds it has used (user and system). */
  cpuS?: number;
  pid?: string;
}

/** CPU seconds per thread name ("renderer:123/ServiceWorker t"; threads of one name summed), from /proc. */
function threadSeconds(processes: BrowserProcess[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of processes) {
    if (!p.pid || p.detail) continue;
    for (const [name, seconds] of threadSecondsOf(p.pid)) {
      const key = `${p.kind.replace(/:\d+$/, "")}/${name}`;
      out.set(key, (out.get(key) ?? 0) + seconds);
    }
  }
  return out;
}

/** This run's browser processes (the one started with the profile, and all its descendants). */
function browserProcesses(): BrowserProcess[] {
  const rows = psRows();
  const tree = treeOf(rows, rows.filter((r) => profileDir && r.args.includes(profileDir) && !r.args.includes("--type=")).map((r) => r.pid));
  return rows
    .filter((r) => tree.has(r.pid))
    .flatMap((r): BrowserProcess[] => {
      const type = r.args.match(/--type=(\S+)/)?.[1] ?? "browser";
      const sub = r.args.match(/--utility-sub-type=\S*?\.mojom\.(\w+)/)?.[1];
      const kind = sub ? `${type}:${sub}` : `${type}:${r.pid}`;
      if (process.env.BENCH_RSS_DETAIL && type === "renderer") {
        try {
          const status = readFileSync(`/proc/${r.pid}/status`, "utf8");
          return [
            { kind, rssMb: r.rss / 1024, cpuS: cpuSecondsOf(r.pid), pid: r.pid },
            ...["RssAnon", "RssFile", "RssShmem"].map((f) => ({ kind: `${kind}.${f}`, rssMb: Number(status.match(new RegExp(`${f}:\\s+(\\d+)`))?.[1] ?? 0) / 1024, detail: true })),
          ];
        } catch {
          return [{ kind, rssMb: r.rss / 1024, cpuS: cpuSecondsOf(r.pid), pid: r.pid }];
        }
      }
      return [{ kind, rssMb: r.rss / 1024, cpuS: cpuSecondsOf(r.pid), pid: r.pid }];
    });
}
/** The functions the profiled thread spent most of its own time in (a DevTools `Profiler.stop` answer). */
export function printProfile({ profile }: { profile: Profile }, label: string) {
  console.log(`${label}, self time: ${summarizeProfile(profile).top.join("; ")}`);
}

/** The browser's memory before the first phase (later phases' idle includes what earlier ones left). */
let firstIdle: number | undefined;

/**
 * Samples this browser's resident memory every 250 ms: the peak of the sum above `idle`, and each process'
 * own peak above its idle (where the memory goes), printed when stopped.
 */
export function sampleMemory(label: string) {
  const idle = browserProcesses();
  const firstIdleMb = (firstIdle ??= idle.reduce((sum, p) => sum + (p.detail ? 0 : p.rssMb), 0));
  const idleOf = new Map(idle.map((p) => [p.kind, p.rssMb]));
  const idleMb = idle.reduce((sum, p) => sum + (p.detail ? 0 : p.rssMb), 0);
  let peakMb = idleMb;
  const peakOf = new Map<string, number>();
  const tick = () => {
    const now = browserProcesses();
    peakMb = Math.max(peakMb, now.reduce((sum, p) => sum + (p.detail ? 0 : p.rssMb), 0));
    for (const p of now) peakOf.set(p.kind, Math.max(peakOf.get(p.kind) ?? 0, p.rssMb - (idleOf.get(p.kind) ?? 0)));
  };
  const threadsAtStart = threadSeconds(idle);
  const machineAtStart = machineSeconds();
  const serverAtStart = serverPid ? cpuSecondsOf(serverPid) : 0;
  const timer = setInterval(tick, 250);
  return {
    idleMb,
    stop: () => {
      clearInterval(timer);
      const cpuNow = new Map(browserProcesses().map((p) => [p.kind, p.cpuS ?? 0]));
      const cpu = idle.filter((p) => !p.detail).map((p) => [p.kind, (cpuNow.get(p.kind) ?? 0) - (p.cpuS ?? 0)] as const).filter(([, s]) => s >= 0.2);
      const threadsNow = threadSeconds(browserProcesses());
      const machine = machineSeconds();
      const threads = [...threadsNow].map(([k, t]) => [k, t - (threadsAtStart.get(k) ?? 0)] as const).filter(([, t]) => t >= 0.1).sort((a, b) => b[1] - a[1]);
      const grown = [...peakOf].filter(([, mb]) => mb >= 8).map(([kind, mb]) => `${kind} +${mb.toFixed(0)}`);
      console.log(`${label}: idle ${idleMb.toFixed(0)} MB, peak +${(peakMb - idleMb).toFixed(0)} MB (+${(peakMb - firstIdleMb).toFixed(0)} above the first phase's idle); per process (peak above its idle): ${grown.join(", ")}; CPU seconds: ${cpu.map(([kind, s]) => `${kind} ${s.toFixed(1)}`).join(", ")}; idle: ${idle.filter((p) => p.rssMb >= 50).map((p) => `${p.kind} ${p.rssMb.toFixed(0)}`).join(", ")}; app server ${serverPid ? (cpuSecondsOf(serverPid) - serverAtStart).toFixed(1) : "?"} s; machine (all processes, all cores): busy ${(machine.busy - machineAtStart.busy).toFixed(1)} s, idle ${(machine.idle - machineAtStart.idle).toFixed(1)} s; threads (CPU s, pid suffix dropped, same names summed): ${threads.map(([k, t]) => `${k} ${t.toFixed(1)}`).join(", ")}`);
      return peakMb - idleMb;
    },
  };
}
