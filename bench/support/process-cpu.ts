/**
 * CPU seconds used by process trees during a stretch of a benchmark, from /proc: this benchmark's Chromium
 * (the descendants of this Node process whose command is Chromium's, by kind: browser, renderer, gpu,
 * network, storage...) and the app server (the `npm start` process and its PocketBase child). On a machine
 * with two cores, the sum says whether the product's work or the machine bounds a figure.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

interface Row {
  pid: string;
  ppid: string;
  args: string;
}

function rows(): Row[] {
  return execFileSync("ps", ["-eo", "pid=,ppid=,args="], { encoding: "utf8" })
    .split("\n")
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/))
    .filter((m): m is RegExpMatchArray => !!m)
    .map((m) => ({ pid: m[1]!, ppid: m[2]!, args: m[3]! }));
}

function descendants(all: Row[], root: string): Row[] {
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of all) if (tree.has(r.ppid) && !tree.has(r.pid)) grew = !!tree.add(r.pid);
  }
  return all.filter((r) => tree.has(r.pid) && r.pid !== root);
}

function cpuSeconds(pid: string): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0; // gone
  }
}

function kindOf(args: string): string {
  const type = args.match(/--type=(\S+)/)?.[1];
  if (!type) return "chromium browser";
  const sub = args.match(/--utility-sub-type=\S*?\.mojom\.(\w+)/)?.[1];
  return `chromium ${sub ? sub.replace(/Service$/, "").toLowerCase() : type}`;
}

/** CPU seconds by kind now: Chromium's processes under this Node process, and the server's tree. */
function snapshot(serverPid: number): Map<string, number> {
  const all = rows();
  const byKind = new Map<string, number>();
  const add = (kind: string, s: number) => byKind.set(kind, (byKind.get(kind) ?? 0) + s);
  for (const r of descendants(all, String(process.pid))) if (/chrom/i.test(r.args.split(" ")[0] ?? "")) add(kindOf(r.args), cpuSeconds(r.pid));
  add("server", cpuSeconds(String(serverPid)) + descendants(all, String(serverPid)).reduce((sum, r) => sum + cpuSeconds(r.pid), 0));
  return byKind;
}

/**
 * Starts counting; the returned function gives the CPU seconds each kind used since, with the total.
 * A process that ended meanwhile loses what it used (the renderer of a closed context: count before closing).
 */
export function countCpu(serverPid: number): () => Record<string, number> {
  const before = snapshot(serverPid);
  return () => {
    const after = snapshot(serverPid);
    const used: Record<string, number> = {};
    let total = 0;
    for (const [kind, s] of after) {
      const delta = Math.max(0, s - (before.get(kind) ?? 0));
      if (delta < 0.005) continue;
      used[kind] = Math.round(delta * 100) / 100;
      total += delta;
    }
    used.total = Math.round(total * 100) / 100;
    return used;
  };
}
