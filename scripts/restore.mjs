/**
 * `npm run restore -- FILE`: replaces the running studio's database and files with a backup. FILE is a zip
 * on this machine (made by `npm run backup` or PocketBase's dashboard), or the name of a backup already in
 * the backup store (DATA_DIR/backups or the S3 bucket). PocketBase restores it and restarts itself; the
 * script waits until the restored server answers. Signing in: see scripts/lib/admin.mjs.
 */
import { existsSync, openAsBlob, statSync } from "node:fs";
import path from "node:path";
import { formatBytes, rotateMaintenancePassword, serverFromEnv, superuserSession } from "./lib/admin.mjs";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run restore -- FILE   (a backup zip, or the name of one in the backup store)");
  process.exit(1);
}

/** Answers of /api/health while the restore runs: "busy" (restoring or restarting), "up", or "down". */
async function health(url, token) {
  try {
    const res = await fetch(`${url}/api/health`, { headers: token ? { Authorization: token } : {} });
    if (!res.ok) return "down";
    const body = await res.json();
    return body.data?.canBackup === false ? "busy" : "up";
  } catch {
    return "down";
  }
}

try {
  const server = serverFromEnv();
  const session = await superuserSession(server);
  const list = await session.api("GET", "/api/backups");
  let key = path.basename(file);
  if (existsSync(file)) {
    const size = statSync(file).size;
    const same = list.find((b) => b.key === key);
    if (same && same.size !== size) throw new Error(`A different backup named ${key} is already in the backup store; rename the file.`);
    if (!same) {
      const form = new FormData();
      form.set("file", await openAsBlob(file, { type: "application/zip" }), key);
      await session.api("POST", "/api/backups/upload", { form });
      console.log(`Uploaded ${key} (${formatBytes(size)}).`);
    }
  } else if (!list.some((b) => b.key === file)) {
    throw new Error(`${file} is neither a file here nor a backup in the store (${list.map((b) => b.key).join(", ") || "none"}).`);
  } else {
    key = file;
  }
  await session.api("POST", `/api/backups/${encodeURIComponent(key)}/restore`);
  console.log(`Restoring ${key}: PocketBase replaces the data and restarts...`);

  // PocketBase starts after about a second, reports itself busy, then restarts into the restored data.
  const deadline = Date.now() + 10 * 60_000;
  let sawRestart = false;
  while (Date.now() < deadline) {
    const state = await health(server.url, sawRestart ? undefined : session.token);
    if (state !== "up") sawRestart = true;
    else if (sawRestart) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!sawRestart || Date.now() >= deadline) throw new Error("The server did not restart into the backup; see its log.");
  // The maintenance superuser's password was changed just now, so its token is worthless in the restored
  // database; if it still works, the server came back on the old data (PocketBase logs why).
  if (!process.env.SUPERUSER_EMAIL) {
    const still = await fetch(`${server.url}/api/backups`, { headers: { Authorization: session.token } });
    if (still.ok) throw new Error("The restore failed and the server kept its data; see its log.");
  }
  console.log(`Restored ${key}; the studio is running at ${server.url}/.`);
} catch (err) {
  console.error(err.message);
  process.exitCode = 1;
} finally {
  // In the restored database too: it holds the password of the backup's own maintenance session.
  await rotateMaintenancePassword(serverFromEnv()).catch((err) => {
    console.error(`Rotating the maintenance password failed: ${err.message}`);
    process.exitCode = 1;
  });
}
