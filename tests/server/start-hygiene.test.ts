/**
 * `npm start` keeps its secrets to itself (issue 24): the data folder is 0700 and its files (data.db with the
 * SMTP password, backups) 0600, also when an older version left them readable; PocketBase's installer link,
 * which creates a superuser, is never printed; and the owner bootstrap before `serve` (`migrate up`,
 * `ensure-owner`, ...) never runs in dev mode, which logs every SQL statement with its values; OWNER_EMAIL and
 * OWNER_PASSWORD reach that bootstrap only, never the environment of the long-running `pocketbase serve`.
 */
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT, freePort, pocketbaseBinary } from "../../scripts/lib/pocketbase.mjs";

const root = mkdtempSync(path.join(os.tmpdir(), "sg-start-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);

/** The environment of the `pocketbase serve` process `npm start` (process `parent`) runs, read from /proc. */
function servedEnvironment(parent: number): string[] {
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid !== parent || !readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").includes("serve")) continue;
      return readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
    } catch {
      // a process that ended while we looked
    }
  }
  throw new Error(`no pocketbase serve under process ${parent}`);
}

/** Runs `npm start` until it answers, hands its output to `check`, then stops it. */
async function withStart(env: Record<string, string>, check: (log: string, pid: number) => void | Promise<void>) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs")], {
    env: { ...process.env, SKIP_BUILD: "1", PORT: String(port), OWNER_EMAIL: "", OWNER_PASSWORD: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(log);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(log);
      await new Promise((r) => setTimeout(r, 150));
    }
    await new Promise((r) => setTimeout(r, 500)); // PocketBase prints the link just after it listens
    await check(log, child.pid!);
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
}

describe("npm start", () => {
  it("creates the data folder 0700 and its files 0600, closes what was left open, and prints no installer link", async () => {
    // An older install: a readable folder, a readable backup.
    const dataDir = path.join(root, "data");
    mkdirSync(path.join(dataDir, "backups"), { recursive: true, mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(path.join(dataDir, "backups", "old.zip"), "x", { mode: 0o644 });
    await withStart({ DATA_DIR: dataDir }, (log) => {
      expect(log).not.toMatch(/pbinstal|create your first superuser/i);
      expect(mode(dataDir)).toBe("700");
      expect(mode(path.join(dataDir, "data.db"))).toBe("600");
      expect(mode(path.join(dataDir, "backups"))).toBe("700");
      expect(mode(path.join(dataDir, "backups", "old.zip"))).toBe("600");
    });
  });

  it("logs no SQL while it bootstraps the owner, even with PocketBase installed under the temp folder", async () => {
    // PocketBase turns dev mode on by default when its binary lies under the system temp folder.
    const binary = path.join(root, "pocketbase");
    symlinkSync(pocketbaseBinary(), binary);
    const env = { DATA_DIR: path.join(root, "fresh"), POCKETBASE_BIN: binary, OWNER_EMAIL: "boot@studio.test", OWNER_PASSWORD: "boot-pass-123" };
    await withStart(env, (log, pid) => {
      expect(log).toContain("boot@studio.test");
      expect(log).not.toMatch(/\b(SELECT|INSERT INTO|UPDATE|CREATE TABLE)\b/);
      // The owner's password is for the bootstrap only: the long-running server never holds it.
      const served = servedEnvironment(pid);
      expect(served.some((v) => v.startsWith("APP_ORIGIN="))).toBe(true); // the served process's own environment
      expect(served.filter((v) => /^OWNER_(EMAIL|PASSWORD)=/.test(v))).toEqual([]);
    });
  });
});
