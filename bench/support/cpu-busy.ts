/**
 * How busy the cores are while a phase runs: CPU seconds of this Node process' descendants (the Chromium
 * Playwright started: every process of it, each process' threads included) and of the whole machine
 * (/proc/stat, other sessions' work included), over the phase's wall time. Linux only (/proc).
 */
import { chromiumOfThisRun, cpuSecondsOf, machineSeconds, threadSecondsOf } from "./proc";

const treeCpuSeconds = (): number => chromiumOfThisRun().reduce((sum, r) => sum + cpuSecondsOf(r.pid), 0);

/** CPU seconds of each thread of this run's browser, by process type and thread name (summed over alike). */
function threadCpuSeconds(): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of chromiumOfThisRun()) {
    const type = /--type=(\S+)/.exec(r.args)?.[1] ?? "browser";
    for (const [name, seconds] of threadSecondsOf(r.pid)) {
      const key = `${type}/${name.replace(/\d+$/, "")}`;
      out.set(key, (out.get(key) ?? 0) + seconds);
    }
  }
  return out;
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
  const machine0 = machineSeconds().busy;
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
      return { wallS, browserCpuS, browserCoresBusy: browserCpuS / wallS, machineCoresBusy: (machineSeconds().busy - machine0) / wallS, topThreads };
    },
  };
}
