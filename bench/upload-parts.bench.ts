/**
 * Uploads in parts (issue 38), a 1 GB clip on loopback against the real server, in one run:
 * - resume: the upload is stopped at 60 % (the laptop closed: the call is cancelled, the part in flight lost),
 *   then sent again by a new call, which sends only the parts the server lacks. Goal: at most 1.2x the file's
 *   bytes sent in total (counted by a proxy in front of the server, requests' headers included).
 * - throughput: sendInParts against a plain single multipart upload of the same file to the same server.
 *   Goal: at least 0.85x the plain throughput.
 * The file is random bytes behind a real MP4 header (the server judges a clip by its header), read from disk.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, openAsBlob, rmSync, writeSync, openSync, closeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import PocketBase from "pocketbase";
import { expect, it } from "vitest";
import { PART_SIZE, sendInParts } from "../src/sync/uploadParts";
import { clipRecord, makeClip, makeGallery } from "../tests/server/clip-fixture";
import { startCutProxy } from "../tests/server/support/cut-proxy";
import { startTestServer, type TestServer } from "../tests/server/test-server";
import { report } from "./report";

const SIZE = 1024 * 1024 * 1024;
const MB = 1024 * 1024;

/** A 1 GB file on disk opening as an MP4. */
function writeBigClip(dir: string): string {
  const file = path.join(dir, "film.mp4");
  const fd = openSync(file, "w");
  try {
    const chunk = randomBytes(PART_SIZE);
    for (let offset = 0; offset < SIZE; offset += PART_SIZE) {
      chunk.writeUInt32LE(offset / PART_SIZE, 100); // no two parts alike
      if (offset === 0) writeSync(fd, Buffer.concat([makeClip().subarray(0, 4096), chunk.subarray(4096)]));
      else writeSync(fd, chunk);
    }
  } finally {
    closeSync(fd);
  }
  return file;
}

function owner(server: TestServer, url: string): PocketBase {
  const pb = new PocketBase(url);
  pb.authStore.save(server.ownerToken, null);
  return pb;
}

it("resumes a 1 GB clip cut at 60 % within 1.2x its bytes, and sends in parts near a plain upload's speed", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sg-parts-bench-"));
  const server = await startTestServer();
  const proxy = await startCutProxy(server.url);
  try {
    const filePath = writeBigClip(dir);
    const blob = new Blob([await openAsBlob(filePath)], { type: "video/mp4" });
    const clientId = await makeGallery(server);
    const record = async () => (await clipRecord(server, clientId)).body.id;

    // Resume after a stop at 60 %.
    const resumed = await record();
    const target = { collection: "images", record: resumed, field: "original", name: "film.mp4" } as const;
    const stop = new AbortController();
    proxy.resetCount();
    await sendInParts(owner(server, proxy.url), blob, target, (p) => p.loaded >= 0.6 * SIZE && stop.abort(), stop.signal).catch((err: Error) => {
      if (err.name !== "AbortError") throw err;
    });
    const beforeStop = proxy.sent();
    proxy.resetCount();
    const saved = await sendInParts(owner(server, proxy.url), blob, target);
    expect(saved.original).toBeTruthy();
    const afterStop = proxy.sent();
    const sentRatio = (beforeStop + afterStop) / SIZE;

    // Throughput, the same file, each upload to a new record, in the order plain, parts, parts, plain (the
    // machine's load drifts; this order weighs both alike).
    const timed = async (how: "plain" | "parts") => {
      const id = await record();
      const started = performance.now();
      if (how === "parts") {
        await sendInParts(owner(server, server.url), blob, { collection: "images", record: id, field: "original", name: "film.mp4" });
      } else {
        const form = new FormData();
        form.set("original", new File([blob], "film.mp4", { type: "video/mp4" }));
        const res = await fetch(`${server.url}/api/collections/images/records/${id}`, { method: "PATCH", headers: { Authorization: server.ownerToken }, body: form });
        expect(res.status).toBe(200);
      }
      return performance.now() - started;
    };
    let plainMs = await timed("plain");
    let partsMs = await timed("parts");
    partsMs += await timed("parts");
    plainMs += await timed("plain");

    report("upload in parts, 1 GB", {
      sentBeforeStopMB: beforeStop / MB,
      sentAfterStopMB: afterStop / MB,
      sentRatio,
      partsMBps: (2 * SIZE) / MB / (partsMs / 1000),
      plainMBps: (2 * SIZE) / MB / (plainMs / 1000),
      ratioToPlain: plainMs / partsMs,
    });
    expect(sentRatio).toBeLessThanOrEqual(1.2);
  } finally {
    await proxy.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
