/**
 * A real PocketBase for one test file: the project's migrations and hooks, a temporary data folder, a free
 * loopback port, a superuser and a studio owner. `restart()` stops and starts the same server (and so
 * clears PocketBase's in-memory rate-limit counters, not the database).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as pocketbaseLib from "../../scripts/lib/pocketbase.mjs";
import { freePort, type RunningPocketBase } from "../../scripts/lib/pocketbase.mjs";
import { preparedDataDir } from "./prepared-data";
import { chosenStorage, startStorage, type StorageChoice } from "./storage-switch";

/**
 * How a release prepares and starts its server: this code's scripts/lib/pocketbase.mjs unless a test runs an
 * earlier release's copy (upgrade.test.ts).
 */
export type PocketBaseLib = Pick<typeof pocketbaseLib, "prepareDataDir" | "startPocketBase" | "upsertSuperuser">;

export const OWNER = { email: "owner@studio.test", password: "owner-pass-1" };
export const SUPERUSER = { email: "root@studio.test", password: "root-pass-123" };

export interface ApiResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestServer {
  url: string;
  dataDir: string;
  ownerToken: string;
  ownerId: string;
  superToken: string;
  api: <T = Record<string, unknown>>(method: string, pathname: string, opts?: { token?: string; json?: unknown; form?: FormData; cookie?: string }) => Promise<ApiResult<T>>;
  restart: () => Promise<void>;
  /** Kills the server at once (SIGKILL), as a power cut or a crash would. */
  crash: () => Promise<void>;
  /** Starts it again after crash(), with `moreEnv` added to the environment it was made with (`healthTimeoutMs`: see startPocketBase). */
  start: (moreEnv?: Record<string, string>, healthTimeoutMs?: number) => Promise<void>;
  /** Stops the server and deletes its data folder, unless `keepData` (a later server starts on it). */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
  /** The process id of the running PocketBase (its memory is read from /proc). */
  pid: () => number;
  /** What PocketBase has printed so far (for a failing test's message). */
  output: () => string;
  /** Where its files are: the local disk, or the local S3 server SG_STORAGE=s3 started for it (storage-switch.ts). */
  storage: StorageChoice;
  /** The S3_ variables it was started with (none on the local disk): storedFile() and storedNames() read through them. */
  storageEnv: Record<string, string>;
}

/**
 * `dataDir`: a folder an earlier server left (kept by `stop({ keepData: true })`); `lib`: see PocketBaseLib;
 * `storage`: "local" or "s3" whatever SG_STORAGE says (storage-switch.ts).
 */
export async function startTestServer(
  givenEnv: Record<string, string> = {},
  options: { dataDir?: string; lib?: PocketBaseLib; storage?: StorageChoice } = {},
): Promise<TestServer> {
  const { prepareDataDir, startPocketBase, upsertSuperuser } = options.lib ?? pocketbaseLib;
  const storage = await startStorage(chosenStorage(givenEnv, options.storage));
  const env = { ...storage.env, ...givenEnv };
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "sg-pb-"));
  const port = await freePort();
  if (options.dataDir || options.lib) {
    await prepareDataDir(dataDir, { OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password });
    await upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password);
  } else {
    await preparedDataDir(dataDir, OWNER, SUPERUSER); // a new folder: a copy of the prepared one (prepared-data.ts)
  }
  let pb: RunningPocketBase = await startPocketBase({ port, dataDir, env, publicDir: path.join(dataDir, "public") });
  const url = pb.url;

  const api: TestServer["api"] = async (method, pathname, opts = {}) => {
    const headers: Record<string, string> = {};
    if (opts.token) headers.Authorization = opts.token;
    if (opts.cookie) headers.Cookie = opts.cookie;
    let body: BodyInit | undefined;
    if (opts.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      body = opts.form;
    }
    const res = await fetch(url + pathname, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      // binary or plain text answers stay as text
    }
    return { status: res.status, body: parsed as never, headers: res.headers };
  };

  const authAs = async (collection: string, identity: string, password: string) => {
    const r = await api<{ token: string; record: { id: string } }>("POST", `/api/collections/${collection}/auth-with-password`, {
      json: { identity, password },
    });
    if (r.status !== 200) throw new Error(`sign-in as ${identity} failed: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const superAuth = await authAs("_superusers", SUPERUSER.email, SUPERUSER.password);
  const ownerAuth = await authAs("users", OWNER.email, OWNER.password);

  return {
    url,
    dataDir,
    ownerToken: ownerAuth.token,
    ownerId: ownerAuth.record.id,
    superToken: superAuth.token,
    api,
    restart: async () => {
      await pb.stop();
      pb = await startPocketBase({ port, dataDir, env, publicDir: path.join(dataDir, "public") });
    },
    crash: async () => {
      const exited = new Promise((r) => pb.process.once("exit", r));
      pb.process.kill("SIGKILL");
      await exited;
    },
    start: async (moreEnv = {}, healthTimeoutMs) => {
      pb = await startPocketBase({ port, dataDir, env: { ...env, ...moreEnv }, publicDir: path.join(dataDir, "public"), healthTimeoutMs });
    },
    pid: () => pb.process.pid!,
    output: () => pb.output(),
    storage: storage.endpoint ? "s3" : "local",
    storageEnv: Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith("S3_"))),
    stop: async ({ keepData = false } = {}) => {
      await pb.stop();
      if (!keepData) {
        rmSync(dataDir, { recursive: true, force: true });
        await storage.stop();
      }
    },
  };
}

/** A user without the owner flag, made by the superuser; returns its token and id. */
export async function createVisitorUser(server: TestServer, email = "visitor@studio.test", password = "visitor-pass-1") {
  const made = await server.api<{ id: string }>("POST", "/api/collections/users/records", {
    token: server.superToken,
    json: { email, password, passwordConfirm: password },
  });
  if (made.status !== 200) throw new Error(`could not create ${email}: ${JSON.stringify(made.body)}`);
  const auth = await server.api<{ token: string }>("POST", "/api/collections/users/auth-with-password", { json: { identity: email, password } });
  return { id: made.body.id, token: auth.body.token };
}

/**
 * Forgets every address's wrong codes and the code-only budget (superusers only), so that tests which all
 * come from the loopback address start each case with a fresh brute-force budget.
 */
export async function resetAccessGuards(server: TestServer): Promise<void> {
  const rows = await server.api<{ items: Array<{ id: string }> }>("GET", "/api/collections/access_guards/records?perPage=500", { token: server.superToken });
  for (const row of rows.body.items ?? []) {
    await server.api("DELETE", `/api/collections/access_guards/records/${row.id}`, { token: server.superToken });
  }
}
