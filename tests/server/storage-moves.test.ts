/**
 * Moving a studio to object storage and back (issue 39): a studio with photos, a clip and a logo on the local
 * disk goes to the bucket with `npm run migrate-files-to-s3`, is served from there (visitor and owner), comes
 * back with `npm run migrate-files-from-s3` and is served from the disk: every record and every file byte for
 * byte, with its content type. What devices see during a move, as tested here: the server is stopped for it, so
 * a device's sync and an open gallery get no answer for that while (the device keeps its changes queued, as at
 * any cut); afterwards the visitor's session still opens the gallery without the code again, and a change the
 * device sends after the move lands in the new storage.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/pocketbase.mjs";
import { s3Client, s3ConfigFromEnv } from "../../scripts/lib/s3.mjs";
import { clipRecord, makeClip } from "./clip-fixture";
import { startS3Server } from "./s3-server";
import { addPhoto, fingerprint, makeStudio } from "./studio-fixture";
import { startTestServer, type TestServer } from "./test-server";

const run = promisify(execFile);
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
let s3: Awaited<ReturnType<typeof startS3Server>>;
let bucket: ReturnType<typeof s3Client>;
let server: TestServer;
let studio: Awaited<ReturnType<typeof makeStudio>>;
let cookie = "";
let s3Env: Record<string, string>;

beforeAll(async () => {
  s3 = await startS3Server();
  s3Env = { ...s3.env, S3_BACKUP_BUCKET: "" };
  bucket = s3Client(s3ConfigFromEnv(s3Env)!);
  server = await startTestServer({}, { storage: "local" }); // files on the local disk, whatever the tier's switch says
  studio = await makeStudio(server);
  const clip = await clipRecord(server, studio.clients[0]!.id, { original: new File([makeClip()], "clip.mp4", { type: "video/mp4" }) });
  expect(clip.status, JSON.stringify(clip.body)).toBe(200);
  studio.images.push(clip.body.id);
  const client = studio.clients[0]!;
  const unlocked = await server.api("POST", `/api/gallery/${client.accessUrl}/verify`, { json: { accessCode: client.accessCode } });
  expect(unlocked.status).toBe(200);
  cookie = unlocked.headers.get("set-cookie")!.split(";")[0]!;
});
afterAll(async () => {
  await server?.stop();
  await s3?.stop();
});

function script(name: string, args: string[] = [], env: Record<string, string> = {}) {
  const { port } = new URL(server.url);
  return run(process.execPath, [path.join(ROOT, "scripts", name), ...args], { env: { ...process.env, HOST: "127.0.0.1", PORT: port, DATA_DIR: server.dataDir, ...env } });
}
const failure = (p: Promise<unknown>) => p.then(() => "it succeeded", (e: { stderr?: string }) => String(e.stderr));

function filesOnDisk() {
  const storage = path.join(server.dataDir, "storage");
  return existsSync(storage) ? readdirSync(storage, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && !e.name.endsWith(".attrs")) : [];
}

/** What the visitor of the first gallery gets for every photo and clip: status, type and bytes of each size. */
async function visitorView() {
  const all = await server.api<{ images: { id: string }[] }>("GET", `/api/gallery/${studio.clients[0]!.accessUrl}/all-images`, { cookie });
  expect(all.status, JSON.stringify(all.body)).toBe(200);
  const seen: Record<string, string> = {};
  for (const { id } of all.body.images) {
    for (const query of ["", "?thumbnail=true", "?preview=true"]) {
      const res = await fetch(`${server.url}/api/gallery/image/${id}${query}`, { headers: { Cookie: cookie } });
      seen[`${id}${query}`] = `${res.status} ${res.headers.get("content-type")} ${sha(Buffer.from(await res.arrayBuffer()))}`;
    }
  }
  return seen;
}

describe("a studio moved to the bucket and back", () => {
  let before: Awaited<ReturnType<typeof fingerprint>>;
  let visitorBefore: Record<string, string>;

  it("is served from the disk before the move", async () => {
    before = await fingerprint(server);
    visitorBefore = await visitorView();
    expect(Object.keys(before.files)).toHaveLength(5 * 3 + 2 + 1); // five photos, the clip's original and poster, the logo
    expect(Object.keys(visitorBefore)).toHaveLength(4 * 3);
    const clipId = studio.images.at(-1)!;
    for (const [what, seen] of Object.entries(visitorBefore)) expect(seen).toMatch(what === `${clipId}?preview=true` ? /^404 / : /^200 /); // a clip has no preview
  });

  it("refuses to move back without S3 settings or with the server running, and loses nothing", async () => {
    expect(await failure(script("migrate-files-from-s3.mjs"))).toMatch(/Set S3_ENDPOINT, S3_BUCKET/);
    expect(await failure(script("migrate-files-from-s3.mjs", [], s3Env))).toMatch(/stop it first/);
    expect(await fingerprint(server)).toEqual(before);
  });

  it("moves to the bucket and serves the owner and the visitor from it, the same bytes and types", async () => {
    await server.stop({ keepData: true });
    const moved = await script("migrate-files-to-s3.mjs", ["--delete-local"], s3Env);
    expect(moved.stdout).toMatch(/18 files verified in bucket studio-photos \(18 copied/);
    expect(filesOnDisk()).toEqual([]);
    const keys = await bucket.list();
    for (const [key, hash] of Object.entries(before.files)) {
      expect(keys).toContain(key);
      const object = (await bucket.getObject(key))!;
      expect(sha(object.bytes)).toBe(hash);
      expect(object.contentType).toMatch(/^(image\/png|video\/mp4)$/); // PocketBase's recorded type, not application/octet-stream
    }
    await server.start(s3Env);
    expect(await fingerprint(server)).toEqual(before);
    // The visitor's session from before the move still opens the gallery: no code asked again.
    expect(await visitorView()).toEqual(visitorBefore);
  });

  it("takes a change a device sends after the move into the bucket", async () => {
    const id = await addPhoto(server, studio.clients[0]!.id, "after-move.png", 9);
    const record = (await server.api<{ collectionId: string; original: string }>("GET", `/api/collections/images/records/${id}`, { token: server.ownerToken })).body;
    expect(await bucket.list()).toContain(`${record.collectionId}/${id}/${record.original}`);
    expect(filesOnDisk()).toEqual([]);
    before = await fingerprint(server);
    visitorBefore = await visitorView();
    expect(Object.keys(visitorBefore)).toHaveLength(5 * 3);
  });

  it("moves back after a cut, checks every file, deletes the bucket's copies last, and serves everything from the disk", async () => {
    await server.stop({ keepData: true });
    // What a run cut short leaves: a half-written file under its final name is impossible (temporary name, then a
    // rename), but a scratch folder and a stale copy from an earlier attempt are not.
    const [staleKey] = Object.keys(before.files);
    const stale = path.join(server.dataDir, "storage", ...staleKey!.split("/"));
    mkdirSync(path.dirname(stale), { recursive: true });
    writeFileSync(stale, "half of a photo");
    mkdirSync(path.join(server.dataDir, ".storage-move"), { recursive: true });
    writeFileSync(path.join(server.dataDir, ".storage-move", "0"), "left by a cut");

    const back = await script("migrate-files-from-s3.mjs", [], s3Env);
    expect(back.stdout).toMatch(/21 files verified in .* \(21 copied/);
    expect(back.stdout).toMatch(/keeps its copies/);
    expect(existsSync(path.join(server.dataDir, ".storage-move"))).toBe(false);
    for (const [key, hash] of Object.entries(before.files)) {
      const file = path.join(server.dataDir, "storage", ...key.split("/"));
      expect(sha(readFileSync(file))).toBe(hash);
      expect(JSON.parse(readFileSync(`${file}.attrs`, "utf8"))["user.content_type"]).toMatch(/^(image\/png|video\/mp4)$/);
    }
    const again = await script("migrate-files-from-s3.mjs", ["--delete-remote"], s3Env);
    expect(again.stdout).toMatch(/21 files verified in .* \(0 copied, 0\.0 KB; 21 already there\)/);
    expect(await bucket.list()).toEqual([]);

    // Started without the S3 variables: the stored S3 setting was turned off, so every file comes from the disk.
    await server.start({ ...Object.fromEntries(Object.keys(s3.env).map((k) => [k, ""])) });
    const settings = await server.api<{ s3: { enabled: boolean } }>("GET", "/api/settings", { token: server.superToken });
    expect(settings.body.s3.enabled).toBe(false);
    expect(await fingerprint(server)).toEqual(before);
    expect(await visitorView()).toEqual(visitorBefore);
  });
});
