/**
 * The visitor's page loads only VISITOR_NAMESPACES (issue 27): every texts.ts its code can reach must be
 * among them, or a German visitor would read that part in English. Walks the imports from the visitor's
 * entry, lazy routes included, and names each localized texts.ts it reaches.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { VISITOR_NAMESPACES } from "./locale";

const SRC = path.resolve(import.meta.dirname, "..");

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  return null;
}

/** Every source file the visitor's entry reaches through static or dynamic relative imports. */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, "utf8");
    for (const m of code.matchAll(/(?:import|export)\s[^"';]*?from\s+["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)/g)) {
      const target = resolve(file, m[1] ?? m[2]!);
      if (target && target.startsWith(SRC) && !target.includes(".test.")) queue.push(target);
    }
  }
  return seen;
}

describe("the visitor's namespaces", () => {
  it("include every localized texts.ts the visitor's page can reach", () => {
    const files = [...reachable(path.join(SRC, "app/visitorMain.tsx"))].filter((f) => f.endsWith("texts.ts"));
    const namespaces = files.flatMap((f) => [...readFileSync(f, "utf8").matchAll(/localized\("([^"]+)"/g)].map((m) => m[1]!));
    expect(namespaces.length).toBeGreaterThan(3);
    expect([...new Set(namespaces)].filter((ns) => !VISITOR_NAMESPACES.includes(ns))).toEqual([]);
  });
});
