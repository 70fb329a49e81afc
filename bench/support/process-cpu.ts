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

/** CPU seconds by process now (pid -> kind and seconds): Chromium's under this Node process, and the server's tree. */
function snapshot(serverPid: number): Map<string, { kind: string; s: number }> {
  const all = rows();
  const byPid = new Map<string, { kind: string; s: number }>();
  for (const r of descendants(all, String(process.pid))) if (/chrom/i.test(r.args.split(" ")[0] ?? "")) byPid.set(r.pid, { kind: kindOf(r.args), s: cpuSeconds(r.pid) });
  for (const r of [{ pid: String(serverPid) }, ...descendants(all, String(serverPid))]) byPid.set(r.pid, { kind: "server", s: cpuSeconds(r.pid) });
  return byPid;
}

/**
 * Starts counting; the returned function gives the CPU seconds each kind used since, with the total: per
 * process, its seconds now less its seconds at the start (all of them for a process started since). A
 * process that ended meanwhile loses what it used (the renderer of a closed context: count before closing).
 */
export function countCpu(serverPid: number): () => Record<string, number> {
  const before = snapshot(serverPid);
  return () => {
    const used: Record<string, number> = {};
    let total = 0;
    for (const [pid, { kind, s }] of snapshot(serverPid)) {
      const delta = Math.max(0, s - (before.get(pid)?.s ?? 0));
      used[kind] = (used[kind] ?? 0) + delta;
      total += delta;
    }
    for (const kind of Object.keys(used)) {
      if (used[kind]! < 0.005) delete used[kind];
      else used[kind] = Math.round(used[kind]! * 100) / 100;
    }
    used.total = Math.round(total * 100) / 100;
    return used;
  };
}
