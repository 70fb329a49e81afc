/**
 * `npm run restore -- FILE`: replaces the running studio's database and files with a backup. FILE is a zip
 * on this machine (made by `npm run backup` or PocketBase's dashboard), or the name of a backup already in
 * the backup store (DATA_DIR/backups or the S3 bucket). PocketBase restores it and restarts itself; the
 * script waits until the restored server answers. Signing in: see scripts/lib/admin.mjs.
 */
import { existsSync, openAsBlob, statSync } from "node:fs";
import path from "node:path";
import { formatBytes, withSuperuser } from "./lib/admin.mjs";

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

/** Which server process answers (GET /api/sync/now's `boot`, new at every start); null while none does. */
async function bootOf(url) {
  try {
    const res = await fetch(`${url}/api/sync/now`);
    return res.ok ? ((await res.json()).boot ?? null) : null;
  } catch {
    return null;
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

await withSuperuser(async (session, server) => {
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
  const bootBefore = await bootOf(server.url);
  await session.api("POST", `/api/backups/${encodeURIComponent(key)}/restore`);
  console.log(`Restoring ${key}: PocketBase replaces the data and restarts...`);

  // PocketBase starts after about a second, reports itself busy (to the superuser), then restarts into the
  // restored data: done when another process answers. Busy, then idle for a while in the same process: the
  // restore failed and PocketBase put the old data back. (Health alone cannot tell: the restarted server
  // answers the old token differently, and the pause between busy and the restart can be short or long.)
  const deadline = Date.now() + 10 * 60_000;
  let sawBusy = false;
  let idleSince = 0;
  let restarted = false;
  while (!restarted && Date.now() < deadline) {
    const boot = await bootOf(server.url);
    if (boot && bootBefore) {
      restarted = boot !== bootBefore;
      if (restarted) break;
    }
    const state = await health(server.url, session.token);
    if (state !== "up") {
      sawBusy = true;
      idleSince = 0;
    } else if (sawBusy) {
      // A server without `boot` (older hooks): up again after busy or down is all there is to go by.
      if (!bootBefore) restarted = true;
      idleSince ||= Date.now();
      if (Date.now() - idleSince > 10_000) break;
    }
    await sleep(100);
  }
  if (!restarted) throw new Error("The server did not restart into the backup; see its log.");
  // The maintenance superuser's password was changed just now, so its token is worthless in the restored
  // database; if it still works, the server came back on the old data (PocketBase logs why).
  if (!process.env.SUPERUSER_EMAIL) {
    const still = await fetch(`${server.url}/api/backups`, { headers: { Authorization: session.token } });
    if (still.ok) throw new Error("The restore failed and the server kept its data; see its log.");
  }
  console.log(`Restored ${key}; the studio is running at ${server.url}/.`);
});
