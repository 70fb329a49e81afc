/**
 * The storage switch of the test tiers: with SG_STORAGE=s3 in the environment (`npm test -- s3` sets it),
 * startTestServer() and startAppServer() start their own signature-checking local S3 server
 * (tests/server/s3-server.ts), set its CORS for the app's origin with scripts/s3-cors.mjs, and configure the studio with it, so a test written for the embedded default runs
 * the object-storage path unchanged. A test that sets the S3_ variables itself, or asks for "local" (one that
 * reads files on the disk or moves a studio between the two), keeps what it asked for.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { s3Client, s3ConfigFromEnv } from "../../scripts/lib/s3.mjs";
import { startS3Server } from "./s3-server";

export type StorageChoice = "local" | "s3";

/** What the switch says for a server started with `env`: "s3" only when SG_STORAGE=s3 and the test chose nothing. */
export function chosenStorage(env: Record<string, string>, asked?: StorageChoice): StorageChoice {
  if (asked) return asked;
  if (env.S3_ENDPOINT !== undefined) return "local"; // the test brings its own storage settings
  return process.env.SG_STORAGE === "s3" ? "s3" : "local";
}

export interface SwitchedStorage {
  /** The S3_ variables to start the studio with (empty on the local disk). */
  env: Record<string, string>;
  /** The bucket's address when on S3. */
  endpoint: string | null;
  stop: () => Promise<void>;
}

/** Starts the local S3 server when the choice is "s3"; `origins` are the browsers' origins its CORS allows. */
export async function startStorage(choice: StorageChoice, origins: string[] = []): Promise<SwitchedStorage> {
  if (choice === "local") return { env: {}, endpoint: null, stop: async () => {} };
  // CORS for the browsers' origins, set by the project's own script (scripts/s3-cors.mjs) as a self-hoster does.
  const s3 = await startS3Server({ corsOrigins: origins });
  // Backups stay on the disk: a tier test that backs up and restores reads the zip there. SG_S3_DIRECT=false
  // keeps the bytes going through the server to the bucket (S3_DIRECT=false, the path before direct transfers).
  const direct = process.env.SG_S3_DIRECT === "false" ? { S3_DIRECT: "false" } : {};
  return { env: { ...s3.env, S3_BACKUP_BUCKET: "", ...direct }, endpoint: s3.endpoint, stop: s3.stop };
}

/** A running server's storage as a test reads it: its data folder and, on S3, its S3_ variables. */
export interface StorageOf {
  dataDir: string;
  storageEnv: Record<string, string>;
}

/** The bytes a server stores under key (collection id/record id/file name), on the disk or in the bucket; null when absent. */
export async function storedFile(server: StorageOf, key: string): Promise<Buffer | null> {
  const config = s3ConfigFromEnv(server.storageEnv);
  if (config) return s3Client(config).get(key);
  const file = path.join(server.dataDir, "storage", ...key.split("/"));
  return existsSync(file) ? readFileSync(file) : null;
}

/** The names right under a record's folder (files, and PocketBase's thumbs_* folders), on the disk or in the bucket. */
export async function storedNames(server: StorageOf, collectionId: string, recordId: string): Promise<string[]> {
  const config = s3ConfigFromEnv(server.storageEnv);
  if (config) {
    const prefix = `${collectionId}/${recordId}/`;
    return [...new Set((await s3Client(config).list(prefix)).map((k) => k.slice(prefix.length).split("/")[0]!))];
  }
  const dir = path.join(server.dataDir, "storage", collectionId, recordId);
  return existsSync(dir) ? readdirSync(dir).filter((n) => !n.endsWith(".attrs")) : [];
}
