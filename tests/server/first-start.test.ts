/**
 * The Quick start's first `npm start` (issue 37, item 18) started a server nobody could sign in to, with the
 * instruction printed once above PocketBase's start lines. In a terminal it now asks for the owner's email and
 * password (the password not echoed) and creates the owner; without one it prints the instruction again after
 * the start lines, where it is seen.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT, freePort } from "../../scripts/lib/pocketbase.mjs";

const root = mkdtempSync(path.join(os.tmpdir(), "sg-first-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** `npm start` on a fresh data folder; with `terminal`, inside a pseudo-terminal (Python's pty module). */
async function start(name: string, terminal: boolean) {
  const port = await freePort();
  const env = { ...process.env, SKIP_BUILD: "1", PORT: String(port), DATA_DIR: path.join(root, name), OWNER_EMAIL: "", OWNER_PASSWORD: "" };
  const command = [process.execPath, path.join(ROOT, "scripts/start.mjs")];
  const child: ChildProcess = terminal
    ? spawn("python3", ["-c", "import pty, sys; pty.spawn(sys.argv[1:])", ...command], { env, stdio: ["pipe", "pipe", "pipe"] })
    : spawn(command[0]!, command.slice(1), { env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  const until = async (done: () => boolean | Promise<boolean>) => {
    const deadline = Date.now() + 60_000;
    while (!(await done())) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(log);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const stop = async () => {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  };
  return { url: `http://127.0.0.1:${port}`, child, log: () => log, until, stop };
}

describe("the first npm start", () => {
  it("asks in a terminal for the owner's email and password, without echoing the password, and the owner can sign in", async () => {
    const s = await start("terminal", true);
    try {
      await s.until(() => s.log().includes("Owner's email:"));
      s.child.stdin!.write("first@studio.test\r");
      await s.until(() => s.log().includes("Password ("));
      s.child.stdin!.write("first-pass-123\r");
      await s.until(() => s.log().includes("The same password again:"));
      s.child.stdin!.write("first-pass-123\r");
      await s.until(() => s.log().includes("Studio Gallery is running at"));
      const signIn = await fetch(`${s.url}/api/collections/users/auth-with-password`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ identity: "first@studio.test", password: "first-pass-123" }),
      });
      expect(signIn.status).toBe(200);
      expect(((await signIn.json()) as { record: { isStudioOwner: boolean } }).record.isStudioOwner).toBe(true);
      expect(s.log()).toContain("first@studio.test");
      expect(s.log()).not.toContain("first-pass-123");
      expect(s.log()).not.toContain("Nobody can sign in yet");
    } finally {
      await s.stop();
    }
  });

  it("without a terminal, says after PocketBase's start lines that nobody can sign in yet, and how to fix it", async () => {
    const s = await start("plain", false);
    try {
      await s.until(() => s.log().includes("Nobody can sign in yet"));
      const log = s.log();
      expect(log.lastIndexOf("Nobody can sign in yet")).toBeGreaterThan(log.indexOf("Server started at"));
      expect(log.slice(log.lastIndexOf("Nobody can sign in yet"))).toContain("OWNER_EMAIL=you@example.com");
    } finally {
      await s.stop();
    }
  });
});
