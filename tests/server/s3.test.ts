/**
 * S3-compatible storage against a local S3-protocol server: with the S3_* variables PocketBase keeps
 * uploads in the bucket (none on disk), the owner's and the visitor's reads (gallery, a zip's file fetches)
 * come from it, deletes leave no object behind, backups go to their own bucket, and
 * `npm run migrate-files-to-s3` moves an existing studio's files over with the same bytes.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ROOT } from "../../scripts/lib/pocketbase.mjs";
import { s3Client, s3ConfigFromEnv } from "../../scripts/lib/s3.mjs";
import { S3_BACKUP_BUCKET, startS3Server } from "./s3-server";
import { fingerprint, makeStudio } from "./studio-fixture";
import { startTestServer, type TestServer } from "./test-server";

const run = promisify(execFile);
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
let s3: Awaited<ReturnType<typeof startS3Server>>;
let bucket: ReturnType<typeof s3Client>;
beforeAll(async () => {
  s3 = await startS3Server();
  bucket = s3Client(s3ConfigFromEnv(s3.env)!);
});
afterAll(async () => s3?.stop());

/** Files PocketBase keeps on the local disk (its .attrs side files count too). */
function filesOnDisk(dataDir: string) {
  const storage = path.join(dataDir, "storage");
  if (!existsSync(storage)) return [];
  return readdirSync(storage, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
}

function script(server: TestServer, name: string, args: string[] = [], env: Record<string, string> = {}) {
  const { port } = new URL(server.url);
  return run(process.execPath, [path.join(ROOT, "scripts", name), ...args], { env: { ...process.env, HOST: "127.0.0.1", PORT: port, DATA_DIR: server.dataDir, ...env } });
}

describe("a studio on S3 storage", () => {
  let server: TestServer;
  let studio: Awaited<ReturnType<typeof makeStudio>>;
  beforeAll(async () => {
    server = await startTestServer(s3.env);
    studio = await makeStudio(server);
  });
  afterAll(async () => server?.stop());

  it("keeps every upload in the bucket and none on the disk", async () => {
    const { files } = await fingerprint(server);
    const keys = await bucket.list();
    for (const [key, hash] of Object.entries(files)) {
      expect(keys).toContain(key);
      expect(sha((await bucket.get(key))!)).toBe(hash);
    }
    expect(filesOnDisk(server.dataDir)).toEqual([]);
  });

  it("serves a visitor's gallery and every file a zip download fetches from the bucket", async () => {
    const client = studio.clients[0]!;
    const unlocked = await server.api("POST", `/api/gallery/${client.accessUrl}/verify`, { json: { accessCode: client.accessCode } });
    expect(unlocked.status).toBe(200);
    const cookie = unlocked.headers.get("set-cookie")!.split(";")[0]!;
    const page = await server.api<{ images: unknown[] }>("GET", `/api/gallery/${client.accessUrl}/images?page=1`, { cookie });
    expect(page.body.images).toHaveLength(3);
    const all = await server.api<{ images: { id: string }[] }>("GET", `/api/gallery/${client.accessUrl}/all-images`, { cookie });
    expect(all.body.images).toHaveLength(3);
    const images = await server.api<{ items: { id: string; collectionId: string; original: string; thumbnail: string; preview: string }[] }>(
      "GET", `/api/collections/images/records?filter=${encodeURIComponent(`client="${client.id}"`)}`, { token: server.ownerToken });
    for (const { id } of all.body.images) {
      const record = images.body.items.find((r) => r.id === id)!;
      for (const [query, field] of [["", "original"], ["?thumbnail=true", "thumbnail"], ["?preview=true", "preview"]] as const) {
        const res = await fetch(`${server.url}/api/gallery/image/${id}${query}`, { headers: { Cookie: cookie } });
        expect(res.status).toBe(200);
        const stored = await bucket.get(`${record.collectionId}/${id}/${record[field]}`);
        expect(sha(Buffer.from(await res.arrayBuffer()))).toBe(sha(stored!));
      }
    }
  });

  it("leaves no object behind when a photo, then a whole client, is deleted", async () => {
    const before = await bucket.list();
    const [first, ...rest] = studio.images;
    const del = await server.api("DELETE", `/api/collections/images/records/${first}`, { token: server.ownerToken });
    expect(del.status).toBe(204);
    // PocketBase deletes a record's files in the background once the delete is committed.
    await vi.waitFor(async () => {
      const afterPhoto = await bucket.list();
      expect(afterPhoto.filter((k) => k.includes(`/${first}/`))).toEqual([]);
      expect(afterPhoto.length).toBe(before.length - 3);
    }, { timeout: 10_000, interval: 100 });

    const gone = await server.api("DELETE", `/api/collections/clients/records/${studio.clients[1]!.id}`, { token: server.ownerToken });
    expect(gone.status).toBe(204);
    await vi.waitFor(async () => {
      const left = await bucket.list();
      for (const id of rest.slice(2)) expect(left.filter((k) => k.includes(`/${id}/`))).toEqual([]); // Alan Turing's two photos
      expect(left.length).toBe(before.length - 3 * 3);
    }, { timeout: 10_000, interval: 100 });
  });

  it("puts `npm run backup` in the backup bucket", async () => {
    const out = await script(server, "backup.mjs");
    expect(out.stdout).toMatch(new RegExp(`is in the S3 bucket ${S3_BACKUP_BUCKET}`));
    const backups = await s3Client({ ...s3ConfigFromEnv(s3.env)!, bucket: S3_BACKUP_BUCKET }).list();
    expect(backups.some((k) => /^studio-\d{8}-\d{6}-\d{3}\.zip$/.test(k))).toBe(true);
    expect(existsSync(path.join(server.dataDir, "backups"))).toBe(false);
  });
});

describe("npm run migrate-files-to-s3", () => {
  it("moves a studio's files to the bucket with the same bytes, and the studio then serves them from there", async () => {
    const server = await startTestServer(); // files on the local disk
    try {
      await makeStudio(server);
      const before = await fingerprint(server);
      await server.crash();
      const env = { ...s3.env, S3_BUCKET: "migrated-photos", S3_BACKUP_BUCKET: "" };
      const target = s3Client(s3ConfigFromEnv(env)!);
      await createBucket(s3.endpoint, "migrated-photos");

      const moved = await script(server, "migrate-files-to-s3.mjs", ["--delete-local"], env);
      expect(moved.stdout).toMatch(/16 files verified in bucket migrated-photos \(16 copied/);
      expect(filesOnDisk(server.dataDir)).toEqual([]);
      for (const [key, hash] of Object.entries(before.files)) expect(sha((await target.get(key))!)).toBe(hash);

      await server.start(env);
      const after = await fingerprint(server);
      expect(after).toEqual(before);
      const again = await script(server, "migrate-files-to-s3.mjs", [], env).catch((e: { stderr: string }) => e);
      expect(String((again as { stderr?: string }).stderr)).toMatch(/stop it first/);
    } finally {
      await server.stop();
    }
  });
});

/** s3rver makes buckets with a plain PUT. */
async function createBucket(endpoint: string, name: string) {
  const res = await fetch(`${endpoint}/${name}`, { method: "PUT" });
  expect(res.ok).toBe(true);
}

describe("storage switched to S3 while the server runs", () => {
  it("serves a visitor's image from the new storage at once, not through a handle the VMs kept on the old one", async () => {
    const server = await startTestServer(); // files on the local disk
    try {
      const studio = await makeStudio(server);
      const client = studio.clients[0]!;
      const unlocked = await server.api("POST", `/api/gallery/${client.accessUrl}/verify`, { json: { accessCode: client.accessCode } });
      const cookie = unlocked.headers.get("set-cookie")!.split(";")[0]!;
      const id = studio.images[0]!;
      const record = (await server.api<{ collectionId: string; thumbnail: string }>("GET", `/api/collections/images/records/${id}`, { token: server.ownerToken })).body;
      const thumbnail = async () => {
        const res = await fetch(`${server.url}/api/gallery/image/${id}?thumbnail=true`, { headers: { Cookie: cookie } });
        return { status: res.status, hash: sha(Buffer.from(await res.arrayBuffer())) };
      };
      // Many requests at once, so that many of PocketBase's VMs open (and keep) a handle on the local disk.
      const local = await Promise.all(Array.from({ length: 30 }, thumbnail));
      expect(new Set(local.map((r) => `${r.status} ${r.hash}`)).size).toBe(1);
      const inBucket = Buffer.from("the bucket's copy");
      await bucket.put(`${record.collectionId}/${id}/${record.thumbnail}`, inBucket);
      const config = s3ConfigFromEnv(s3.env)!;
      const saved = await server.api("PATCH", "/api/settings", {
        token: server.superToken,
        json: { s3: { enabled: true, bucket: config.bucket, region: config.region, endpoint: config.endpoint, accessKey: config.accessKey, secret: config.secret, forcePathStyle: true } },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      for (const r of await Promise.all(Array.from({ length: 30 }, thumbnail))) expect(r).toEqual({ status: 200, hash: sha(inBucket) });
    } finally {
      await server.stop();
    }
  });
});
