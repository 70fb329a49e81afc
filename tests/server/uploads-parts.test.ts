/**
 * The server's uploads in parts (issue 38), request by request against the real server: a part counts only
 * with its size and SHA-256 right, the same file started again finds its parts, a file is set on its record
 * only whole and judged by its header within the studio's clip limit, only the studio owner may use them, an
 * upload can be cancelled, and one untouched for a day is swept away. Clips are made in the test.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bigClip, clipRecord, makeClip, makeGallery, storedBytes } from "./clip-fixture";
import { createVisitorUser, startTestServer, type TestServer } from "./test-server";

const MB = 1024 * 1024;
let server: TestServer;
let clientId = "";
let clip: Uint8Array<ArrayBuffer>;
beforeAll(async () => {
  server = await startTestServer();
  clientId = await makeGallery(server);
  clip = makeClip();
});
afterAll(async () => server?.stop());

type Refused = { data?: { refusal?: { code: string } } };
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
const codeOf = (body: unknown) => (body as Refused).data?.refusal?.code;

async function startUpload(record: string, size: number, extra: Record<string, unknown> = {}, token = server.ownerToken) {
  return server.api<{ id: string; partSize: number; parts: Array<{ n: number; size: number; sha256: string }> } & Refused>("POST", "/api/owner/uploads", {
    token,
    json: { record, field: "original", size, name: "film.mp4", type: "video/mp4", partSize: MB, ...extra },
  });
}

async function putPart(id: string, n: number, bytes: Uint8Array<ArrayBuffer>, sum = sha(bytes), token = server.ownerToken) {
  const res = await fetch(`${server.url}/api/owner/uploads/${id}/parts/${n}`, { method: "PUT", headers: { Authorization: token, "X-Part-Sha256": sum }, body: bytes });
  return { status: res.status, body: (await res.json()) as { n?: number; size?: number; sha256?: string } & Refused };
}

async function newClip() {
  const r = await clipRecord(server, clientId);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.id;
}

describe("uploads in parts", () => {
  it("take checked parts, find them again for the same file, and set the whole file on its record", async () => {
    const record = await newClip();
    const file = bigClip(clip, 2 * MB + 1000);
    const started = await startUpload(record, file.length);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ partSize: MB, parts: [] });
    const part0 = file.subarray(0, MB);
    expect(await putPart(started.body.id, 0, part0)).toEqual({ status: 200, body: { n: 0, size: MB, sha256: sha(part0) } });

    // The same record, field, size and name: the same upload, with the part it has.
    const again = await startUpload(record, file.length);
    expect(again.body.id).toBe(started.body.id);
    expect(again.body.parts).toEqual([{ n: 0, size: MB, sha256: sha(part0) }]);
    // Another size is another upload.
    expect((await startUpload(record, file.length + 1)).body.id).not.toBe(started.body.id);

    const incomplete = await server.api("POST", `/api/owner/uploads/${started.body.id}/complete`, { token: server.ownerToken });
    expect(incomplete.status).toBe(400);
    expect(codeOf(incomplete.body)).toBe("upload_incomplete");

    expect((await putPart(started.body.id, 2, file.subarray(2 * MB))).status).toBe(200);
    expect((await putPart(started.body.id, 1, file.subarray(MB, 2 * MB))).status).toBe(200);
    const done = await server.api<{ id: string; original: string }>("POST", `/api/owner/uploads/${started.body.id}/complete`, { token: server.ownerToken });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.id).toBe(record);
    expect(done.body.original).toMatch(/^film.*\.mp4$/);
    expect(sha(await storedBytes(server, record, done.body.original))).toBe(sha(file));
    // Finished: no part is taken any more; a complete or a start sent again (the answer lost) answers the record.
    expect(codeOf((await putPart(started.body.id, 0, part0)).body)).toBe("upload_not_found");
    const repeated = await server.api<{ id: string; original: string }>("POST", `/api/owner/uploads/${started.body.id}/complete`, { token: server.ownerToken });
    expect(repeated).toMatchObject({ status: 200, body: { id: record, original: done.body.original } });
    const restarted = await startUpload(record, file.length);
    expect(restarted.body).toMatchObject({ id: started.body.id, parts: [], complete: true, record: { id: record, original: done.body.original } });
    // Only the upload's marker is left, no byte of the file.
    expect(readdirSync(path.join(server.dataDir, ".part_uploads", started.body.id))).toEqual(["done.json"]);
  });

  it("start a new upload when the record no longer holds the file an earlier one completed", async () => {
    const record = await newClip();
    const file = bigClip(clip, MB + 77);
    const first = await startUpload(record, file.length);
    expect((await putPart(first.body.id, 0, file.subarray(0, MB))).status).toBe(200);
    expect((await putPart(first.body.id, 1, file.subarray(MB))).status).toBe(200);
    expect((await server.api("POST", `/api/owner/uploads/${first.body.id}/complete`, { token: server.ownerToken })).status).toBe(200);
    // Replaced since (another device sent another file).
    const form = new FormData();
    form.set("original", new File([bigClip(clip, 5000)], "other.mp4", { type: "video/mp4" }));
    expect((await server.api("PATCH", `/api/collections/images/records/${record}`, { token: server.ownerToken, form })).status).toBe(200);
    expect((await server.api("POST", `/api/owner/uploads/${first.body.id}/complete`, { token: server.ownerToken })).status).toBe(404);
    const again = await startUpload(record, file.length);
    expect(again.body).toMatchObject({ id: first.body.id, parts: [] });
    expect(again.body).not.toHaveProperty("complete");
  });

  it("answer two completes of one upload sent at once with the same record, joined once", async () => {
    const record = await newClip();
    const file = bigClip(clip, 3 * MB + 5);
    const { body } = await startUpload(record, file.length);
    for (let n = 0; n * MB < file.length; n++) expect((await putPart(body.id, n, file.subarray(n * MB, (n + 1) * MB))).status).toBe(200);
    const both = await Promise.all([0, 1].map(() => server.api<{ id: string; original: string }>("POST", `/api/owner/uploads/${body.id}/complete`, { token: server.ownerToken })));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both[1]!.body.original).toBe(both[0]!.body.original);
    expect(sha(await storedBytes(server, record, both[0]!.body.original))).toBe(sha(file));
  });

  it("go on with a join a crash cut, from the joined file's size", async () => {
    const record = await newClip();
    const file = bigClip(clip, 3 * MB + 5);
    const { body } = await startUpload(record, file.length);
    const parts = [0, 1, 2, 3].map((n) => file.subarray(n * MB, (n + 1) * MB));
    for (const [n, part] of parts.entries()) expect((await putPart(body.id, n, part)).status).toBe(200);
    // The state a crash leaves: the list kept, part 0 joined and removed, part 1 half copied.
    const dir = path.join(server.dataDir, ".part_uploads", body.id);
    writeFileSync(path.join(dir, "joined.json"), JSON.stringify(parts.map((p, n) => ({ n, size: p.length, sha256: sha(p) }))));
    mkdirSync(path.join(dir, "joined"));
    writeFileSync(path.join(dir, "joined", "film.mp4"), file.subarray(0, MB + MB / 2));
    rmSync(path.join(dir, `0.${sha(parts[0]!)}`));
    // A start sent now finds every part held.
    expect((await startUpload(record, file.length)).body.parts).toHaveLength(4);
    const done = await server.api<{ original: string }>("POST", `/api/owner/uploads/${body.id}/complete`, { token: server.ownerToken });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(sha(await storedBytes(server, record, done.body.original))).toBe(sha(file));
  });

  it("keep the parts a server restart finds again", async () => {
    const record = await newClip();
    const file = bigClip(clip, 2 * MB);
    const { body } = await startUpload(record, file.length);
    expect((await putPart(body.id, 1, file.subarray(MB))).status).toBe(200);
    await server.restart();
    const again = await startUpload(record, file.length);
    expect(again.body).toMatchObject({ id: body.id, parts: [{ n: 1, size: MB, sha256: sha(file.subarray(MB)) }] });
  });

  it("refuse a part whose checksum or size is wrong, and keep nothing of it", async () => {
    const record = await newClip();
    const file = bigClip(clip, 2 * MB);
    const { body } = await startUpload(record, file.length);
    const part = file.subarray(0, MB);
    const damaged = part.slice();
    damaged[1000] = damaged[1000]! ^ 0xff;
    const wrongSum = await putPart(body.id, 0, damaged, sha(part));
    expect(wrongSum.status).toBe(400);
    expect(codeOf(wrongSum.body)).toBe("upload_part_checksum");
    const short = await putPart(body.id, 0, part.subarray(0, MB - 10));
    expect(short.status).toBe(400);
    expect(codeOf(short.body)).toBe("upload_part_size");
    expect(codeOf((await putPart(body.id, 2, part)).body)).toBe("upload_part_number");
    expect(codeOf((await putPart(body.id, 0, part, "not-a-sum")).body)).toBe("upload_part_checksum");
    expect((await startUpload(record, file.length)).body.parts).toEqual([]);
  });

  it("refuse a clip over the studio's clip limit, at the start and as an ordinary upload", async () => {
    const s = await server.api<{ items: Array<{ id: string }> }>("GET", "/api/collections/settings/records", { token: server.ownerToken });
    const settingsId = s.body.items[0]!.id;
    expect((await server.api("PATCH", `/api/collections/settings/records/${settingsId}`, { token: server.ownerToken, json: { maxVideoMB: 2 } })).status).toBe(200);
    try {
      const record = await newClip();
      const over = await startUpload(record, 2 * MB + 1);
      expect(over.status).toBe(400);
      expect(codeOf(over.body)).toBe("validation_video_size_limit");
      expect((await startUpload(record, 2 * MB)).status).toBe(200);
      const multipart = await clipRecord(server, clientId, { original: new File([bigClip(clip, 2 * MB + 1)], "big.mp4", { type: "video/mp4" }) });
      expect(multipart.status).toBe(400);
      expect(multipart.body.data?.original?.code).toBe("validation_video_size_limit");
    } finally {
      await server.api("PATCH", `/api/collections/settings/records/${settingsId}`, { token: server.ownerToken, json: { maxVideoMB: 0 } });
    }
  });

  it("refuse a text file sent as a clip, and end its upload", async () => {
    const record = await newClip();
    const text = new TextEncoder().encode("Not a film, only words that claim to be one.\n".repeat(100));
    const { body } = await startUpload(record, text.length);
    expect((await putPart(body.id, 0, text)).status).toBe(200);
    const done = await server.api("POST", `/api/owner/uploads/${body.id}/complete`, { token: server.ownerToken });
    expect(done.status).toBe(400);
    expect(codeOf(done.body)).toBe("validation_not_a_video");
    expect((await server.api("POST", `/api/owner/uploads/${body.id}/complete`, { token: server.ownerToken })).status).toBe(404);
  });

  it("refuse a field or type that does not take parts, and a record that does not exist", async () => {
    const record = await newClip();
    expect(codeOf((await startUpload(record, MB, { field: "thumbnail" })).body)).toBe("upload_field");
    expect(codeOf((await startUpload(record, MB, { field: "webVideo", type: "video/webm" })).body)).toBe("upload_type");
    expect(codeOf((await startUpload(record, MB, { type: "text/plain" })).body)).toBe("upload_type");
    expect((await startUpload("nosuchrecord123", MB)).status).toBe(404);
  });

  it("answer only the studio owner", async () => {
    const record = await newClip();
    const { body } = await startUpload(record, MB);
    const visitor = await createVisitorUser(server);
    const routes: Array<[string, string]> = [
      ["POST", "/api/owner/uploads"],
      ["PUT", `/api/owner/uploads/${body.id}/parts/0`],
      ["POST", `/api/owner/uploads/${body.id}/complete`],
      ["DELETE", `/api/owner/uploads/${body.id}`],
    ];
    for (const [method, route] of routes) {
      expect((await server.api(method, route, {})).status, `${method} ${route} unauthenticated`).toBe(401);
      expect((await server.api(method, route, { token: visitor.token })).status, `${method} ${route} as another account`).toBe(403);
    }
    expect((await startUpload(record, MB)).body.id).toBe(body.id);
  });

  it("cancel an upload: its parts are removed", async () => {
    const record = await newClip();
    const file = bigClip(clip, MB + 5);
    const { body } = await startUpload(record, file.length);
    expect((await putPart(body.id, 0, file.subarray(0, MB))).status).toBe(200);
    expect((await server.api("DELETE", `/api/owner/uploads/${body.id}`, { token: server.ownerToken })).status).toBe(204);
    expect(codeOf((await putPart(body.id, 1, file.subarray(MB))).body)).toBe("upload_not_found");
    expect((await startUpload(record, file.length)).body.parts).toEqual([]);
  });

  it("sweep uploads untouched for a day, never one in progress nor a stored file", async () => {
    const record = await newClip();
    const old = await startUpload(record, MB, { name: "old.mp4" });
    expect((await putPart(old.body.id, 0, bigClip(clip, MB))).status).toBe(200);
    const fresh = await startUpload(record, MB, { name: "fresh.mp4" });
    const root = path.join(server.dataDir, ".part_uploads");
    const oldDir = path.join(root, old.body.id);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    for (const name of readdirSync(oldDir)) utimesSync(path.join(oldDir, name), twoDaysAgo, twoDaysAgo);
    utimesSync(oldDir, twoDaysAgo, twoDaysAgo);
    const before = await server.api<{ original: string }>("GET", `/api/collections/images/records/${record}`, { token: server.ownerToken });

    expect((await server.api("POST", "/api/crons/sg_abandoned_uploads", { token: server.superToken })).status).toBe(204);
    // PocketBase runs the job after answering: wait for it.
    for (let i = 0; i < 100 && existsSync(oldDir); i++) await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(oldDir)).toBe(false);
    expect(existsSync(path.join(root, fresh.body.id))).toBe(true);
    expect((await server.api("GET", `/api/collections/images/records/${record}`, { token: server.ownerToken })).body).toEqual(before.body);
  });
});
