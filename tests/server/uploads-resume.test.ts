/**
 * sendInParts (src/sync/uploadParts.ts) from Node against the real server (issue 38), through a proxy that
 * counts the bytes sent and cuts the line as hotel Wi-Fi does: a clip arrives byte for byte; a cut in the
 * middle of a part is retried and only the parts in flight (two at most) are sent again; an upload stopped
 * at 60 % (the laptop closed) resumes later from the parts the server has, sending only the missing ones; a
 * complete whose answer was lost after the server saved (a cut, a closed laptop) is answered again by the next
 * try or the next sync, which sends no part again.
 */
import { createHash } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import PocketBase from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PART_SIZE, sendInParts } from "../../src/sync/uploadParts";
import type { UploadProgress } from "../../src/sync/transport";
import { bigClip, clipRecord, makeClip, makeGallery, storedBytes } from "./clip-fixture";
import { startCutProxy, type CutProxy } from "./support/cut-proxy";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let proxy: CutProxy;
let clientId = "";
let clip: Uint8Array<ArrayBuffer>;
beforeAll(async () => {
  server = await startTestServer();
  proxy = await startCutProxy(server.url);
  clientId = await makeGallery(server);
  clip = makeClip();
});
afterAll(async () => {
  await proxy?.close();
  await server?.stop();
});

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
/** Request lines, headers and JSON around the parts: well under this per request. */
const OVERHEAD = 64 * 1024;

function ownerClient(): PocketBase {
  const pb = new PocketBase(proxy.url);
  pb.authStore.save(server.ownerToken, null);
  return pb;
}

async function newClip(): Promise<string> {
  const r = await clipRecord(server, clientId);
  expect(r.status).toBe(200);
  return r.body.id;
}

describe("sendInParts", () => {
  it("sends a clip made by ffmpeg, which the server stores byte for byte", async () => {
    const record = await newClip();
    const progress: UploadProgress[] = [];
    const saved = await sendInParts(ownerClient(), new Blob([clip], { type: "video/mp4" }), { collection: "images", record, field: "original", name: "first dance.mp4" }, (p) => progress.push(p));
    expect(saved.id).toBe(record);
    expect(saved.original).toMatch(/\.mp4$/);
    expect(sha(await storedBytes(server, record, saved.original as string))).toBe(sha(clip));
    expect(progress.at(-1)).toEqual({ loaded: clip.length, total: clip.length });
  });

  it("sends again only the parts a cut interrupted (two in flight at most)", async () => {
    const record = await newClip();
    const file = bigClip(clip, 5 * PART_SIZE + 12345);
    proxy.resetCount();
    // Cut in the middle of the fourth part; the line is back 300 ms later.
    proxy.cutAfter(3.5 * PART_SIZE, () => setTimeout(() => proxy.restore(), 300));
    const saved = await sendInParts(ownerClient(), new Blob([file], { type: "video/mp4" }), { collection: "images", record, field: "original", name: "film.mp4" });
    expect(sha(await storedBytes(server, record, saved.original as string))).toBe(sha(file));
    const sent = proxy.sent();
    expect(sent).toBeGreaterThan(file.length + 0.4 * PART_SIZE); // the cut part went twice
    expect(sent).toBeLessThan(file.length + 2 * PART_SIZE + 10 * OVERHEAD);
  });

  it("sends a part again after the server failed it with a 5xx", async () => {
    const record = await newClip();
    const file = bigClip(clip, PART_SIZE + 4321);
    const started = await server.api<{ id: string }>("POST", "/api/owner/uploads", {
      token: server.ownerToken,
      json: { record, field: "original", size: file.length, name: "film.mp4", type: "video/mp4", partSize: PART_SIZE },
    });
    // A folder where the checked part 0 must go: the server cannot rename the part into place and answers 500.
    const blocker = path.join(server.dataDir, ".part_uploads", started.body.id, `0.${sha(file.subarray(0, PART_SIZE))}`);
    mkdirSync(path.join(blocker, "in-the-way"), { recursive: true });
    proxy.resetCount();
    // Once part 0 is on its second try (its first answered 500), the way is cleared for it.
    const unblock = setInterval(() => {
      if (proxy.sent() < PART_SIZE + 64 * 1024) return;
      clearInterval(unblock);
      rmSync(blocker, { recursive: true, force: true });
    }, 10);
    const saved = await sendInParts(ownerClient(), new Blob([file], { type: "video/mp4" }), { collection: "images", record, field: "original", name: "film.mp4" });
    clearInterval(unblock);
    expect(sha(await storedBytes(server, record, saved.original as string))).toBe(sha(file));
    expect(proxy.sent()).toBeGreaterThan(file.length + PART_SIZE); // part 0 went twice
  });

  it("resumes an upload stopped at 60 % from the parts the server has", async () => {
    const record = await newClip();
    const file = bigClip(clip, 10 * PART_SIZE);
    const target = { collection: "images", record, field: "webVideo", name: "film-web.mp4" } as const;
    const stop = new AbortController();
    proxy.resetCount();
    const first = sendInParts(ownerClient(), new Blob([file], { type: "video/mp4" }), target, (p) => {
      if (p.loaded >= 0.6 * file.length) stop.abort();
    }, stop.signal);
    await expect(first).rejects.toMatchObject({ name: "AbortError" });
    const firstSent = proxy.sent();
    expect(firstSent).toBeGreaterThanOrEqual(0.6 * file.length);

    proxy.resetCount();
    const progress: UploadProgress[] = [];
    const saved = await sendInParts(ownerClient(), new Blob([file], { type: "video/mp4" }), target, (p) => progress.push(p));
    expect(sha(await storedBytes(server, record, saved.webVideo as string))).toBe(sha(file));
    const resumed = proxy.sent();
    // Only the parts the server did not have: what the first call had not sent, and at most the part in flight.
    expect(resumed).toBeLessThan(file.length - firstSent + 2 * PART_SIZE + 12 * OVERHEAD);
    expect(firstSent + resumed).toBeLessThan(1.2 * file.length);
    // Progress counts the parts already there first, then goes up to the whole file.
    expect(progress[1]!.loaded).toBe(PART_SIZE);
    expect(progress.at(-1)).toEqual({ loaded: file.length, total: file.length });
  });

  const COMPLETE = /^POST \/api\/owner\/uploads\/[0-9a-f]+\/complete /;

  it("answers a complete sent again after its answer was lost, sending no part again", async () => {
    const record = await newClip();
    const file = bigClip(clip, 3 * PART_SIZE + 999);
    proxy.resetCount();
    let sentAtDrop = -1;
    proxy.dropAnswerOf(COMPLETE, () => (sentAtDrop = proxy.sent()));
    const saved = await sendInParts(ownerClient(), new Blob([file], { type: "video/mp4" }), { collection: "images", record, field: "original", name: "film.mp4" });
    expect(sentAtDrop).toBeGreaterThan(file.length);
    expect(saved.id).toBe(record);
    expect(sha(await storedBytes(server, record, saved.original as string))).toBe(sha(file));
    // After the lost answer only the complete went again.
    expect(proxy.sent() - sentAtDrop).toBeLessThan(OVERHEAD);
  });

  it("ends with the record when the laptop closed right after the server saved, sending no part again", async () => {
    const record = await newClip();
    const file = bigClip(clip, 3 * PART_SIZE + 999);
    const target = { collection: "images", record, field: "webVideo", name: "film-web.mp4" } as const;
    const closed = new AbortController();
    proxy.dropAnswerOf(COMPLETE, () => closed.abort());
    const first = sendInParts(ownerClient(), new Blob([file], { type: "video/mp4" }), target, undefined, closed.signal);
    await expect(first).rejects.toMatchObject({ name: "AbortError" });

    // The next sync sends the same file to the same record again.
    proxy.resetCount();
    const progress: UploadProgress[] = [];
    const saved = await sendInParts(ownerClient(), new Blob([file], { type: "video/mp4" }), target, (p) => progress.push(p));
    expect(saved.id).toBe(record);
    expect(sha(await storedBytes(server, record, saved.webVideo as string))).toBe(sha(file));
    expect(proxy.sent()).toBeLessThan(OVERHEAD);
    expect(progress.at(-1)).toEqual({ loaded: file.length, total: file.length });
  });
});
