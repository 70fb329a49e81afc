/**
 * `npm run backup` and `npm run restore` against the real server: a studio with clients, photos and
 * settings is backed up while running, its data folder wiped, the backup restored, and every record and
 * file byte compared with what was there before.
 */
import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, pocketbaseBinary, prepareDataDir, upsertSuperuser } from "../../scripts/lib/pocketbase.mjs";
import { fingerprint, makeStudio } from "./studio-fixture";
import { startTestServer, type TestServer } from "./test-server";

const run = promisify(execFile);
let server: TestServer;
const outside = mkdtempSync(path.join(os.tmpdir(), "sg-backup-copy-"));
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
  rmSync(outside, { recursive: true, force: true });
});

function script(name: string, args: string[] = [], env: Record<string, string> = {}) {
  const { port } = new URL(server.url);
  return run(process.execPath, [path.join(ROOT, "scripts", name), ...args], { env: { ...process.env, HOST: "127.0.0.1", PORT: port, DATA_DIR: server.dataDir, ...env } });
}

/** A PocketBase that writes down each command line it gets, and the maintenance password it was handed. */
function recordingPocketBase(log: string): string {
  const wrapper = path.join(outside, "pocketbase-recording.sh");
  writeFileSync(wrapper, `#!/bin/sh\necho "ARGS $*" >> '${log}'\necho "PASS \${SG_MAINTENANCE_PASSWORD:-}" >> '${log}'\nexec '${pocketbaseBinary()}' "$@"\n`, { mode: 0o700 });
  return wrapper;
}

const maintenanceSignIn = (password: string) =>
  fetch(`${server.url}/api/collections/_superusers/auth-with-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: "maintenance@studio-gallery.local", password }),
  });

describe("backup and restore", () => {
  it("restores a wiped studio exactly: every record and every file byte", async () => {
    await makeStudio(server);
    const before = await fingerprint(server);
    expect(Object.keys(before.files)).toHaveLength(5 * 3 + 1);

    const backup = await script("backup.mjs", [`--out=${path.join(outside, "copy.zip")}`]);
    expect(backup.stdout).toMatch(/Backup studio-\d{8}-\d{6}-\d{3}\.zip \([\d.]+ [KM]B\) is in /);
    const [zip] = readdirSync(path.join(server.dataDir, "backups")).filter((f) => f.endsWith(".zip"));
    expect(zip).toBeDefined();
    copyFileSync(path.join(server.dataDir, "backups", zip!), path.join(outside, zip!));

    // The disk is lost: nothing of the old data folder is left; a fresh server starts on an empty one.
    await server.crash();
    rmSync(server.dataDir, { recursive: true, force: true });
    await prepareDataDir(server.dataDir);
    await server.start();
    const empty = await server.api<{ totalItems: number }>("GET", "/api/collections/_superusers/records");
    expect(empty.status).not.toBe(200); // the old superuser's token means nothing to the new database

    const restored = await script("restore.mjs", [path.join(outside, zip!)]);
    expect(restored.stdout).toMatch(/Restored studio-/);
    const after = await fingerprint(server);
    expect(after.records).toEqual(before.records);
    expect(after.files).toEqual(before.files);
  });

  it("takes a running studio back to a backup by its name in the store", async () => {
    const before = await fingerprint(server);
    const out = await script("backup.mjs");
    const name = /Backup (studio-[\d-]+\.zip)/.exec(out.stdout)![1]!;
    const doomed = (before.records.clients as { id: string }[])[0]!.id;
    expect((await server.api("DELETE", `/api/collections/clients/records/${doomed}`, { token: server.ownerToken })).status).toBe(204);
    expect((await fingerprint(server)).records).not.toEqual(before.records);

    const restored = await script("restore.mjs", [name]);
    expect(restored.stdout).toMatch(/Restored studio-/);
    expect(await fingerprint(server)).toEqual(before);
  });

  it("puts no password on a command line, and the one used opens nothing after a backup or a restore", async () => {
    const log = path.join(outside, "pocketbase-calls.log");
    const POCKETBASE_BIN = recordingPocketBase(log);
    const out = await script("backup.mjs", [], { POCKETBASE_BIN });
    const name = /Backup (studio-[\d-]+\.zip)/.exec(out.stdout)![1]!;
    await script("restore.mjs", [name], { POCKETBASE_BIN });
    const lines = readFileSync(log, "utf8").split("\n");
    const used = lines.filter((l) => l.startsWith("PASS ")).map((l) => l.slice(5)).filter(Boolean);
    expect(used).toHaveLength(2); // one session each, handed over in the environment
    for (const line of lines.filter((l) => l.startsWith("ARGS "))) {
      expect(line).not.toContain("maintenance@");
      for (const password of used) expect(line).not.toContain(password);
    }
    // Rotated after each: neither password opens the restored studio (the backup held the first one).
    for (const password of used) expect((await maintenanceSignIn(password)).status).toBe(400);
  });

  // PocketBase 0.40 writes its request log (auxiliary.db) into every backup whatever onBackupCreate's
  // `exclude` says (tried: the hook drops other entries, never this one); docs/SECURITY.md says what it holds.
  it("holds PocketBase's request log without any client IP", async () => {
    for (let i = 0; i < 3; i++) await fetch(`${server.url}/api/collections/clients/records?visit=${i}`);
    await new Promise((r) => setTimeout(r, 4000)); // PocketBase writes its log in batches, every few seconds
    const out = await script("backup.mjs");
    const name = /Backup (studio-[\d-]+\.zip)/.exec(out.stdout)![1]!;
    const dir = mkdtempSync(path.join(outside, "unzipped-"));
    await run("unzip", ["-q", path.join(server.dataDir, "backups", name), "auxiliary.db", "-d", dir]);
    const query = (sql: string) => run("sqlite3", [path.join(dir, "auxiliary.db"), sql]).then((r) => r.stdout.trim());
    expect(Number(await query("SELECT count(*) FROM _logs WHERE json_extract(data, '$.url') LIKE '/api/%'"))).toBeGreaterThan(0);
    expect(await query("SELECT count(*) FROM _logs WHERE data LIKE '%127.0.0.1%' OR json_extract(data, '$.userIP') != '' OR json_extract(data, '$.remoteIP') != ''")).toBe("0");
  });

  it("keeps only the newest backups with --keep", async () => {
    for (let i = 0; i < 3; i++) await script("backup.mjs", ["--keep=2"]);
    const names = readdirSync(path.join(server.dataDir, "backups")).filter((f) => f.startsWith("studio-") && f.endsWith(".zip"));
    expect(names).toHaveLength(2);
  });

  it("sets a superuser whose password starts with a dash (a random one does, one time in 64)", async () => {
    const password = "-A-VQQOo20gBQecpltqBnmaeXO5wBSuw";
    await upsertSuperuser(server.dataDir, "dash@studio.test", password);
    const res = await fetch(`${server.url}/api/collections/_superusers/auth-with-password`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ identity: "dash@studio.test", password }),
    });
    expect(res.status).toBe(200);
  });
});
