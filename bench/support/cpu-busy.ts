/**
 * How busy the cores are while a phase runs: CPU seconds of this Node process' descendants (the Chromium
 * Playwright started: every process of it, each process' threads included) and of the whole machine
 * (/proc/stat, other sessions' work included), over the phase's wall time. Linux only (/proc).
 */
import { readFileSync, readdirSync } from "node:fs";

const HZ = 100; // USER_HZ: /proc's clock ticks

/** Every descendant of this process that is Chromium (not the app's server), with its utime+stime ticks. */
function browserTicks(): Map<number, number> {
  const stats = new Map<number, { ppid: number; ticks: number; chromium: boolean }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
      const chromium = /\(chrom/i.test(stat.slice(0, stat.lastIndexOf(") ") + 1));
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), chromium });
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p = stats.get(pid)?.ppid; p !== undefined && p > 1; p = stats.get(p)?.ppid) if (p === process.pid) return true;
    return false;
  };
  const out = new Map<number, number>();
  for (const [pid, s] of stats) if (s.chromium && inTree(pid)) out.set(pid, s.ticks);
  return out;
}

const browserPids = (): number[] => [...browserTicks().keys()];
const treeCpuSeconds = (): number => [...browserTicks().values()].reduce((a, b) => a + b, 0) / HZ;

/** CPU seconds of each thread of this run's browser, by process type and thread name (summed over alike). */
function threadCpuSeconds(): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of browserPids()) {
    try {
      const type = /--type=(\S+)/.exec(readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " "))?.[1] ?? "browser";
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
        const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")).replace(/\d+$/, "");
        const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
        const key = `${type}/${name}`;
        out.set(key, (out.get(key) ?? 0) + (Number(fields[11]) + Number(fields[12])) / HZ);
      }
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Busy seconds of all cores together (everything but idle and iowait). */
function machineBusySeconds(): number {
  const [, ...ticks] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = ticks as number[];
  return (user! + nice! + system! + irq! + softirq! + (steal ?? 0)) / HZ;
}

export interface CpuBusy {
  wallS: number;
  /** CPU seconds of this run's browser during the phase. */
  browserCpuS: number;
  /** browserCpuS / wallS: how many cores the browser kept busy on average. */
  browserCoresBusy: number;
  /** The same for the whole machine (this browser and everything else running). */
  machineCoresBusy: number;
  /** The browser's threads that used the most CPU seconds (process type/thread name seconds, ...). */
  topThreads: string;
}

/** Starts counting; `stop()` gives the phase's figures. */
export function cpuBusy(): { stop: () => CpuBusy } {
  const t0 = performance.now();
  const tree0 = treeCpuSeconds();
  const machine0 = machineBusySeconds();
  const threads0 = threadCpuSeconds();
  return {
    stop() {
      const wallS = (performance.now() - t0) / 1000;
      const browserCpuS = treeCpuSeconds() - tree0;
      const threads = [...threadCpuSeconds()].map(([key, sec]) => [key, sec - (threads0.get(key) ?? 0)] as const).filter(([, sec]) => sec >= 0.05);
      const topThreads = threads
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([key, sec]) => `${key} ${sec.toFixed(2)}`)
        .join("; ");
      return { wallS, browserCpuS, browserCoresBusy: browserCpuS / wallS, machineCoresBusy: (machineBusySeconds() - machine0) / wallS, topThreads };
    },
  };
}
