/**
 * PocketBase's own TypeScript declarations of its JS VM (`$app`, `routerAdd`, `core.Record`, ...), which
 * `tsc -b` checks pb_hooks against (tsconfig.hooks.json). The binary carries them (its jsvm plugin writes
 * `types.d.ts` into the data folder at every start); they are about 800 KB and change with every PocketBase
 * release, so they are not committed: this writes them to node_modules/.cache/pocketbase-types/types.d.ts
 * (git-ignored, beside the binary they come from; never the data folder, which holds the studio's secrets) by
 * starting the pinned binary once on an empty temp folder, when the file is missing or was written by another
 * binary than the one installed. Runs before every `tsc -b` of the scripts (`npm run typecheck`,
 * `npm run build`, the static tier of `npm test`).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { pocketbaseBinary } from "./lib/pocketbase-binary.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CACHE = path.join(ROOT, "node_modules", ".cache", "pocketbase-types");
export const HOOK_TYPES = path.join(CACHE, "types.d.ts");
/** Which binary wrote HOOK_TYPES: its `--version` line and the file's first line (PocketBase's own stamp). */
const STAMP = path.join(CACHE, "written-by.json");

function readStamp() {
  try {
    return JSON.parse(readFileSync(STAMP, "utf8"));
  } catch {
    return null;
  }
}

const firstLine = (file) => readFileSync(file, "utf8").slice(0, 200).split("\n")[0];

/** Writes HOOK_TYPES when it is missing or stale; returns what it did, for the log. */
export function ensureHookTypes() {
  const bin = pocketbaseBinary();
  const version = execFileSync(bin, ["--version"], { encoding: "utf8" }).trim();
  const stamp = readStamp();
  if (existsSync(HOOK_TYPES) && stamp && stamp.version === version && stamp.head === firstLine(HOOK_TYPES)) return `up to date (${version})`;
  const tmp = mkdtempSync(path.join(os.tmpdir(), "sg-hook-types-"));
  try {
    for (const dir of ["hooks", "migrations"]) mkdirSync(path.join(tmp, dir));
    // Any command that bootstraps the app makes the jsvm plugin write the file; this one only touches the temp folder.
    execFileSync(bin, [`--dir=${path.join(tmp, "data")}`, `--hooksDir=${path.join(tmp, "hooks")}`, `--migrationsDir=${path.join(tmp, "migrations")}`, "migrate", "history-sync"], { stdio: "pipe" });
    const written = path.join(tmp, "data", "types.d.ts");
    if (!existsSync(written)) throw new Error(`${version} wrote no types.d.ts into its data folder`);
    mkdirSync(CACHE, { recursive: true });
    copyFileSync(written, HOOK_TYPES);
    writeFileSync(STAMP, JSON.stringify({ version, head: firstLine(HOOK_TYPES) }) + "\n");
    return `written (${version})`;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(`PocketBase's hook types, ${path.relative(ROOT, HOOK_TYPES)}: ${ensureHookTypes()}`);
}
