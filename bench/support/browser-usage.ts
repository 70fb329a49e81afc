/**
 * What this run's headless Chromium uses, for the zip benchmark: the resident memory of its process tree
 * (only the browser started with this run's profile folder; the machine may run others), sampled while a
 * phase runs, each process' own growth and CPU seconds, and the top functions of a CPU profile.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** The profile folder of this run's browser: only its process tree is counted (the machine may run others). */
let profileDir = "";

/** The app server's process (its CPU is printed with each phase's). */
let serverPid = "";

/** Counts the browser started with this profile folder (and its descendants) from now on; `serverUrl`: the app server too. */
export function countBrowserOf(profile: string, serverUrl?: string) {
  profileDir = profile;
  const host = serverUrl ? new URL(serverUrl).host : "";
  serverPid = host ? (execFileSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" }).split("\n").find((l) => l.includes(`--http=${host}`))?.trim().split(/\s+/)[0] ?? "") : "";
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

/** CPU seconds a process has used, from /proc (0 once it is gone). */
function cpuSeconds(pid: string): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The whole machine's busy and idle CPU seconds so far (all cores, /proc/stat). */
function machineSeconds(): { busy: number; idle: number } {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number) as number[];
  return { busy: (user! + nice! + system! + irq! + softirq! + steal!) / 100, idle: (idle! + iowait!) / 100 };
}

/** CPU seconds per thread name ("renderer:123/ServiceWorker t"; threads of one name summed), from /proc. */
function threadSeconds(processes: BrowserProcess[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of processes) {
    const pid = p.pid;
    if (!pid || p.detail) continue;
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
        const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
        const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
        const key = `${p.kind.replace(/:\d+$/, "")}/${name}`;
        out.set(key, (out.get(key) ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100);
      } catch {
        // the thread ended
      }
    }
  }
  return out;
}

/** This run's browser processes (the one started with the profile, and all its descendants). */
function browserProcesses(): BrowserProcess[] {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid=,rss=,args="], { encoding: "utf8" })
    .split("\n")
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/))
    .filter((m): m is RegExpMatchArray => !!m)
    .map((m) => ({ pid: m[1]!, ppid: m[2]!, rss: Number(m[3]), args: m[4]! }));
  const tree = new Set(rows.filter((r) => profileDir && r.args.includes(profileDir) && !r.args.includes("--type=")).map((r) => r.pid));
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) {
      if (tree.has(r.ppid) && !tree.has(r.pid)) {
        tree.add(r.pid);
        grew = true;
      }
    }
  }
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
            { kind, rssMb: r.rss / 1024, cpuS: cpuSeconds(r.pid), pid: r.pid },
            ...["RssAnon", "RssFile", "RssShmem"].map((f) => ({ kind: `${kind}.${f}`, rssMb: Number(status.match(new RegExp(`${f}:\\s+(\\d+)`))?.[1] ?? 0) / 1024, detail: true })),
          ];
        } catch {
          return [{ kind, rssMb: r.rss / 1024, cpuS: cpuSeconds(r.pid), pid: r.pid }];
        }
      }
      return [{ kind, rssMb: r.rss / 1024, cpuS: cpuSeconds(r.pid), pid: r.pid }];
    });
}
export interface CpuProfile {
  profile: { nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>; samples: number[]; timeDeltas: number[] };
}

/** The functions the profiled thread spent most of its own time in. */
export function printProfile({ profile }: CpuProfile, label: string) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const key = `${frame.functionName || "(anonymous)"} ${frame.url.split("/").pop()}:${frame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log(`${label}, self ms: ${top.map(([k, ms]) => `${k} ${ms.toFixed(0)}`).join("; ")}`);
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
  const serverAtStart = serverPid ? cpuSeconds(serverPid) : 0;
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
      console.log(`${label}: idle ${idleMb.toFixed(0)} MB, peak +${(peakMb - idleMb).toFixed(0)} MB (+${(peakMb - firstIdleMb).toFixed(0)} above the first phase's idle); per process (peak above its idle): ${grown.join(", ")}; CPU seconds: ${cpu.map(([kind, s]) => `${kind} ${s.toFixed(1)}`).join(", ")}; idle: ${idle.filter((p) => p.rssMb >= 50).map((p) => `${p.kind} ${p.rssMb.toFixed(0)}`).join(", ")}; app server ${serverPid ? (cpuSeconds(serverPid) - serverAtStart).toFixed(1) : "?"} s; machine (all processes, all cores): busy ${(machine.busy - machineAtStart.busy).toFixed(1)} s, idle ${(machine.idle - machineAtStart.idle).toFixed(1)} s; threads (CPU s, pid suffix dropped, same names summed): ${threads.map(([k, t]) => `${k} ${t.toFixed(1)}`).join(", ")}`);
      return peakMb - idleMb;
    },
  };
}
