/**
 * A local S3-protocol server for the S3 tests (s3rver: the S3 REST API with SigV4 checks, objects kept in a
 * temporary folder), with the buckets the studio uses, on a free loopback port.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { freePort } from "../../scripts/lib/pocketbase.mjs";

export const S3_BUCKET = "studio-photos";
export const S3_BACKUP_BUCKET = "studio-backups";

export async function startS3Server() {
  const directory = mkdtempSync(path.join(os.tmpdir(), "sg-s3-"));
  const port = await freePort();
  const server = new S3rver({ port, address: "127.0.0.1", directory, silent: true, configureBuckets: [{ name: S3_BUCKET }, { name: S3_BACKUP_BUCKET }] });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    /** The environment that points the studio at this server (what a self-hoster puts in the env file). */
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET,
      S3_BACKUP_BUCKET,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY: "S3RVER",
      S3_SECRET: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
