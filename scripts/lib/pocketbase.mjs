/**
 * Finds the PocketBase binary and runs it with every directory passed explicitly (PocketBase otherwise looks
 * next to its binary); the binary is checked against its pinned checksum first (pocketbase-binary.mjs).
 * Shared by `npm start`, the server test tier and the browser test tier.
 */
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, readdirSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { pocketbaseBinary } from "./pocketbase-binary.mjs";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export { pocketbaseBinary };

/**
 * The data, hooks and migrations directories, always explicit (PocketBase otherwise looks beside its binary).
 * `hooksDir` is the project's pb_hooks unless a benchmark compares another build's hooks.
 */
function dirArgs(dataDir, hooksDir = path.join(ROOT, "pb_hooks")) {
  return [`--dir=${dataDir}`, `--migrationsDir=${path.join(ROOT, "pb_migrations")}`, `--hooksDir=${hooksDir}`];
}

/**
 * The JS VMs PocketBase keeps ready (`--hooksPool`, 15 by default) for `npm start`. Each JS middleware
 * (routerUse) holds a VM while the rest of the request runs, so one request through our two middlewares
 * and a JS route holds three at once (a visitor's image, answered by the second middleware, two); when
 * none is free, PocketBase builds a throwaway VM for the call, which costs about ten times the CPU of the
 * request (docs/benchmarks-history.md, the image endpoint under load). 300 serves well over 50 concurrent
 * requests from the pool, for about 80 MB of memory and 2 s more at start;
 * HOOKS_POOL overrides it. Test servers keep PocketBase's default (they start often and serve few).
 */
export const PRODUCTION_HOOKS_POOL = Number(process.env.HOOKS_POOL) || 300;

/**
 * `serve` arguments: production behaviour (built app served, no automigrate, no hook reloading), or with
 * `dev` the API only, dev logging and hook reloading (Vite serves the app). `hooksPool`: see above.
 */
export function serveArgs({ host, port, dataDir, publicDir, dev = false, hooksPool, hooksDir }) {
  const common = ["serve", `--http=${host}:${port}`, ...dirArgs(dataDir, hooksDir), "--automigrate=false", ...(hooksPool ? [`--hooksPool=${hooksPool}`] : [])];
  if (dev) return [...common, "--dev"];
  // Never dev mode (it logs every SQL statement with its values; an install under the temp folder turns it
  // on by default), and CORS only for the app's own origin (APP_ORIGIN behind a proxy).
  const origin = process.env.APP_ORIGIN || `http://${host}:${port}`;
  return [...common, `--publicDir=${publicDir ?? path.join(ROOT, "dist")}`, "--hooksWatch=false", "--dev=false", `--origins=${origin}`];
}

/**
 * App settings (with the SMTP and S3 secrets) encrypted at rest: when the operator sets PB_ENCRYPTION_KEY
 * (32 bytes), every PocketBase process, the server and each command before or beside it, gets
 * `--encryptionEnv=PB_ENCRYPTION_KEY` and reads the key from its own environment (never its command line).
 * All of them must: a command without the key cannot read encrypted settings, and one that saves them
 * (a migration) would write them in plain text again. docs/DEPLOY.md says what losing the key costs.
 */
export const ENCRYPTION_ENV = "PB_ENCRYPTION_KEY";

export function encryptionArgs(env) {
  const key = env[ENCRYPTION_ENV];
  if (!key) return [];
  const bytes = Buffer.byteLength(key);
  if (bytes !== 32) throw new Error(`${ENCRYPTION_ENV} must be exactly 32 bytes (32 ASCII characters); it has ${bytes}.`);
  return [`--encryptionEnv=${ENCRYPTION_ENV}`];
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once GET /api/health answers, or rejects after `timeoutMs`. */
export async function waitForHealth(baseUrl, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`PocketBase exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`PocketBase did not answer at ${baseUrl} within ${timeoutMs} ms`);
}

/**
 * Where PocketBase's uploads wait while they arrive (Go writes large multipart parts to TMPDIR): a folder
 * of the data folder, which pb_hooks/lib/core/storage_cleanup.js empties at every start, so the temp files of a
 * killed server never pile up (nor land on a small or shared /tmp).
 */
export const UPLOAD_TMP_DIR = ".upload_tmp";

/**
 * The owner's address and password are for the bootstrap (`ensure-owner`, prepareDataDir) and the password
 * reset command only: the long-running server never holds them, so nothing it runs or leaks (a hook, a crash
 * dump, /proc/<pid>/environ) can hand them on.
 */
const BOOTSTRAP_SECRETS = ["OWNER_EMAIL", "OWNER_PASSWORD", "NEW_OWNER_PASSWORD"];

export function withoutBootstrapSecrets(env) {
  const out = { ...env };
  for (const name of BOOTSTRAP_SECRETS) delete out[name];
  return out;
}

/**
 * Starts PocketBase and waits until it is healthy. Returns { url, process, stop(), output() }.
 * `env` is added to the child's environment (ALLOW_REGISTRATION, SMTP_HOST, ...; never BOOTSTRAP_SECRETS); `hooksPool` and `hooksDir` as in serveArgs.
 * `healthTimeoutMs`: how long to wait for it (the start's storage scan grows with the files: bench/scale.bench.ts).
 */
export async function startPocketBase({ host = "127.0.0.1", port, dataDir, publicDir, env = {}, stdio = "pipe", hooksPool, hooksDir, healthTimeoutMs }) {
  const uploadTmp = path.join(dataDir, UPLOAD_TMP_DIR);
  mkdirSync(uploadTmp, { recursive: true });
  // APP_ORIGIN: the origin CORS allows, which the hooks also use for links no request may choose
  // (the password-reset email, pb_hooks/lib/core/reset_mail.js).
  const childEnv = withoutBootstrapSecrets({ ...process.env, APP_ORIGIN: process.env.APP_ORIGIN || `http://${host}:${port}`, ...env, TMPDIR: uploadTmp });
  const child = spawn(pocketbaseBinary(), [...serveArgs({ host, port, dataDir, publicDir, hooksPool, hooksDir }), ...encryptionArgs(childEnv)], {
    env: childEnv,
    stdio: stdio === "inherit" ? "inherit" : ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const url = `http://${host}:${port}`;
  try {
    await waitForHealth(url, child, healthTimeoutMs);
  } catch (err) {
    child.kill("SIGKILL");
    throw new Error(`${err.message}\n${log}`, { cause: err });
  }
  return {
    url,
    process: child,
    output: () => log,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Runs a PocketBase CLI command to completion; resolves with its output, rejects on a non-zero exit. */
export function runPocketBaseCommand(args, dataDir, env = {}, values = []) {
  return new Promise((resolve, reject) => {
    // Values (an email, a password) go after "--", so one that starts with "-" is never read as a flag.
    const tail = values.length ? ["--", ...values] : [];
    // Never dev mode, as in serveArgs: it would log every SQL statement with its values (the owner's
    // password hash and token key at the bootstrap). `--dev` is a global flag every command accepts.
    const childEnv = { ...process.env, ...env };
    const child = spawn(pocketbaseBinary(), [...args, ...dirArgs(dataDir), "--dev=false", ...encryptionArgs(childEnv), ...tail], {
      env: childEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`pocketbase ${args[0]} failed (${code}): ${out}`))));
  });
}

/**
 * Applies migrations and makes sure a studio owner exists (or prints how to create one). A superuser then
 * always exists (the maintenance one, with a random password nobody knows, unless one is there already),
 * so PocketBase never prints its installer link, which creates a superuser, at start.
 */
export async function prepareDataDir(dataDir, env = {}) {
  await runPocketBaseCommand(["migrate", "up"], dataDir, env);
  // With a key, settings a start without one left in plain text are encrypted now (settings_encryption.pb.js).
  if (encryptionArgs({ ...process.env, ...env }).length) await runPocketBaseCommand(["save-settings"], dataDir, env);
  await runPocketBaseCommand(["maintenance-superuser"], dataDir, { ...env, SG_MAINTENANCE_PASSWORD: "", SG_ONLY_IF_NO_SUPERUSER: "1" });
  return runPocketBaseCommand(["ensure-owner"], dataDir, env);
}

/**
 * The data folder is the studio's secrets (data.db holds the SMTP password and the server secret): only its
 * owner may enter it. New files get 0600 and folders 0700 (the umask PocketBase inherits); what an older
 * version left readable is closed at start.
 */
export function lockDownDataDir(dataDir) {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
    const full = path.join(dataDir, entry.name);
    if (entry.isFile()) chmodSync(full, 0o600);
    else if (entry.name === "backups" && entry.isDirectory()) {
      chmodSync(full, 0o700);
      for (const f of readdirSync(full, { withFileTypes: true })) if (f.isFile()) chmodSync(path.join(full, f.name), 0o600);
    }
  }
}

/**
 * Creates or updates a superuser (`npm run superuser`, tests); runs the CLI, not the server. The password
 * goes in the child's environment (`set-superuser`, pb_hooks/maintenance.pb.js), never its command line.
 */
export function upsertSuperuser(dataDir, email, password) {
  return runPocketBaseCommand(["set-superuser"], dataDir, { SG_SUPERUSER_EMAIL: email, SG_SUPERUSER_PASSWORD: password });
}
