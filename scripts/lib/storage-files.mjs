/**
 * What `migrate-files-to-s3` and `migrate-files-from-s3` share: the S3 settings and the stopped server they
 * both require, the files of PocketBase's local storage (DATA_DIR/storage, keyed collection/record/file as in
 * a bucket), and the `.attrs` side file PocketBase's local storage keeps next to each file (content type,
 * original name, MD5), so that a file moved either way keeps its type and name.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { serverFromEnv } from "./admin.mjs";
import { s3ConfigFromEnv } from "./s3.mjs";

export const sha256 = (b) => createHash("sha256").update(b).digest("hex");

/**
 * The S3 settings, the server's address and the storage folder; throws a clear message when S3 is not set
 * or the server is running (an upload during the move would be missed).
 */
export async function moveSetup(env = process.env) {
  const config = s3ConfigFromEnv(env);
  if (!config) throw new Error("Set S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY and S3_SECRET (and S3_FORCE_PATH_STYLE if your service needs it).");
  const { url, dataDir } = serverFromEnv(env);
  const running = await fetch(`${url}/api/health`).then(() => true, () => false);
  if (running) throw new Error(`The studio server is running at ${url}: stop it first, so that no upload is missed.`);
  if (!existsSync(path.join(dataDir, "data.db"))) throw new Error(`${dataDir} holds no data.db: is DATA_DIR right?`);
  return { config, dataDir, storage: path.join(dataDir, "storage") };
}

/**
 * Whether a key names one of the studio's files: collection/record/file. PocketBase's thumbnails
 * (record/thumbs_<file>/...) are made on demand wherever the files are, so they never move.
 */
export function isStoredFile(key) {
  const parts = key.split("/");
  return parts.length === 3 && parts.every((p) => p && p !== "." && p !== ".." && !p.includes("\\")) && !key.endsWith(".attrs");
}

/** Every stored file under the storage folder as a key (collection/record/file), thumbnails and .attrs left out. */
export function localKeys(storage) {
  if (!existsSync(storage)) return [];
  return readdirSync(storage, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(storage, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .filter(isStoredFile)
    .sort();
}

export const localPath = (storage, key) => path.join(storage, ...key.split("/"));

/** The content type and metadata PocketBase recorded for a local file (its .attrs), when it has them. */
export function readAttrs(file) {
  try {
    const attrs = JSON.parse(readFileSync(`${file}.attrs`, "utf8"));
    return { contentType: attrs["user.content_type"] || "application/octet-stream", metadata: attrs["user.metadata"] || {} };
  } catch {
    return { contentType: "application/octet-stream", metadata: {} };
  }
}

/** The .attrs side file as PocketBase's local storage writes it. */
export function attrsFor(bytes, contentType, metadata) {
  return JSON.stringify({
    "user.cache_control": "",
    "user.content_disposition": "",
    "user.content_encoding": "",
    "user.content_language": "",
    "user.content_type": contentType,
    "user.metadata": metadata,
    md5: createHash("md5").update(bytes).digest("base64"),
  });
}
