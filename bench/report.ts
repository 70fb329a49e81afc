/** Prints a benchmark figure and keeps it in bench/results/ (not committed) for docs/BENCHMARKS.md. */
import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";

export function report(name: string, figures: Record<string, number | string>): void {
  const line = `${name}: ${Object.entries(figures)
    .map(([k, v]) => `${k}=${typeof v === "number" ? Number(v.toFixed(3)) : v}`)
    .join(", ")}`;
  console.log(line);
  const dir = path.join(import.meta.dirname, "results");
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, "latest.txt"), `${new Date().toISOString()} ${line}\n`);
}
