/**
 * App settings encrypted at rest (issue 24): with PB_ENCRYPTION_KEY set, every PocketBase process gets
 * `--encryptionEnv`, and the SMTP password saved in the settings is nowhere in the database's bytes, while
 * the server still reads it. Without the key the same password is there in plain text (the check can see it).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ENCRYPTION_ENV, prepareDataDir } from "../../scripts/lib/pocketbase.mjs";
import { startTestServer, type TestServer } from "./test-server";

const KEY = "k3y-for-tests-0123456789abcdefgh"; // 32 characters
let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
  delete process.env[ENCRYPTION_ENV];
});

/** Saves an SMTP password through the settings API and returns it after PocketBase has written it. */
async function saveSmtpPassword(s: TestServer, password: string) {
  const smtp = { enabled: false, host: "smtp.studio.test", port: 587, username: "studio", password };
  const res = await s.api("PATCH", "/api/settings", { token: s.superToken, json: { smtp } });
  expect(res.status).toBe(200);
}

/** Every byte of the database, its write-ahead log included (a fresh write may sit there). */
function databaseBytes(dataDir: string): Buffer {
  const files = ["data.db", "data.db-wal"].map((f) => path.join(dataDir, f)).filter((f) => existsSync(f));
  return Buffer.concat(files.map((f) => readFileSync(f)));
}

const storedSettings = (dataDir: string) =>
  execFileSync("sqlite3", [path.join(dataDir, "data.db"), "SELECT value FROM _params WHERE id = 'settings'"], { encoding: "utf8" });

describe("app settings at rest", () => {
  it("are encrypted with PB_ENCRYPTION_KEY: the SMTP password is not in data.db, and the server still reads it", async () => {
    process.env[ENCRYPTION_ENV] = KEY; // inherited by every PocketBase process this file starts
    server = await startTestServer();
    await saveSmtpPassword(server, "smtp-Secret-e2f7c1");
    expect(databaseBytes(server.dataDir).includes("smtp-Secret-e2f7c1")).toBe(false);
    expect(storedSettings(server.dataDir)).not.toContain("smtp.studio.test");
    const read = await server.api<{ smtp: { host: string } }>("GET", "/api/settings", { token: server.superToken });
    expect(read.body.smtp.host).toBe("smtp.studio.test");

    // The server started again with the key reads them back.
    await server.restart();
    const again = await server.api<{ smtp: { host: string } }>("GET", "/api/settings", { token: server.superToken });
    expect(again.body.smtp.host).toBe("smtp.studio.test");
  });

  it("are encrypted at the first start with the key of a studio that ran without one", async () => {
    server = await startTestServer();
    await saveSmtpPassword(server, "smtp-Secret-0c61d8");
    await server.stop({ keepData: true });
    process.env[ENCRYPTION_ENV] = KEY;
    await prepareDataDir(server.dataDir);
    expect(storedSettings(server.dataDir)).not.toContain("smtp.studio.test");
    await server.start();
    const read = await server.api<{ smtp: { host: string } }>("GET", "/api/settings", { token: server.superToken });
    expect(read.body.smtp.host).toBe("smtp.studio.test");
  });

  it("with the key lost, nothing starts; clearing the settings as docs/DEPLOY.md says brings the studio back", async () => {
    process.env[ENCRYPTION_ENV] = KEY;
    server = await startTestServer();
    await saveSmtpPassword(server, "smtp-Secret-5b9e03");
    await server.stop({ keepData: true });
    delete process.env[ENCRYPTION_ENV];
    await expect(prepareDataDir(server.dataDir)).rejects.toThrow(/missing encryption key/);

    // DEPLOY.md, "Settings encrypted at rest": forget the settings and the migrations that made them.
    const migrations = ["1763769700_app_settings.js", "1763770100_rate_limits_real_use.js", "1763772300_keep_less.js"];
    const sql = `DELETE FROM _params WHERE id = 'settings'; DELETE FROM _migrations WHERE file IN (${migrations.map((m) => `'${m}'`).join(", ")});`;
    execFileSync("sqlite3", [path.join(server.dataDir, "data.db"), sql]);
    await prepareDataDir(server.dataDir);
    await server.start();
    const s = await server.api<{ smtp: { host: string }; logs: { logIP: boolean; maxDays: number }; rateLimits: { enabled: boolean }; batch: { enabled: boolean } }>(
      "GET",
      "/api/settings",
      { token: server.superToken },
    );
    expect(s.body.smtp.host).not.toBe("smtp.studio.test"); // set again by the owner
    expect(s.body.logs).toMatchObject({ logIP: false, maxDays: 1 });
    expect(s.body.rateLimits.enabled).toBe(true);
    expect(s.body.batch.enabled).toBe(true);
  });

  it("are plain text without a key (what the test above rules out)", async () => {
    server = await startTestServer();
    await saveSmtpPassword(server, "smtp-Secret-9d04aa");
    expect(storedSettings(server.dataDir)).toContain("smtp.studio.test");
  });
});
