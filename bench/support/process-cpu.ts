/**
 * CPU seconds used by process trees during a stretch of a benchmark, from /proc: this benchmark's Chromium
 * (the descendants of this Node process whose command is Chromium's, by kind: browser, renderer, gpu,
 * network, storage...) and the app server (the `npm start` process and its PocketBase child). On a machine
 * with two cores, the sum says whether the product's work or the machine bounds a figure.
 */
import { chromiumOfThisRun, cpuSecondsOf, psRows, treeOf } from "./proc";

function kindOf(args: string): string {
  const type = args.match(/--type=(\S+)/)?.[1];
  if (!type) return "chromium browser";
  const sub = args.match(/--utility-sub-type=\S*?\.mojom\.(\w+)/)?.[1];
  return `chromium ${sub ? sub.replace(/Service$/, "").toLowerCase() : type}`;
}

/** CPU seconds by process now (pid -> kind and seconds): Chromium's under this Node process, and the server's tree. */
function snapshot(serverPid: number): Map<string, { kind: string; s: number }> {
  const rows = psRows();
  const byPid = new Map<string, { kind: string; s: number }>();
  for (const r of chromiumOfThisRun(rows)) byPid.set(r.pid, { kind: kindOf(r.args), s: cpuSecondsOf(r.pid) });
  for (const pid of treeOf(rows, [String(serverPid)])) byPid.set(pid, { kind: "server", s: cpuSecondsOf(pid) });
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
