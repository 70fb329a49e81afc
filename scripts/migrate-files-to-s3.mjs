/**
 * `npm run migrate-files-to-s3 [-- --delete-local]`: copies every uploaded file of DATA_DIR/storage to the
 * S3 bucket of the S3_* variables under the same key PocketBase uses (collection/record/file), with the content
 * type and original name PocketBase recorded for it, reads each one back and compares SHA-256 checksums. Run it
 * with the server stopped; then start the server with the same S3_* variables and it serves the files from the
 * bucket. Local files stay unless --delete-local is given (deleted only after every file verified). Safe to run
 * again: files already in the bucket with the same checksum are skipped. The way back: migrate-files-from-s3.
 */
import { readFileSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { formatBytes } from "./lib/admin.mjs";
import { s3Client } from "./lib/s3.mjs";
import { localKeys, localPath, moveSetup, readAttrs, sha256 } from "./lib/storage-files.mjs";

const deleteLocal = process.argv.includes("--delete-local");

try {
  const { config, storage } = await moveSetup();
  const keys = localKeys(storage);
  if (keys.length === 0) throw new Error(`${storage} holds no uploaded files to move (is DATA_DIR right?).`);
  const s3 = s3Client(config);
  let copied = 0;
  let skipped = 0;
  let bytes = 0;
  for (const [i, key] of keys.entries()) {
    const file = localPath(storage, key);
    const local = readFileSync(file);
    const want = sha256(local);
    const existing = await s3.get(key);
    if (existing && sha256(existing) === want) {
      skipped++;
    } else {
      const { contentType, metadata } = readAttrs(file);
      await s3.put(key, local, contentType, metadata);
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
