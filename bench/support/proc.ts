/**
 * Linux's /proc and `ps`, read the one way the benchmarks' support modules share: CPU seconds of a process
 * and of each of its threads, the whole machine's busy and idle seconds, and process trees.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";

/** USER_HZ: /proc's clock ticks a second. */
const HZ = 100;

/** User and system seconds from a `stat` file of /proc (0 once its process or thread is gone). */
function statSeconds(path: string): number {
  try {
    const stat = readFileSync(path, "utf8");
    const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / HZ;
  } catch {
    return 0;
  }
}

/** CPU seconds a process has used (all its threads). */
export const cpuSecondsOf = (pid: string | number): number => statSeconds(`/proc/${pid}/stat`);

/** Each thread of a process: its name and CPU seconds (none once the process is gone). */
export function threadSecondsOf(pid: string | number): Array<[name: string, seconds: number]> {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tasks.flatMap((tid): Array<[string, number]> => {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      return [[stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), statSeconds(`/proc/${pid}/task/${tid}/stat`)]];
    } catch {
      return []; // the thread ended
    }
  });
}

/** The whole machine's busy and idle CPU seconds so far (all cores, /proc/stat). */
export function machineSeconds(): { busy: number; idle: number } {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number) as number[];
  return { busy: (user! + nice! + system! + irq! + softirq! + (steal ?? 0)) / HZ, idle: (idle! + iowait!) / HZ };
}

export interface PsRow {
  pid: string;
  ppid: string;
  /** Resident KB. */
  rss: number;
  args: string;
}

/** Every process of the machine now. */
export function psRows(): PsRow[] {
  return execFileSync("ps", ["-eo", "pid=,ppid=,rss=,args="], { encoding: "utf8" })
    .split("\n")
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/))
    .filter((m): m is RegExpMatchArray => !!m)
    .map((m) => ({ pid: m[1]!, ppid: m[2]!, rss: Number(m[3]), args: m[4]! }));
}

/** The pids of `roots` and of all their descendants among `rows`. */
export function treeOf(rows: PsRow[], roots: Iterable<string>): Set<string> {
  const tree = new Set(roots);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) {
      if (tree.has(r.ppid) && !tree.has(r.pid)) {
        tree.add(r.pid);
        grew = true;
      }
    }
  }
  return tree;
}

/** This Node process' Chromium processes (the browsers Playwright started from it, every process of each). */
export function chromiumOfThisRun(rows: PsRow[] = psRows()): PsRow[] {
  const tree = treeOf(rows, [String(process.pid)]);
  return rows.filter((r) => r.pid !== String(process.pid) && tree.has(r.pid) && /chrom/i.test(r.args.split(" ")[0] ?? ""));
}
