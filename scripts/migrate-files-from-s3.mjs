/**
 * `npm run migrate-files-from-s3 [-- --delete-remote]`: the way back from migrate-files-to-s3. With the server
 * stopped and the same S3_* variables the server ran with, copies every file of every record from the bucket
 * into DATA_DIR/storage under PocketBase's own layout (collection/record/file, with the .attrs side file that
 * keeps its content type and original name), and checks each copy's size and SHA-256 against the bucket's
 * bytes. A copy is written under a temporary name and renamed into place once checked, so a run cut short
 * leaves no half file; run it again and it skips what is already there with the right checksum. When every
 * file is checked it turns the stored S3 setting off (`pocketbase storage-local`), so the studio starts on the
 * local disk once the S3_ variables are gone from its environment. The bucket keeps its copies unless
 * --delete-remote is given: then they are deleted, only after every file was checked.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { formatBytes } from "./lib/admin.mjs";
import { runPocketBaseCommand } from "./lib/pocketbase.mjs";
import { s3Client } from "./lib/s3.mjs";
import { attrsFor, isStoredFile, localPath, moveSetup, sha256 } from "./lib/storage-files.mjs";

const deleteRemote = process.argv.includes("--delete-remote");

try {
  const { config, dataDir, storage } = await moveSetup();
  const s3 = s3Client(config);
  const listed = await s3.list();
  const keys = listed.filter(isStoredFile);
  const scratch = path.join(dataDir, ".storage-move"); // same disk as storage/, so a rename is atomic
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  let copied = 0;
  let skipped = 0;
  let bytes = 0;
  for (const [i, key] of keys.entries()) {
    const object = await s3.getObject(key);
    if (!object) throw new Error(`${key} was listed in bucket ${config.bucket} but cannot be read; nothing was deleted. Is the server really stopped?`);
    const want = sha256(object.bytes);
    const file = localPath(storage, key);
    const same = (b) => b.length === object.bytes.length && sha256(b) === want;
    if (existsSync(file) && same(readFileSync(file)) && existsSync(`${file}.attrs`)) {
      skipped++;
    } else {
      const temp = path.join(scratch, `${i}`);
      writeFileSync(temp, object.bytes);
      if (!same(readFileSync(temp))) throw new Error(`${key}: the copy on disk does not match the bucket's (size or checksum); nothing was deleted.`);
      writeFileSync(`${temp}.attrs`, attrsFor(object.bytes, object.contentType, object.metadata));
      mkdirSync(path.dirname(file), { recursive: true });
      renameSync(`${temp}.attrs`, `${file}.attrs`);
      renameSync(temp, file); // the file last: a cut between the two leaves no file, so the next run copies it again
      copied++;
      bytes += object.bytes.length;
    }
    if ((i + 1) % 100 === 0) console.log(`  ${i + 1} of ${keys.length} files...`);
  }
  rmSync(scratch, { recursive: true, force: true });
  console.log(`${keys.length} files verified in ${storage} (${copied} copied, ${formatBytes(bytes)}; ${skipped} already there).`);
  await runPocketBaseCommand(["storage-local"], dataDir);
  console.log("The studio's stored S3 setting is off: files are read from and written to the local disk.");
  if (deleteRemote) {
    for (const key of listed) await s3.delete(key); // thumbnails too: the bucket is no longer the studio's
    console.log(`Deleted ${listed.length} objects from bucket ${config.bucket}.`);
  } else {
    console.log(`The bucket ${config.bucket} keeps its copies; run again with --delete-remote to delete them once the studio works from the disk.`);
  }
  console.log("Remove the S3_ variables from the server's environment (or they turn S3 on again at start), then start the server.");
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
