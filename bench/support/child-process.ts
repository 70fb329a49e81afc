/** Finds a process' child by its command name in /proc (Linux): the PocketBase that `npm start` runs. */
import { readFileSync, readdirSync } from "node:fs";

export function childPid(parentPid: number, command: string): number | null {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // "pid (comm) state ppid ...": comm may hold spaces, so split after its closing parenthesis.
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === parentPid && comm === command) return Number(entry);
    } catch {
      // the process ended while we looked
    }
  }
  return null;
}
