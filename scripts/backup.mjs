/**
 * `npm run backup [-- --keep=N] [--out=FILE]`: a consistent snapshot of the running studio (database and
 * files) through PocketBase's backup API, stored where PocketBase keeps backups: DATA_DIR/backups, or the
 * S3 bucket when S3 is configured. --keep=N then deletes all but the newest N backups this script made;
 * --out=FILE also saves a copy of the zip on this machine. Signing in: see scripts/lib/admin.mjs.
 */
import { createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { formatBytes, withSuperuser } from "./lib/admin.mjs";

const PREFIX = "studio-";
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=")));
const keep = args.keep === undefined ? null : Number(args.keep);
if (keep !== null && !(Number.isInteger(keep) && keep >= 1)) {
  console.error("--keep needs a whole number of backups to keep, at least 1.");
  process.exit(1);
}

await withSuperuser(async (session, server) => {
  // studio-20260101-031500-123.zip: sorts by time; the milliseconds keep two quick backups apart.
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").replace(".", "-").slice(0, 19);
  const name = `${PREFIX}${stamp}.zip`.toLowerCase();
  await session.api("POST", "/api/backups", { json: { name } });

  const settings = await session.api("GET", "/api/settings");
  const where = settings.backups?.s3?.enabled ? `the S3 bucket ${settings.backups.s3.bucket}` : `${server.dataDir}/backups`;
  const list = await session.api("GET", "/api/backups");
  const made = list.find((b) => b.key === name);
  console.log(`Backup ${name}${made ? ` (${formatBytes(made.size)})` : ""} is in ${where}.`);

  if (args.out) {
    const { token } = await session.api("POST", "/api/files/token");
    const res = await fetch(`${session.url}/api/backups/${encodeURIComponent(name)}?token=${encodeURIComponent(token)}`);
    if (!res.ok || !res.body) throw new Error(`Downloading ${name} failed (${res.status}).`);
    await pipeline(Readable.fromWeb(res.body), createWriteStream(args.out));
    console.log(`A copy is saved as ${args.out}.`);
  }

  if (keep !== null) {
    const ours = list.filter((b) => b.key.startsWith(PREFIX)).sort((a, b) => b.key.localeCompare(a.key));
    for (const old of ours.slice(keep)) {
      await session.api("DELETE", `/api/backups/${encodeURIComponent(old.key)}`);
      console.log(`Deleted the older backup ${old.key}.`);
    }
  }
});
