/**
 * Uploads in parts onto S3-compatible storage (issue 38): the parts wait in the data dir, never in the bucket,
 * and the joined file lands in the bucket byte for byte, as a multipart upload's would; no byte of it stays on
 * disk (only the completed upload's marker).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import PocketBase from "pocketbase";
import { afterAll, beforeAll, expect, it } from "vitest";
import { s3Client, s3ConfigFromEnv } from "../../scripts/lib/s3.mjs";
import { PART_SIZE, sendInParts } from "../../src/sync/uploadParts";
import { bigClip, clipRecord, makeClip, makeGallery } from "./clip-fixture";
import { startS3Server } from "./s3-server";
import { startTestServer, type TestServer } from "./test-server";

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
let s3: Awaited<ReturnType<typeof startS3Server>>;
let server: TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
  server = await startTestServer(s3.env);
});
afterAll(async () => {
  await server?.stop();
  await s3?.stop();
});

it("stores a clip sent in parts in the bucket, byte for byte, and leaves no part on disk", async () => {
  const bucket = s3Client(s3ConfigFromEnv(s3.env)!);
  const clientId = await makeGallery(server);
  const record = (await clipRecord(server, clientId)).body.id;
  const file = bigClip(makeClip(), 2 * PART_SIZE + 777);
  const pb = new PocketBase(server.url);
  pb.authStore.save(server.ownerToken, null);
  const saved = await sendInParts(pb, new Blob([file], { type: "video/mp4" }), { collection: "images", record, field: "original", name: "film.mp4" });
  const keys = await bucket.list();
  const key = keys.find((k: string) => k.endsWith(`/${record}/${saved.original as string}`));
  expect(key, keys.join(", ")).toBeTruthy();
  expect(sha((await bucket.get(key!))!)).toBe(sha(file));
  const uploads = path.join(server.dataDir, ".part_uploads");
  // Only the completed upload's marker stays (a day, for a complete sent again): no byte of the file.
  const left = existsSync(uploads) ? readdirSync(uploads, { recursive: true }).map(String).filter((n) => n.includes(path.sep)) : [];
  expect(left.map((n) => path.basename(n))).toEqual(["done.json"]);
  const storage = path.join(server.dataDir, "storage");
  expect(existsSync(storage) ? readdirSync(storage, { recursive: true }).filter((n) => String(n).includes(record)) : []).toEqual([]);
});
