/**
 * A superuser session for the maintenance scripts (backup, restore, moving files to S3), against the
 * running server at HOST:PORT. With SUPERUSER_EMAIL and SUPERUSER_PASSWORD it signs in as that account;
 * otherwise it (re)sets a dedicated superuser, maintenance@studio-gallery.local, to a fresh random password
 * through the PocketBase CLI (`maintenance-superuser`, pb_hooks/maintenance.pb.js; the password goes in the
 * child's environment, never on its command line, which every local user can read) and signs in with it.
 * When the script is done, `rotateMaintenancePassword` sets another random password nobody knows, so the
 * one used stays valid only while the script runs (and a backup taken with it is no key after a restore).
 * The CLI writes to DATA_DIR, so only someone who can already read every file of the studio can run these
 * scripts; no password is stored anywhere.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { ROOT, runPocketBaseCommand } from "./pocketbase.mjs";

export const MAINTENANCE_EMAIL = "maintenance@studio-gallery.local";

/** Where the server is and where its data lives, from the same variables `npm start` reads. */
export function serverFromEnv(env = process.env) {
  const host = env.HOST || "127.0.0.1";
  const connectHost = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "[::1]" : host;
  return {
    url: `http://${connectHost}:${Number(env.PORT || 8090)}`,
    dataDir: path.resolve(env.DATA_DIR || path.join(ROOT, "pb_data")),
  };
}

/** Signs in as a superuser; returns { url, token, api(method, pathname, { json, form }) }. */
export async function superuserSession({ url, dataDir }, env = process.env) {
  let email = env.SUPERUSER_EMAIL;
  let password = env.SUPERUSER_PASSWORD;
  if (!email || !password) {
    email = MAINTENANCE_EMAIL;
    password = randomBytes(24).toString("base64url");
    await runPocketBaseCommand(["maintenance-superuser"], dataDir, { SG_MAINTENANCE_PASSWORD: password });
  }
  let res;
  try {
    res = await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ identity: email, password }),
    });
  } catch (err) {
    throw new Error(`The studio server does not answer at ${url}: start it first (npm start, or systemctl start studio-gallery).`, { cause: err });
  }
  if (!res.ok) throw new Error(`Signing in as the superuser ${email} failed (${res.status}): ${await res.text()}`);
  const { token } = await res.json();
  const api = async (method, pathname, { json, form } = {}) => {
    const headers = { Authorization: token };
    let body;
    if (json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(json);
    } else if (form) body = form;
    const r = await fetch(url + pathname, { method, headers, body });
    const text = await r.text();
    if (!r.ok) throw new Error(`${method} ${pathname} failed (${r.status}): ${text}`);
    return text ? JSON.parse(text) : null;
  };
  return { url, token, api, isMaintenance: email === MAINTENANCE_EMAIL };
}

/** Gives the maintenance superuser a random password nobody knows (after every backup and restore). */
export async function rotateMaintenancePassword({ dataDir }, env = process.env) {
  if (env.SUPERUSER_EMAIL && env.SUPERUSER_PASSWORD) return; // the operator's own account: theirs to manage
  await runPocketBaseCommand(["maintenance-superuser"], dataDir, { SG_MAINTENANCE_PASSWORD: "" });
}

/**
 * Runs a maintenance script's work (backup, restore) with a superuser session: a failure is printed and the
 * exit code set to 1, and afterwards, whatever happened, the maintenance password is rotated (for a restore,
 * in the restored database too: it holds the password of the backup's own maintenance session).
 */
export async function withSuperuser(work, env = process.env) {
  const server = serverFromEnv(env);
  try {
    await work(await superuserSession(server, env), server);
  } catch (err) {
    console.error(err.message);
    process.exitCode = 1;
  } finally {
    await rotateMaintenancePassword(server, env).catch((err) => {
      console.error(`Rotating the maintenance password failed: ${err.message}`);
      process.exitCode = 1;
    });
  }
}

/** "12.3 MB" */
export function formatBytes(n) {
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
