/**
 * `npm test`: every tier, in order: static checks (tsc, ESLint), unit, server (real PocketBase), browser
 * (Debian's Chromium against the built app served by PocketBase). `npm test -- unit server` runs some.
 * Ends with one summary line "N passed, N failed, N skipped" and a non-zero exit on any failure.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./lib/pocketbase.mjs";

const ALL_TIERS = ["static", "unit", "server", "browser"];
const requested = process.argv.slice(2).filter((a) => ALL_TIERS.includes(a));
const tiers = requested.length ? requested : ALL_TIERS;
const bin = (name) => path.join(ROOT, "node_modules", ".bin", name);
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}`);
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  if (res.status !== 0) failedSteps.push(label);
  return res.status === 0;
}

/** The browser tier needs Debian's Chromium: CHROMIUM_PATH, /usr/bin/chromium, or install it when root. */
function ensureChromium() {
  const candidate = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (existsSync(candidate)) return candidate;
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package...");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  }
  console.error("The browser tests need Chromium: run `sudo apt-get install -y chromium` or set CHROMIUM_PATH.");
  process.exit(1);
}

function vitest(project, env = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sg-vitest-"));
  const report = path.join(dir, "report.json");
  run(`${project} tests`, bin("vitest"), ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], env);
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, "utf8"));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
    if (r.numTotalTests === 0) failedSteps.push(`${project} tests: none ran`);
  } else {
    failedSteps.push(`${project} tests: no report`);
  }
  rmSync(dir, { recursive: true, force: true });
}

if (tiers.includes("static")) {
  run("typecheck", bin("tsc"), ["-b"]);
  run("lint", bin("eslint"), ["."]);
}
if (tiers.includes("unit")) vitest("unit");
if (tiers.includes("server")) vitest("server");
if (tiers.includes("browser")) {
  const chromium = ensureChromium();
  if (run("build the app", bin("vite"), ["build", "--logLevel", "warn"])) vitest("browser", { CHROMIUM_PATH: chromium });
}

console.log("");
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join("; ")}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
