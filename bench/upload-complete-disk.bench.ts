/**
 * The disk a completing upload in parts needs (issue 38), a 200 MB clip against the real server on local
 * storage: its parts are sent, then while `POST /api/owner/uploads/{id}/complete` runs the data dir's upload
 * folder and storage are summed every few milliseconds. Printed: the peak over the file's own size (what the
 * parts already held before complete), as a multiple of the file (docs/DEPLOY.md, docs/BENCHMARKS.md).
 */
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { clipRecord, makeClip, makeGallery } from "../tests/server/clip-fixture";
import { startTestServer } from "../tests/server/test-server";
import { report } from "./report";

const MB = 1024 * 1024;
const SIZE = 200 * MB;
const PART = 8 * MB;

/** The bytes of every file under `dir` (0 when it is gone). */
function bytesUnder(dir: string): number {
  let total = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    try {
      total += e.isDirectory() ? bytesUnder(p) : statSync(p).size;
    } catch {
      // removed meanwhile
    }
  }
  return total;
}

it("completes a 200 MB upload in parts with the least extra disk", async () => {
  const server = await startTestServer();
  try {
    const clientId = await makeGallery(server);
    const record = (await clipRecord(server, clientId)).body.id as string;
    const file = Buffer.concat([makeClip().subarray(0, 4096), randomBytes(SIZE - 4096)]);
    const started = await server.api<{ id: string }>("POST", "/api/owner/uploads", {
      token: server.ownerToken,
      json: { record, field: "original", size: SIZE, name: "film.mp4", type: "video/mp4", partSize: PART },
    });
    for (let n = 0; n * PART < SIZE; n++) {
      const part = file.subarray(n * PART, (n + 1) * PART);
      const res = await fetch(`${server.url}/api/owner/uploads/${started.body.id}/parts/${n}`, {
        method: "PUT",
        headers: { Authorization: server.ownerToken, "X-Part-Sha256": createHash("sha256").update(part).digest("hex") },
        body: part,
      });
      expect(res.status).toBe(200);
    }
    const watched = [path.join(server.dataDir, ".part_uploads"), path.join(server.dataDir, "storage")];
    const sum = () => watched.reduce((t, d) => t + bytesUnder(d), 0);
    const before = sum();
    let peak = before;
    let done = false;
    const answer = fetch(`${server.url}/api/owner/uploads/${started.body.id}/complete`, { method: "POST", headers: { Authorization: server.ownerToken } }).finally(() => {
      done = true;
    });
    while (!done) {
      peak = Math.max(peak, sum());
      await new Promise((r) => setTimeout(r, 2));
    }
    expect((await answer).status).toBe(200);
    const after = sum();
    report("complete an upload in parts, 200 MB, local storage", {
      beforeMB: before / MB,
      peakMB: peak / MB,
      afterMB: after / MB,
      peakExtraOverFile: (peak - before) / SIZE,
      peakOverFile: peak / SIZE,
    });
  } finally {
    await server.stop();
  }
}, 300_000);
