/**
 * Cleanup at start (issue 10): a server killed in the middle of a large upload leaves a multipart temp
 * file, and stored files that belong to no record; the next start removes both, and every real record's
 * files stay intact.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
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

describe("cleanup at start", () => {
  it("removes temp uploads and orphaned files after a crash mid-upload, and keeps every real file", async () => {
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

    const upload = startLargeUpload();
    const deadline = Date.now() + 30_000;
    while (!tempFiles().some((n) => statSync(path.join(tempDir(), n)).size > 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(tempFiles().length).toBeGreaterThan(0);
    await server.crash();
    upload.destroy();
    expect(tempFiles().length).toBeGreaterThan(0); // the killed server left it

    await server.start();
    expect(tempFiles()).toEqual([]);
    expect(existsSync(ghostDir)).toBe(false);
    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(halfWritten)).toBe(false);
    for (const r of real) {
      for (const [query, sum] of Object.entries(r.sums)) expect(sha(await fileBytes(r.id, query))).toBe(sum);
      expect(existsSync(path.join(collectionDir, r.id, r.original + ".attrs"))).toBe(true);
    }
    const logo = await server.api("GET", "/api/gallery/studio/info");
    expect(logo.status).toBe(200);
  }, 90_000);
});
