/**
 * Direct uploads to object storage (issue 39), against the real server and a local S3 server: the device asks
 * permission per file (owner, record, field, type, size checked), sends the bytes straight to the bucket with
 * the presigned URLs it is given (each part's Content-MD5 signed in), and the server checks the object in the
 * bucket before the record takes it. A multipart upload cut after a part resumes; a wrong size or bytes that
 * are no image are refused and removed; the cleanup aborts abandoned uploads and removes unreferenced objects,
 * never a file in use. Without object storage the routes answer `direct_off`.
 */
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3Client, s3ConfigFromEnv } from "../../scripts/lib/s3.mjs";
import { makeGallery } from "./clip-fixture";
import { jpegHeader, pngHeader } from "./image-bytes";
import { createClient } from "../../src/store/repositories/clients";
import { addImages } from "../../src/store/repositories/images";
import { makeDevice, serverRecords } from "./devices";
import { startS3Server } from "./s3-server";
import { imageInput, png } from "./sync-images";
import { createVisitorUser, startTestServer, type TestServer } from "./test-server";

const MB = 1024 * 1024;
type Refused = { data?: { refusal?: { code: string } } };
type Started = { id: string; key: string; single: boolean; url?: string; headers?: Record<string, string>; partSize?: number; count?: number; parts?: Array<{ n: number; size: number; etag: string }>; complete?: boolean } & Refused;
const md5 = (b: Uint8Array) => createHash("md5").update(b).digest("base64");
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
const codeOf = (body: unknown) => (body as Refused).data?.refusal?.code;

let s3: Awaited<ReturnType<typeof startS3Server>>;
let server: TestServer;
let bucket: ReturnType<typeof s3Client>;
let clientId = "";
beforeAll(async () => {
  s3 = await startS3Server();
  bucket = s3Client(s3ConfigFromEnv(s3.env)!);
  // The cleanup's "older than a day" is 0 here, so the test need not wait a day.
  server = await startTestServer({ ...s3.env, S3_ABANDONED_HOURS: "0" });
  clientId = await makeGallery(server);
});
afterAll(async () => {
  await server?.stop();
  await s3?.stop();
});

async function newImage(): Promise<string> {
  const r = await server.api<{ id: string }>("POST", "/api/collections/images/records", { token: server.ownerToken, json: { client: clientId, originalName: "a.jpg", filename: "a.jpg" } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.id;
}

function start(json: Record<string, unknown>, token = server.ownerToken) {
  return server.api<Started>("POST", "/api/owner/direct-uploads", { token, json });
}

const complete = (id: string, parts?: Array<{ n: number; etag: string }>) => server.api<{ id: string; original?: string; preview?: string } & Refused>("POST", "/api/owner/direct-uploads/complete", { token: server.ownerToken, json: { id, parts } });

/** A PUT to a presigned URL with the headers it was signed with; the ETag the bucket answers. */
async function put(url: string, headers: Record<string, string>, body: Uint8Array) {
  const res = await fetch(url, { method: "PUT", headers, body: new Blob([body as Uint8Array<ArrayBuffer>]) });
  return { status: res.status, etag: (res.headers.get("etag") ?? "").replace(/"/g, "") };
}

/** A JPEG of `size` bytes whose header says 40 x 30 (what the server judges is the header). */
function jpegOf(size: number): Uint8Array {
  const head = jpegHeader(40, 30);
  const bytes = new Uint8Array(size);
  bytes.set(randomBytes(size));
  bytes.set(head.subarray(0, head.length - 2));
  bytes.set([0xff, 0xd9], size - 2);
  return bytes;
}

describe("direct uploads", () => {
  it("refuse what the server would not take: no owner, no record, a field, a type, a size over the studio's limit", async () => {
    const record = await newImage();
    const ok = { record, field: "preview", size: 1000, name: "p.png", type: "image/png", md5: md5(new Uint8Array(1)) };
    const visitor = await createVisitorUser(server, "direct@studio.test");
    expect((await start(ok, visitor.token)).status).toBe(403);
    expect((await server.api("POST", "/api/owner/direct-uploads", { json: ok })).status).toBe(401);
    expect(codeOf((await start({ ...ok, record: "nosuchrecord123" })).body)).toBe("image_not_found");
    expect(codeOf((await start({ ...ok, field: "client" })).body)).toBe("upload_field");
    expect(codeOf((await start({ ...ok, type: "text/html" })).body)).toBe("upload_type");
    expect(codeOf((await start({ ...ok, field: "original", type: "video/mp4" })).body)).toBe("upload_type"); // a photo's original is an image
    expect(codeOf((await start({ ...ok, field: "original", type: "image/jpeg", size: 21 * MB, md5: undefined })).body)).toBe("validation_file_size_limit");
    const forged = (await start(ok)).body.id.replace(/^./, (c) => (c === "A" ? "B" : "A"));
    expect(codeOf((await complete(forged)).body)).toBe("upload_not_found");
  });

  it("take a small file in one presigned PUT, check it in the bucket, and serve it from the record", async () => {
    const record = await newImage();
    const bytes = new Uint8Array(pngHeader(64, 48));
    const started = await start({ record, field: "preview", size: bytes.length, name: "Preview Big.png", type: "image/png", md5: md5(bytes) });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.single).toBe(true);
    expect(started.body.key).toMatch(new RegExp(`/${record}/preview_big_[a-z0-9]{10}\\.png$`));
    // The Content-MD5 is signed into the URL: other bytes with their own MD5 break the signature.
    expect(new URL(started.body.url!).searchParams.get("X-Amz-SignedHeaders")).toContain("content-md5");
    const altered = bytes.slice();
    altered[bytes.length - 1] = altered[bytes.length - 1]! ^ 1;
    expect((await put(started.body.url!, { ...started.body.headers!, "content-md5": md5(altered) }, altered)).status).toBe(403);
    // The URL lives 15 minutes: later the bucket refuses it (and the device asks again).
    s3.advanceClock(16 * 60);
    expect((await put(started.body.url!, started.body.headers!, bytes)).status).toBe(403);
    s3.advanceClock(-16 * 60);
    expect((await put(started.body.url!, started.body.headers!, bytes)).status).toBe(200);
    const done = await complete(started.body.id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(started.body.key.endsWith(`/${done.body.preview}`)).toBe(true);
    // Sent again (the answer lost): the record, nothing stored twice.
    expect((await complete(started.body.id)).body.preview).toBe(done.body.preview);
    expect((await start({ record, field: "preview", size: bytes.length, name: "Preview Big.png", type: "image/png", md5: md5(bytes) })).body).toMatchObject({ complete: true });
    const served = await fetch(`${server.url}/api/files/images/${record}/${done.body.preview}?token=${await fileToken()}`);
    expect(served.status).toBe(200);
    expect(sha(new Uint8Array(await served.arrayBuffer()))).toBe(sha(bytes));
    // Deleting the record deletes the object: PocketBase holds it as its own file.
    expect((await server.api("DELETE", `/api/collections/images/records/${record}`, { token: server.ownerToken })).status).toBe(204);
    for (let i = 0; i < 100 && (await bucket.list(started.body.key)).length; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await bucket.list(started.body.key)).toEqual([]);
  });

  it("refuse and remove an object of another size or that is no image", async () => {
    const record = await newImage();
    const bytes = new Uint8Array(pngHeader(64, 48));
    const announced = { record, field: "thumbnail", name: "t.png", type: "image/png" };
    const wrongSize = await start({ ...announced, size: bytes.length + 10, md5: md5(bytes) });
    // The URL is signed for its MD5, not its length: the bucket takes these bytes; the complete compares sizes.
    expect((await put(wrongSize.body.url!, wrongSize.body.headers!, bytes)).status).toBe(200);
    const refused = await complete(wrongSize.body.id);
    expect(refused.status).toBe(400);
    expect(codeOf(refused.body)).toBe("direct_size");
    expect(await bucket.list(wrongSize.body.key)).toEqual([]);
    // Announced smaller than sent: the ranged read stops at the announced size, the object's size still decides.
    const shorter = await start({ ...announced, size: bytes.length - 5, md5: md5(bytes) });
    expect((await put(shorter.body.url!, shorter.body.headers!, bytes)).status).toBe(200);
    expect(codeOf((await complete(shorter.body.id)).body)).toBe("direct_size");
    expect(await bucket.list(shorter.body.key)).toEqual([]);

    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const notImage = await start({ ...announced, name: "x.png", size: html.length, md5: md5(html) });
    expect((await put(notImage.body.url!, notImage.body.headers!, html)).status).toBe(200);
    const judged = await complete(notImage.body.id);
    expect(codeOf(judged.body)).toBe("validation_not_an_image");
    expect(await bucket.list(notImage.body.key)).toEqual([]);
    const after = await server.api<{ thumbnail: string }>("GET", `/api/collections/images/records/${record}`, { token: server.ownerToken });
    expect(after.body.thumbnail).toBe("");
  });

  it("complete a photo's files side by side: the record ends holding every one of them", async () => {
    const record = await newImage();
    const fields = ["thumbnail", "preview", "medium", "large"] as const;
    const files = fields.map((field, i) => ({ field, bytes: new Uint8Array(pngHeader(64 + i, 48)) }));
    const started = await Promise.all(files.map(({ field, bytes }) => start({ record, field, size: bytes.length, name: `${field}.png`, type: "image/png", md5: md5(bytes) })));
    for (const [i, s] of started.entries()) expect((await put(s.body.url!, s.body.headers!, files[i]!.bytes)).status).toBe(200);
    const done = await Promise.all(started.map((s) => complete(s.body.id)));
    for (const d of done) expect(d.status, JSON.stringify(d.body)).toBe(200);
    const after = await server.api<Record<string, string>>("GET", `/api/collections/images/records/${record}`, { token: server.ownerToken });
    for (const [i, field] of fields.entries()) expect(started[i]!.body.key.endsWith(`/${after.body[field]}`), field).toBe(true);
  });

  it("resume a multipart upload cut after a part: the parts the bucket took are answered, only the rest is sent", async () => {
    const record = await newImage();
    const file = jpegOf(17 * MB + 123);
    const asked = { record, field: "original", size: file.length, name: "big.jpg", type: "image/jpeg" };
    const first = await start(asked);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ single: false, count: 3, parts: [] });
    const partSize = first.body.partSize!;
    const part = (n: number) => file.subarray((n - 1) * partSize, Math.min(file.length, n * partSize));
    const urls = async (id: string, ns: number[], sent: Array<{ n: number; etag: string }> = []) => {
      const r = await server.api<{ urls: Array<{ n: number; url: string; headers: Record<string, string> }> }>("POST", "/api/owner/direct-uploads/parts", { token: server.ownerToken, json: { id, parts: ns.map((n) => ({ n, md5: md5(part(n)) })), sent } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.urls;
    };
    const [u1] = await urls(first.body.id, [1]);
    expect(new URL(u1!.url).searchParams.get("X-Amz-SignedHeaders")).toContain("content-md5");
    const sent1 = await put(u1!.url, u1!.headers, part(1));
    expect(sent1.status).toBe(200);
    // The next URL's request reports part 1; part 2 goes, then the link is cut before it is reported.
    const [u2] = await urls(first.body.id, [2], [{ n: 1, etag: sent1.etag }]);
    expect((await put(u2!.url, u2!.headers, part(2))).status).toBe(200);
    // Started again (a reload): the same key and S3 upload, with the part reported.
    const again = await start(asked);
    expect(again.body.key).toBe(first.body.key);
    expect(again.body.parts).toEqual([{ n: 1, size: partSize, etag: sent1.etag }]);
    expect(codeOf((await complete(again.body.id, [{ n: 1, etag: sent1.etag }])).body)).toBe("upload_incomplete");
    const etags = [sent1.etag];
    for (const u of await urls(again.body.id, [2, 3])) {
      const r = await put(u.url, u.headers, part(u.n));
      expect(r.status).toBe(200);
      etags.push(r.etag);
    }
    const done = await complete(again.body.id, etags.map((etag, i) => ({ n: i + 1, etag })));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.original).toMatch(/^big_[a-z0-9]{10}\.jpg$/);
    expect(sha((await bucket.get(first.body.key))!)).toBe(sha(file));
  });

  it("clean up: an abandoned multipart upload is aborted and an unreferenced object removed, a file in use stays", async () => {
    const record = await newImage();
    const kept = new Uint8Array(pngHeader(10, 10));
    const inUse = await start({ record, field: "thumbnail", size: kept.length, name: "k.png", type: "image/png", md5: md5(kept) });
    await put(inUse.body.url!, inUse.body.headers!, kept);
    expect((await complete(inUse.body.id)).status).toBe(200);
    const orphan = await start({ record, field: "preview", size: kept.length, name: "o.png", type: "image/png", md5: md5(kept) });
    await put(orphan.body.url!, orphan.body.headers!, kept); // never completed
    const abandoned = await start({ record, field: "original", size: 17 * MB, name: "gone.jpg", type: "image/jpeg" });
    expect(abandoned.status).toBe(200);
    const reported = await server.api("POST", "/api/owner/direct-uploads/parts", { token: server.ownerToken, json: { id: abandoned.body.id, parts: [{ n: 2, md5: md5(kept) }], sent: [{ n: 1, etag: "e1" }] } });
    expect(reported.status).toBe(200);
    expect((await start({ record, field: "original", size: 17 * MB, name: "gone.jpg", type: "image/jpeg" })).body.parts).toHaveLength(1);

    expect((await server.api("POST", "/api/crons/sg_direct_uploads_cleanup", { token: server.superToken })).status).toBe(204);
    // PocketBase runs the job after answering: wait for it.
    for (let i = 0; i < 100 && (await bucket.list(orphan.body.key)).length; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await bucket.list(orphan.body.key)).toEqual([]);
    expect(await bucket.list(inUse.body.key)).toEqual([inUse.body.key]);
    // The multipart upload is gone: started again, it is another S3 upload, with no parts.
    const restarted = await start({ record, field: "original", size: 17 * MB, name: "gone.jpg", type: "image/jpeg" });
    expect(restarted.body.parts).toEqual([]);
    expect(uploadIdOf(restarted.body.id)).not.toBe(uploadIdOf(abandoned.body.id));
  });
});

/** Bytes the server process has read so far (sockets and files: /proc/<pid>/io `rchar`, the kernel's count). */
function bytesRead(pid: number): number {
  return Number(/rchar: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, "utf8"))![1]);
}

describe("a device's sync with direct uploads", () => {
  it("sends every file straight to the bucket, whole on a fast link and step by step in parts on a slow one; the server reads no file body", async () => {
    const fast = await makeDevice(server, { link: "fast" });
    const slow = await makeDevice(server, { link: "slow" });
    const gallery = await createClient(fast.db, { name: "Direct Dana" });
    const small = [png(500, 400, 1), png(450, 400, 2)];
    const big = png(2100, 2100, 3); // about 17.6 MB of random pixels: in parts
    const images = await addImages(fast.db, small.map((b, i) => imageInput(gallery.id, `small-${i}.png`, b)));
    await fast.sync.syncOnce();
    await slow.sync.syncOnce(); // the gallery reaches the slow device
    const [bigImage] = await addImages(slow.db, [imageInput(gallery.id, "big.png", big)]);
    const before = bytesRead(server.pid());
    await slow.sync.syncOnce();
    const read = bytesRead(server.pid()) - before;

    const sent = [...images, bigImage!];
    const records = await serverRecords<{ id: string; collectionId: string; original: string; thumbnail: string; preview: string; medium: string; large: string }>(server, "images", sent.map((i) => `id='${i.id}'`).join("||"));
    expect(records).toHaveLength(3);
    for (const r of records) {
      for (const field of ["original", "thumbnail", "preview", "medium", "large"] as const) expect(await bucket.list(`${r.collectionId}/${r.id}/${r[field]}`), `${field} of ${r.id}`).toHaveLength(1);
    }
    const bigRecord = records.find((r) => r.id === bigImage!.id)!;
    expect(sha((await bucket.get(`${bigRecord.collectionId}/${bigRecord.id}/${bigRecord.original}`))!)).toBe(sha(new Uint8Array(await big.arrayBuffer())));
    // The big photo's 17.6 MB went to the bucket: the server read its JSON and the headers it judged, not the bytes.
    expect(read).toBeLessThan(big.size / 10);
    expect(await fast.db.outbox.count()).toBe(0);
    expect(await slow.db.outbox.count()).toBe(0);
    expect((await slow.db.imageBlobs.get(bigImage!.id))?.original).toBeUndefined();
  });
});

/** The S3 UploadId a ticket carries (its body is plain base64url JSON; only its signature is secret). */
function uploadIdOf(ticket: string): string {
  return (JSON.parse(Buffer.from(ticket.split(".")[0]!, "base64url").toString()) as { uploadId: string }).uploadId;
}

/** A file token of the owner's, for protected files. */
async function fileToken(): Promise<string> {
  return (await server.api<{ token: string }>("POST", "/api/files/token", { token: server.ownerToken })).body.token;
}

describe("without object storage", () => {
  let local: TestServer;
  beforeAll(async () => {
    local = await startTestServer();
  });
  afterAll(async () => local?.stop());

  it("answer direct_off, so the device keeps to the server's uploads", async () => {
    const r = await local.api("POST", "/api/owner/direct-uploads", { token: local.ownerToken, json: { record: "abc", field: "preview", size: 1, name: "p.png", type: "image/png" } });
    expect(r.status).toBe(409);
    expect(codeOf(r.body)).toBe("direct_off");
  });
});
