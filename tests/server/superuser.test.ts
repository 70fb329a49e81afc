/**
 * `npm run superuser -- EMAIL` against the real server: the password comes from stdin and reaches
 * PocketBase through its environment, so no local user can read it in the process list; the old form with
 * the password on the command line is refused and changes nothing.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, pocketbaseBinary } from "../../scripts/lib/pocketbase.mjs";
import { startTestServer, type TestServer } from "./test-server";

const run = promisify(execFile);
let server: TestServer;
const outside = mkdtempSync(path.join(os.tmpdir(), "sg-superuser-"));
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
  rmSync(outside, { recursive: true, force: true });
});

/** A PocketBase that writes down each command line it gets before running it. */
function recordingPocketBase(log: string): string {
  const wrapper = path.join(outside, "pocketbase-recording.sh");
  writeFileSync(wrapper, `#!/bin/sh\necho "ARGS $*" >> '${log}'\nexec '${pocketbaseBinary()}' "$@"\n`, { mode: 0o700 });
  return wrapper;
}

/** Runs `npm run superuser -- ...args` with `stdin` piped in (not a terminal: read once, no echo to hide). */
async function superuser(args: string[], stdin: string, env: Record<string, string> = {}) {
  const pending = run(process.execPath, [path.join(ROOT, "scripts", "superuser.mjs"), ...args], { env: { ...process.env, DATA_DIR: server.dataDir, ...env } });
  pending.child.stdin!.end(stdin);
  return pending;
}

const signIn = (email: string, password: string) =>
  fetch(`${server.url}/api/collections/_superusers/auth-with-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: email, password }),
  });

describe("npm run superuser", () => {
  it("reads the password from stdin and never puts it on PocketBase's command line", async () => {
    const log = path.join(outside, "calls.log");
    const password = "-dash-first-Secret-7f3a9c";
    const out = await superuser(["dash@studio.test"], `${password}\n`, { POCKETBASE_BIN: recordingPocketBase(log) });
    expect(out.stdout).toContain("Superuser dash@studio.test is set");
    const calls = readFileSync(log, "utf8").split("\n").filter((l) => l.startsWith("ARGS "));
    expect(calls.length).toBeGreaterThan(0);
    for (const line of calls) expect(line).not.toContain(password);
    expect((await signIn("dash@studio.test", password)).status).toBe(200);

    // Run again: the same superuser gets the new password, the old one opens nothing.
    await superuser(["dash@studio.test"], "second-Secret-81b2\n");
    expect((await signIn("dash@studio.test", "second-Secret-81b2")).status).toBe(200);
    expect((await signIn("dash@studio.test", password)).status).toBe(400);
  });

  it("refuses a password on its own command line, and changes nothing", async () => {
    const refused = await superuser(["argv@studio.test", "argv-Secret-123"], "").catch((err: { code: number; stderr: string }) => err);
    expect("code" in refused && refused.code).toBe(1);
    expect((await signIn("argv@studio.test", "argv-Secret-123")).status).toBe(400);
  });

  it("says why when PocketBase refuses the password, and changes nothing", async () => {
    const refused = await superuser(["short@studio.test"], "abc\n").catch((err: { code: number; stderr: string }) => err);
    expect("code" in refused && refused.code).toBe(1);
    expect("stderr" in refused && refused.stderr).toMatch(/password/i);
    expect((await signIn("short@studio.test", "abc")).status).toBe(400);
  });
});
