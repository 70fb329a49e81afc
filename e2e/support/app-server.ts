/**
 * Runs the app the way `npm start` does (scripts/start.mjs, with the build the test script made) on a free
 * loopback port with a temporary data folder and a studio owner. Without SMTP_* in `env` it has no mail
 * (whatever the shell running the tests holds); e2e/support/smtp-server.ts gives a real SMTP server.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT, freePort } from "../../scripts/lib/pocketbase.mjs";
import { chosenStorage, startStorage, type StorageChoice } from "../../tests/server/storage-switch";

export const OWNER = { email: "owner@studio.test", password: "owner-pass-1" };

export interface AppServer {
  url: string;
  dataDir: string;
  /** The `npm start` (node) process; PocketBase is its child. */
  pid: number;
  /** Where its files are: the local disk, or the local S3 server SG_STORAGE=s3 started for it (tests/server/storage-switch.ts). */
  storage: StorageChoice;
  /** The S3_ variables it was started with (none on the local disk). */
  storageEnv: Record<string, string>;
  stop: () => Promise<void>;
}

const NO_SMTP = { SMTP_HOST: "", SMTP_PORT: "", SMTP_USER: "", SMTP_PASSWORD: "", SMTP_FROM: "" };

/** `storage`: "local" or "s3" whatever SG_STORAGE says. */
export async function startAppServer(givenEnv: Record<string, string> = {}, options: { storage?: StorageChoice } = {}): Promise<AppServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sg-e2e-"));
  const port = await freePort();
  const storage = await startStorage(chosenStorage(givenEnv, options.storage), [`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  const env = { ...storage.env, ...givenEnv };
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs")], {
    env: { ...process.env, SKIP_BUILD: "1", PORT: String(port), DATA_DIR: dataDir, OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password, ...NO_SMTP, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`npm start did not come up:\n${log}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    dataDir,
    pid: child.pid!,
    storage: storage.endpoint ? "s3" : "local",
    storageEnv: Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith("S3_"))),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
      await storage.stop();
    },
  };
}
