/**
 * `npm run migrate-files-to-s3 [-- --delete-local]`: copies every uploaded file of DATA_DIR/storage to the
 * S3 bucket of the S3_* variables under the same key PocketBase uses (collection/record/file), reads each one
 * back and compares SHA-256 checksums. Run it with the server stopped; then start the server with the same
 * S3_* variables and it serves the files from the bucket. Local files stay unless --delete-local is given
 * (deleted only after every file verified). Safe to run again: files already in the bucket with the same
 * checksum are skipped.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { formatBytes, serverFromEnv } from "./lib/admin.mjs";
import { s3Client, s3ConfigFromEnv } from "./lib/s3.mjs";

const deleteLocal = process.argv.includes("--delete-local");
const sha256 = (b) => createHash("sha256").update(b).digest("hex");

/** Every file under dir as a key relative to it with "/" separators; PocketBase's thumbnails are skipped. */
function walk(dir, prefix = "") {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (entry.name.startsWith("thumbs_")) continue; // generated on demand, from the bucket too
      out.push(...walk(path.join(dir, entry.name), rel));
    } else if (entry.isFile() && !entry.name.endsWith(".attrs")) {
      out.push(rel);
    }
  }
  return out;
}

try {
  const config = s3ConfigFromEnv();
  if (!config) throw new Error("Set S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY and S3_SECRET (and S3_FORCE_PATH_STYLE if your service needs it).");
  const { url, dataDir } = serverFromEnv();
  const running = await fetch(`${url}/api/health`).then(() => true, () => false);
  if (running) throw new Error(`The studio server is running at ${url}: stop it first, so that no upload is missed.`);
  const storage = path.join(dataDir, "storage");
  if (!existsSync(storage)) throw new Error(`${storage} does not exist: no uploaded files to move (is DATA_DIR right?).`);

  const s3 = s3Client(config);
  const keys = walk(storage);
  let copied = 0;
  let skipped = 0;
  let bytes = 0;
  for (const [i, key] of keys.entries()) {
    const local = readFileSync(path.join(storage, ...key.split("/")));
    const want = sha256(local);
    const existing = await s3.get(key);
    if (existing && sha256(existing) === want) {
      skipped++;
    } else {
      await s3.put(key, local);
      const back = await s3.get(key);
      if (!back || sha256(back) !== want) throw new Error(`${key}: the copy in the bucket does not match (checksum); nothing was deleted.`);
      copied++;
      bytes += local.length;
    }
    if ((i + 1) % 100 === 0) console.log(`  ${i + 1} of ${keys.length} files...`);
  }
  console.log(`${keys.length} files verified in bucket ${config.bucket} (${copied} copied, ${formatBytes(bytes)}; ${skipped} already there).`);
  if (deleteLocal) {
    for (const entry of readdirSync(storage)) rmSync(path.join(storage, entry), { recursive: true, force: true });
    console.log(`Deleted the local copies in ${storage}.`);
  } else {
    console.log(`The local copies stay in ${storage}; run again with --delete-local to remove them once the studio works from S3.`);
  }
  console.log("Start the server with the same S3_ variables: it serves every file from the bucket.");
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
