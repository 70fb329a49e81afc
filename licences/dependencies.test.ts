/**
 * The licence allow-list holds: every package `npm ci --omit=dev` installs (the code the app ships is among them)
 * names a licence on licences/policy.ts's list, read from package-lock.json, so a new dependency under the GPL,
 * the SSPL or no licence at all fails here before it reaches a build. The build itself refuses the same for
 * what it bundles (vite-plugin-licences.ts).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { licenceProblem } from "./policy";

const ROOT = path.resolve(import.meta.dirname, "..");

interface LockedPackage {
  name?: string;
  license?: string;
  dev?: boolean;
}

/** The production tree of package-lock.json: every installed package not marked dev-only, by name. */
function productionPackages(): { name: string; licence: string | undefined }[] {
  const lock = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, LockedPackage> };
  return Object.entries(lock.packages)
    .filter(([where, entry]) => where !== "" && !entry.dev)
    .map(([where, entry]) => ({ name: entry.name ?? where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length), licence: entry.license }));
}

describe("licences", () => {
  it("every production dependency names a licence on the allow-list", () => {
    const packages = productionPackages();
    expect(packages.map((p) => p.name)).toEqual(expect.arrayContaining(["react", "dexie", "pocketbase", "libheif-js", "workbox-precaching"]));
    expect(packages.map((p) => licenceProblem(p.name, p.licence)).filter((p) => p !== null)).toEqual([]);
  });

  it("the project itself is AGPL-3.0-or-later, with the licence's text", () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { license?: string };
    expect(manifest.license).toBe("AGPL-3.0-or-later");
    expect(readFileSync(path.join(ROOT, "LICENSE"), "utf8")).toMatch(/^\s*GNU AFFERO GENERAL PUBLIC LICENSE\s+Version 3, 19 November 2007/);
  });

  it("refuses a missing licence, a copyleft one, and the LGPL for anything but libheif-js", () => {
    expect(licenceProblem("left-pad", undefined)).toMatch(/names no licence/);
    expect(licenceProblem("left-pad", "")).toMatch(/names no licence/);
    expect(licenceProblem("some-lib", "GPL-3.0-only")).toMatch(/not on the allow-list/);
    expect(licenceProblem("some-lib", "SSPL-1.0")).toMatch(/not on the allow-list/);
    expect(licenceProblem("some-lib", "LGPL-3.0")).toMatch(/not on the allow-list/);
    expect(licenceProblem("libheif-js", "LGPL-3.0")).toBeNull();
  });

  it("allows the font licence (OFL-1.1) for the gallery typefaces' packages only", () => {
    expect(licenceProblem("@fontsource/inter", "OFL-1.1")).toBeNull();
    expect(licenceProblem("some-lib", "OFL-1.1")).toMatch(/not on the allow-list/);
    expect(licenceProblem("@fontsource/inter", "GPL-3.0-only")).toMatch(/not on the allow-list/);
  });

  it("reads SPDX expressions: AND needs every licence allowed, OR one of them", () => {
    expect(licenceProblem("pako", "(MIT AND Zlib)")).toBeNull();
    expect(licenceProblem("x", "(MIT OR GPL-3.0-only)")).toBeNull();
    expect(licenceProblem("x", "MIT AND GPL-3.0-only")).toMatch(/not on the allow-list/);
    expect(licenceProblem("x", "(GPL-2.0-only OR (MIT AND Apache-2.0))")).toBeNull();
    expect(licenceProblem("x", "Apache-2.0 WITH LLVM-exception")).toBeNull();
    expect(licenceProblem("x", "MIT junk")).toMatch(/not on the allow-list/);
  });
});

/** Every file under `dir` that ships or runs in production: not a test. */
function shippedFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) shippedFiles(file, out);
    else if (/\.(ts|tsx|mjs|js|css)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(file);
  }
  return out;
}

/** The packages a file names in an import, an export ... from, a dynamic import() or a CSS @import. */
function importedPackages(source: string): string[] {
  const specs = [
    ...source.matchAll(/^\s*(?:import|export)\b[^"'`;]*?["']([^"'./][^"']*)["']/gm),
    ...source.matchAll(/\bimport\(\s*["']([^"'./][^"']*)["']\s*\)/g),
    ...source.matchAll(/@import\s+["']([^"'./][^"']*)["']/g),
  ].map((m) => m[1]!);
  return specs.filter((s) => !s.startsWith("node:") && !s.startsWith("virtual:")).map((s) => (s.startsWith("@") ? s.split("/").slice(0, 2).join("/") : s.split("/")[0]!));
}

describe("dependencies", () => {
  it("a production dependency is used by code that ships or runs in production; one only tests use is a devDependency", () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    const used = new Set(["src", "workers", "scripts"].flatMap((dir) => shippedFiles(path.join(ROOT, dir))).flatMap((f) => importedPackages(readFileSync(f, "utf8"))));
    expect(Object.keys(pkg.dependencies).filter((name) => !used.has(name))).toEqual([]);
  });
});
