/**
 * `npm start` keeps its secrets to itself (issue 24): the data folder is 0700 and its files (data.db with the
 * SMTP password, backups) 0600, also when an older version left them readable; PocketBase's installer link,
 * which creates a superuser, is never printed.
 */
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT, freePort } from "../../scripts/lib/pocketbase.mjs";

const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "sg-start-")), "data");
afterAll(() => rmSync(path.dirname(dataDir), { recursive: true, force: true }));
const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);

describe("npm start", () => {
  it("creates the data folder 0700 and its files 0600, closes what was left open, and prints no installer link", async () => {
    // An older install: a readable folder, a readable backup.
    mkdirSync(path.join(dataDir, "backups"), { recursive: true, mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(path.join(dataDir, "backups", "old.zip"), "x", { mode: 0o644 });
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs")], {
      env: { ...process.env, SKIP_BUILD: "1", PORT: String(port), DATA_DIR: dataDir, OWNER_EMAIL: "", OWNER_PASSWORD: "" },
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
      expect(log).not.toMatch(/pbinstal|create your first superuser/i);
      expect(mode(dataDir)).toBe("700");
      expect(mode(path.join(dataDir, "data.db"))).toBe("600");
      expect(mode(path.join(dataDir, "backups"))).toBe("700");
      expect(mode(path.join(dataDir, "backups", "old.zip"))).toBe("600");
    } finally {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
  });
});
