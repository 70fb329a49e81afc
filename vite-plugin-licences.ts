/**
 * Third-party notices. MIT, BSD and Apache ask that their notice travel with the code; instead of keeping
 * comments in every chunk, the build writes one file beside the app: dist/THIRD_PARTY_LICENSES.txt names every
 * package whose code ended up in dist/ (the app's chunks, its workers and both service workers), its version,
 * its licence and the licence text it ships (and its NOTICE file, for Apache).
 *
 * The app is five builds (the pages, each worker, the owner's service worker built by vite-plugin-pwa, the
 * visitor's built by visitorPages()), so one rollup-plugin-license scanner goes into each and reports the modules
 * that were rendered into a chunk; the writer runs after the last of them. A package whose licence is not on
 * the allow-list (licences/policy.ts) fails the build.
 *
 * Packages that compile C libraries to WASM (the @jsquash codecs, libheif-js) keep those libraries' licences in
 * subfolders (`codec/LICENSE.codec.md`, `libheif-wasm/LICENSE`): they are copied in after the package's own.
 *
 * Code the project compiles itself from third-party sources and commits (BUILT_HERE: not a package, so the
 * scanners do not see it) is listed after the packages, with the licence files its folder holds.
 *
 * libheif-js (LGPL-3.0, the HEIC decoder) also gets its licences beside its chunk, `assets/<chunk>.LICENSE.txt`,
 * with how to replace it (docs/DEPLOY.md).
 */
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import license, { type Dependency } from "rollup-plugin-license";
import type { Plugin } from "vite";
import { licenceProblem } from "./licences/policy";
import { afterBuild } from "./vite-plugin-after-build";

const NOTICES_FILE = "THIRD_PARTY_LICENSES.txt";
const RULE = "-".repeat(78);
const ROOT = import.meta.dirname;
/** Licence files a package keeps for the libraries it compiled in, in its subfolders. */
const LICENCE_FILE = /^(licen[cs]e|copying|notice)([.-][\w.-]*)?$/i;

/** The licence files in a package's subfolders (not its own, which rollup-plugin-license read), deduplicated. */
function nestedLicences(dependency: Dependency): string[] {
  const dir = path.join(ROOT, "node_modules", dependency.name ?? "");
  const manifest = path.join(dir, "package.json");
  if (!existsSync(manifest) || (JSON.parse(readFileSync(manifest, "utf8")) as { version?: string }).version !== dependency.version) return [];
  const seen = new Set([dependency.licenseText?.trim(), dependency.noticeText?.trim()]);
  const texts: string[] = [];
  const walk = (folder: string, depth: number): void => {
    for (const name of readdirSync(folder).sort()) {
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) {
        if (depth < 3 && name !== "node_modules") walk(file, depth + 1);
      } else if (depth > 0 && LICENCE_FILE.test(name)) {
        const text = readFileSync(file, "utf8").trim();
        if (!seen.has(text)) texts.push(`${path.relative(dir, file)}:\n\n${text}`);
        seen.add(text);
      }
    }
  };
  walk(dir, 0);
  return texts;
}

/**
 * Stub package.json files inside a package that name no licence (wasm-pack writes one beside its output): their
 * code is the enclosing package's, under its licence and listed with it.
 */
const INSIDE_PACKAGE: Readonly<Record<string, string>> = { "squoosh-oxipng": "@jsquash/oxipng" };

type ScannerPlugin = ReturnType<typeof license>;

/** Third-party code built by a script of ours and committed, with the folder that holds its licence files. */
const BUILT_HERE: readonly { name: string; licence: string; dir: string; note: string }[] = [
  {
    name: "MozJPEG 4.1.5, WebAssembly SIMD build (scripts/build-mozjpeg-simd.sh)",
    licence: "IJG AND BSD-3-Clause AND Zlib (MozJPEG, libjpeg-turbo); Apache-2.0 (Squoosh's binding, as in @jsquash/jpeg)",
    dir: "workers/convert/mozjpeg-simd",
    note: "This software is based in part on the work of the Independent JPEG Group.",
  },
];

function builtHereEntry(built: (typeof BUILT_HERE)[number]): string {
  const dir = path.join(ROOT, built.dir);
  const files = readdirSync(dir).filter((name) => /^(licen[cs]e|readme)/i.test(name)).sort();
  const texts = files.map((name) => `${name}:\n\n${readFileSync(path.join(dir, name), "utf8").trim()}`);
  return [RULE, built.name, `License: ${built.licence}`, "", built.note, ...texts.flatMap((text) => ["", text])].join("\n");
}

function entry(dependency: Dependency): string {
  const lines = [RULE, `${dependency.name} ${dependency.version}`, `License: ${dependency.license ?? "none named"}`];
  if (dependency.homepage) lines.push(`Homepage: ${dependency.homepage}`);
  lines.push("", (dependency.licenseText ?? `(${dependency.name} ships no licence file; its package.json names ${dependency.license}.)`).trim());
  if (dependency.noticeText) lines.push("", "NOTICE:", "", dependency.noticeText.trim());
  for (const text of nestedLicences(dependency)) lines.push("", text);
  return lines.join("\n");
}

function libheifNote(dependency: Dependency, chunk: string): string {
  return [
    `${chunk} is ${dependency.name} ${dependency.version} (libheif built with Emscripten), used unmodified and`,
    "loaded only when a HEIC photo is imported. libheif and the HEVC decoder in it (libde265) are under the GNU",
    "Lesser General Public License 3.0, whose text follows with the GNU General Public License 3.0 it adds to.",
    "To run a modified libheif-js, install it in place of the npm package and rebuild (npm run build), or replace",
    "this file with a build of the same interface. HEIC photos hold HEVC frames, and HEVC is patent-encumbered",
    "in some countries: HEIC=off at build time leaves this file out (docs/DEPLOY.md).",
    "",
    entry(dependency),
    "",
  ].join("\n");
}

/**
 * `scanner()` gives a fresh plugin for one build (pages, workers, service workers); `writer` writes the notices
 * once every build has been scanned. Put the writer after the plugins whose closeBundle builds a service worker.
 */
export function thirdPartyNotices(): { scanner: () => ScannerPlugin; writer: Plugin } {
  const found = new Map<string, Dependency>();
  const scanner = (): ScannerPlugin =>
    license({
      thirdParty: {
        multipleVersions: true,
        output: (dependencies) => {
          for (const d of dependencies) if (!(d.name && INSIDE_PACKAGE[d.name] && !d.license)) found.set(`${d.name}@${d.version}`, d);
        },
      },
    });
  const writer = afterBuild("studio-gallery-third-party-notices", (outDir) => {
    const dependencies = [...found.values()].sort((a, b) => `${a.name}@${a.version}`.localeCompare(`${b.name}@${b.version}`));
    const problems = dependencies.map((d) => licenceProblem(d.name ?? "(unnamed package)", d.license)).filter((p) => p !== null);
    if (problems.length > 0) throw new Error(`Licences not allowed in the build:\n${problems.join("\n")}`);
    const header = [
      "Third-party software in Studio Gallery",
      "",
      "Studio Gallery is free software under the GNU Affero General Public License, version 3 or later",
      "(LICENSE.txt beside this file). The app, its workers and its service workers contain the packages",
      `below (${dependencies.length}), each under its own licence, whose text follows its name, then the code`,
      `the project compiles itself from third-party sources (${BUILT_HERE.length}).`,
      "",
    ].join("\n");
    const entries = [...dependencies.map(entry), ...BUILT_HERE.map(builtHereEntry)];
    writeFileSync(path.join(outDir, NOTICES_FILE), `${header}\n${entries.join("\n\n")}\n`);
    copyFileSync(path.join(ROOT, "LICENSE"), path.join(outDir, "LICENSE.txt"));
    const libheif = dependencies.find((d) => d.name === "libheif-js");
    const assets = path.join(outDir, "assets");
    const chunk = existsSync(assets) ? readdirSync(assets).find((f) => /^libheif.*\.js$/.test(f)) : undefined;
    if (libheif && chunk) writeFileSync(path.join(assets, `${chunk}.LICENSE.txt`), libheifNote(libheif, chunk));
  });
  return { scanner, writer };
}
