/**
 * The container image's entrypoint and health check (deploy/container/), run here on the machine itself as
 * the image runs them: an unprivileged user (setpriv to `nobody` when the test runs as root), DATA_DIR a
 * folder of that user's, APP_DIR this checkout. The whole image is built and started by the opt-in container
 * tier (tests/container/), which needs podman and debootstrap: this file checks the entrypoint wherever the
 * server tier runs. It refuses root, refuses a data folder it cannot write (with the fix), starts the real
 * server that the health check then finds healthy, and stops cleanly on SIGTERM (what `podman stop` sends).
 */
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT, freePort } from "../../scripts/lib/pocketbase.mjs";

const ENTRYPOINT = path.join(ROOT, "deploy", "container", "entrypoint.sh");
const HEALTHCHECK = path.join(ROOT, "deploy", "container", "healthcheck.mjs");
const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;
/** The command line as the image's user: `nobody` when the test runs as root, else the test's own user. */
const asUser = (args: string[]) => (isRoot ? ["setpriv", `--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups", ...args] : args);

const scratch = mkdtempSync(path.join(os.tmpdir(), "sg-entrypoint-"));
chmodSync(scratch, 0o755); // the unprivileged user reaches its folders inside
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function dataDirOfTheUser(name: string) {
  const dir = path.join(scratch, name);
  mkdirSync(dir, { mode: 0o700 });
  if (isRoot) chownSync(dir, NOBODY, NOBODY);
  return dir;
}

function env(dataDir: string, port: number) {
  return { PATH: process.env.PATH ?? "/usr/bin:/bin", APP_DIR: ROOT, DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: String(port), SKIP_BUILD: "1", HOME: dataDir, HOOKS_POOL: "8" };
}

function runOnce(args: string[], dataDir: string) {
  const [cmd, ...rest] = args;
  return spawnSync(cmd!, rest, { env: env(dataDir, 1), encoding: "utf8", timeout: 30_000 });
}

describe("the container's entrypoint", () => {
  it.runIf(isRoot)("refuses to run as root", () => {
    const r = runOnce([ENTRYPOINT], dataDirOfTheUser("as-root"));
    expect(r.status).toBe(64);
    expect(r.stderr).toMatch(/does not run as root/);
  });

  it("refuses a data folder it cannot write, saying how to fix it", () => {
    const locked = path.join(scratch, "locked");
    mkdirSync(locked, { mode: 0o500 });
    const r = runOnce(asUser([ENTRYPOINT]), locked);
    if (!isRoot && r.status === null) throw new Error(r.error?.message);
    expect(r.status, r.stderr).toBe(73);
    expect(r.stderr).toMatch(/is not writable by user \d+: give the volume to that user \(chown -R/);
  });

  it("refuses an unknown command", () => {
    const r = runOnce(asUser([ENTRYPOINT, "rm-rf"]), dataDirOfTheUser("unknown"));
    expect(r.status).toBe(64);
    expect(r.stderr).toMatch(/Unknown command: rm-rf/);
  });

  it("starts the server as an unprivileged user; the health check finds it healthy, then not once SIGTERM stopped it", async () => {
    const dataDir = dataDirOfTheUser("data");
    const port = await freePort();
    const [cmd, ...args] = asUser([ENTRYPOINT]);
    const child = spawn(cmd!, args, { env: env(dataDir, port), stdio: ["ignore", "pipe", "pipe"] });
    let log = "";
    child.stdout.on("data", (d) => (log += d));
    child.stderr.on("data", (d) => (log += d));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const health = () => spawnSync(process.execPath, [HEALTHCHECK], { env: { PORT: String(port) }, timeout: 10_000 }).status;
    try {
      // The start runs four PocketBase commands before the server: slow on a loaded machine (30 s seen on 2 cores).
      const deadline = Date.now() + 120_000;
      while (health() !== 0 || !/Studio Gallery is running at/.test(log)) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not become healthy:\n${log}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(log).toMatch(/Studio Gallery is running at http:\/\/127\.0\.0\.1:\d+\//);
      expect(existsSync(path.join(dataDir, "data.db"))).toBe(true);
      if (isRoot) {
        // Everything the server wrote belongs to the unprivileged user.
        const owners = spawnSync("find", [dataDir, "!", "-uid", String(NOBODY)], { encoding: "utf8" }).stdout.trim();
        expect(owners).toBe("");
      }
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
    expect(health()).toBe(1);
  }, 180_000);
});
