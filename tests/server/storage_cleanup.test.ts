/**
 * Cleanup after a crash (issue 10): a server killed in the middle of a large upload leaves a multipart temp
 * file, and stored files that belong to no record. The next start removes the temp file before it answers;
 * the orphans are removed by the hourly cron `sg_orphaned_files` after the start (issue 39: the scan took
 * minutes at 100,000 photos), once an hour old, and every real record's files stay intact.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_TMP_DIR } from "../../scripts/lib/pocketbase.mjs";
import { pngHeader } from "./image-bytes";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let clientId = "";
beforeAll(async () => {
  server = await startTestServer();
  const c = await server.api<{ id: string }>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "Cleanup" } });
  clientId = c.body.id;
});
afterAll(async () => server?.stop());

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
const tempDir = () => path.join(server.dataDir, UPLOAD_TMP_DIR);
const tempFiles = () => (existsSync(tempDir()) ? readdirSync(tempDir()) : []);

async function fileBytes(id: string, query: string): Promise<Uint8Array> {
  const res = await fetch(`${server.url}/api/gallery/image/${id}${query}`, { headers: { Authorization: server.ownerToken } });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

/**
 * Sends a multipart create of ~34 MB (more than PocketBase keeps in memory, so Go writes a temp file) and
 * stops short of its end, leaving the request open.
 */
function startLargeUpload(): http.ClientRequest {
  const boundary = "----sgcleanup" + Date.now();
  const part = (name: string, filename: string, size: number) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`), Buffer.alloc(size, 7), Buffer.from("\r\n")]);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="client"\r\n\r\n${clientId}\r\n`),
    part("original", "big.png", 20 * 1024 * 1024),
    part("preview", "p.png", 8 * 1024 * 1024),
    part("large", "l.png", 6 * 1024 * 1024),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const url = new URL(server.url);
  const req = http.request({
    host: url.hostname,
    port: url.port,
    method: "POST",
    path: "/api/collections/images/records",
    headers: { Authorization: server.ownerToken, "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": body.length },
  });
  req.on("error", () => undefined); // the server dies under it
  req.write(body.subarray(0, body.length - 1024 * 1024));
  return req;
}

/** Sets a file's or folder's times to two hours ago: older than the cron's minimum age of one hour. */
const age = (p: string) => {
  const past = new Date(Date.now() - 2 * 60 * 60 * 1000);
  utimesSync(p, past, past);
};

describe("cleanup after a crash", () => {
  it("removes temp uploads at start and old orphaned files from the cron after the start, and keeps every real file and a young orphan", async () => {
    const real: Array<{ id: string; collectionId: string; original: string; sums: Record<string, string> }> = [];
    for (let i = 0; i < 2; i++) {
      const form = new FormData();
      form.set("client", clientId);
      form.set("original", new File([new Uint8Array(pngHeader(60 + i, 40))], `o${i}.png`));
      form.set("thumbnail", new File([new Uint8Array(pngHeader(20 + i, 10))], `t${i}.png`));
      const made = await server.api<{ id: string; collectionId: string; original: string }>("POST", "/api/collections/images/records", { token: server.ownerToken, form });
      expect(made.status).toBe(200);
      real.push({ ...made.body, sums: { "": sha(await fileBytes(made.body.id, "")), "?thumbnail=true": sha(await fileBytes(made.body.id, "?thumbnail=true")) } });
    }

    // Orphans as a crash leaves them: a folder of a record that was never written, a file beside a real
    // record's files that it does not refer to, and the storage's own half-written temp file.
    const collectionDir = path.join(server.dataDir, "storage", real[0]!.collectionId);
    const ghostDir = path.join(collectionDir, "ghostrecord0001");
    mkdirSync(ghostDir, { recursive: true });
    writeFileSync(path.join(ghostDir, "ghost_abc.png"), pngHeader(10, 10));
    writeFileSync(path.join(ghostDir, "ghost_abc.png.attrs"), "{}");
    const leftover = path.join(collectionDir, real[0]!.id, "leftover_xyz.png");
    writeFileSync(leftover, pngHeader(10, 10));
    const halfWritten = path.join(collectionDir, real[1]!.id, `${real[1]!.original}.17c2f3a9.tmp`);
    writeFileSync(halfWritten, Buffer.alloc(1000));
    for (const p of [path.join(ghostDir, "ghost_abc.png"), path.join(ghostDir, "ghost_abc.png.attrs"), ghostDir, leftover, halfWritten]) age(p);
    // Files of a create in flight (stored, row not yet inserted) look the same, only young: the cron leaves them.
    const youngDir = path.join(collectionDir, "youngrecord0001");
    mkdirSync(youngDir, { recursive: true });
    writeFileSync(path.join(youngDir, "young_abc.png"), pngHeader(10, 10));
    const youngLeftover = path.join(collectionDir, real[0]!.id, "young_xyz.png");
    writeFileSync(youngLeftover, pngHeader(10, 10));

    const upload = startLargeUpload();
    const deadline = Date.now() + 30_000;
    while (!tempFiles().some((n) => statSync(path.join(tempDir(), n)).size > 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(tempFiles().length).toBeGreaterThan(0);
    await server.crash();
    upload.destroy();
    expect(tempFiles().length).toBeGreaterThan(0); // the killed server left it

    await server.start();
    // The server answers before any orphan scan: the start emptied the temp folder only.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(tempFiles()).toEqual([]);
    for (const p of [ghostDir, leftover, halfWritten, youngDir, youngLeftover]) expect(existsSync(p)).toBe(true);

    expect((await server.api("POST", "/api/crons/sg_orphaned_files", { token: server.superToken })).status).toBe(204);
    // PocketBase runs the job after answering: wait for the line it logs when it has finished.
    const done = async () => (await server.api<{ totalItems: number }>("GET", `/api/logs?filter=${encodeURIComponent(`message="orphaned files removed"`)}`, { token: server.superToken })).body.totalItems;
    await expect.poll(done, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(existsSync(ghostDir)).toBe(false);
    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(halfWritten)).toBe(false);
    expect(existsSync(path.join(youngDir, "young_abc.png"))).toBe(true);
    expect(existsSync(youngLeftover)).toBe(true);
    for (const r of real) {
      for (const [query, sum] of Object.entries(r.sums)) expect(sha(await fileBytes(r.id, query))).toBe(sum);
      expect(existsSync(path.join(collectionDir, r.id, r.original + ".attrs"))).toBe(true);
    }
    const logo = await server.api("GET", "/api/gallery/studio/info");
    expect(logo.status).toBe(200);
  }, 90_000);
});
