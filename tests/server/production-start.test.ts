/**
 * A production install (`npm ci --omit=dev` with a prebuilt dist/) can run the server and its maintenance
 * scripts: nothing they import statically is a devDependency, and `npm start` builds only when dist/ is
 * missing or older than the sources.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildNeeded } from "../../scripts/lib/freshness.mjs";
import { ROOT } from "../../scripts/lib/pocketbase.mjs";

const PRODUCTION_SCRIPTS = ["start.mjs", "backup.mjs", "restore.mjs", "migrate-files-to-s3.mjs", "superuser.mjs"];

/** Bare package names a script and the local modules it imports load statically (not `await import()`). */
function staticPackages(file: string, seen = new Set<string>()): Set<string> {
  const out = new Set<string>();
  if (seen.has(file)) return out;
  seen.add(file);
  const source = readFileSync(file, "utf8");
  for (const m of source.matchAll(/^\s*import\s+(?:[^"']*?\s+from\s+)?["']([^"']+)["']/gm)) {
    const spec = m[1]!;
    if (spec.startsWith("node:")) continue;
    if (spec.startsWith(".")) {
      for (const p of staticPackages(path.resolve(path.dirname(file), spec), seen)) out.add(p);
    } else {
      out.add(spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!);
    }
  }
  return out;
}

describe("production start", () => {
  it("needs no devDependency to run the server, backups, restores or the S3 move", () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as Record<string, Record<string, string>>;
    const runtime = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {})]);
    for (const script of PRODUCTION_SCRIPTS) {
      const needed = [...staticPackages(path.join(ROOT, "scripts", script))];
      expect(needed.filter((p) => !runtime.has(p)), script).toEqual([]);
    }
  });

  it("builds only when dist/ is missing or older than a source file", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "sg-fresh-"));
    try {
      mkdirSync(path.join(root, "src"));
      writeFileSync(path.join(root, "src", "main.tsx"), "");
      writeFileSync(path.join(root, "index.html"), "");
      expect(buildNeeded(root)).toBe("missing");
      mkdirSync(path.join(root, "dist"));
      writeFileSync(path.join(root, "dist", "index.html"), "");
      const past = new Date(Date.now() - 60_000);
      utimesSync(path.join(root, "src", "main.tsx"), past, past);
      utimesSync(path.join(root, "src"), past, past);
      utimesSync(path.join(root, "index.html"), past, past);
      expect(buildNeeded(root)).toBeNull();
      writeFileSync(path.join(root, "src", "main.tsx"), "changed");
      expect(buildNeeded(root)).toBe("stale");
      // The hooks' files the app imports (the zip writer's file names, the contract) are sources of the build too.
      utimesSync(path.join(root, "src", "main.tsx"), past, past);
      mkdirSync(path.join(root, "pb_hooks", "lib", "rules"), { recursive: true });
      writeFileSync(path.join(root, "pb_hooks", "lib", "rules", "file_names.js"), "changed");
      for (const p of ["pb_hooks/lib/rules/file_names.js", "pb_hooks/lib/rules", "pb_hooks/lib", "pb_hooks", "src"]) utimesSync(path.join(root, p), past, past);
      expect(buildNeeded(root)).toBeNull();
      const later = new Date(Date.now() + 60_000);
      utimesSync(path.join(root, "pb_hooks", "lib", "rules", "file_names.js"), later, later);
      expect(buildNeeded(root)).toBe("stale");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
