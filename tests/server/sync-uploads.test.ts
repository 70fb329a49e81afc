/**
 * The sync engine against the real PocketBase, for image files: an upload interrupted at half resumes and
 * the server never keeps a half file; two uploads in flight, in order, and one failing without losing the other.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/store/repositories/clients";
import { addImages } from "../../src/store/repositories/images";
import { uploadProgress, type UploadProgressState } from "../../src/sync/uploadProgress";
import { makeDevice, serverRecords } from "./devices";
import { imageInput, png } from "./sync-images";
import { storedNames } from "./storage-switch";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

describe("image uploads", () => {
  it("resumes an upload interrupted at half, and the server never keeps a half file", async () => {
    const device = await makeDevice(server, { link: "slow" }); // thumbnails and previews first (a fast link sends images whole: sync-whole.test.ts)
    const client = await createClient(device.db, { name: "Upload Uma" });
    const original = png(1400, 1000, 7); // random pixels: ~5.6 MB that do not compress
    const [image] = await addImages(device.db, [imageInput(client.id, "big.png", original)]);

    const abort = new AbortController();
    const unsubscribe = device.sync.status.subscribe(() => {
      const upload = device.sync.status.get().uploads.find((u) => u.imageId === image!.id);
      if (upload && upload.total > 1_000_000 && upload.loaded >= upload.total / 2) abort.abort();
    });
    await expect(device.sync.syncOnce(abort.signal)).rejects.toThrow();
    unsubscribe();

    const [record] = await serverRecords<{ original: string; thumbnail: string; medium: string; large: string; preview: string; collectionId: string }>(server, "images", `id='${image!.id}'`);
    expect(record!.thumbnail).not.toBe("");
    expect(record!.original).toBe("");
    // The sizes went before the original, in their own batch, and left the device once confirmed.
    expect([record!.preview, record!.medium, record!.large].every(Boolean)).toBe(true);
    expect((await device.db.imageBlobs.get(image!.id))?.medium).toBeUndefined();
    const stored = (await storedNames(server, record!.collectionId, image!.id)).filter((f) => !f.startsWith("thumbs_"));
    expect(stored.some((f) => f.startsWith("big"))).toBe(false);
    expect((await device.db.imageBlobs.get(image!.id))?.original?.size).toBe(original.size);

    await device.sync.syncOnce();
    const res = await fetch(`${server.url}/api/gallery/image/${image!.id}`, { headers: { Authorization: server.ownerToken } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(await original.arrayBuffer()))).toBe(true);
    expect((await device.db.imageBlobs.get(image!.id))?.original).toBeUndefined();
    expect((await device.db.imageBlobs.get(image!.id))?.thumbnail).toBeDefined();
    expect(await device.db.outbox.count()).toBe(0);
  });
});

interface LoggedRequest {
  kind: "batch" | "patch";
  /** For a batch: the images in its answer, and whether it carried their records or their medium and large. */
  ids: string[];
  phase: "record" | "sizes" | "original";
  start: number;
  /** When the request's body had gone to the network (its last byte read by fetch). */
  bodySent: number;
  end: number;
}

/** Logs the engine's upload requests (batches and PATCHes) in order, with the images each carried; `fail` may answer one itself. */
function logUploads(fail?: (method: string, url: string) => Response | null) {
  const real = globalThis.fetch;
  const log: LoggedRequest[] = [];
  let clock = 0;
  let inFlight = 0;
  let most = 0;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = init?.method ?? "GET";
    const kind = url.endsWith("/api/batch") ? "batch" : method === "PATCH" ? "patch" : null;
    if (!kind) return real(input, init);
    const start = ++clock;
    most = Math.max(most, ++inFlight);
    try {
      const refused = fail?.(method, url);
      if (refused) {
        await new Promise((r) => setTimeout(r, 100)); // the other lane's request is on its way meanwhile
        return refused;
      }
      let bodySent = 0;
      const sentBody = init?.body instanceof ReadableStream ? init.body.pipeThrough(new TransformStream({ flush: () => void (bodySent = ++clock) })) : init?.body;
      const res = await real(input, { ...init, body: sentBody } as RequestInit);
      bodySent ||= start;
      const body = (await res.clone().json()) as unknown;
      const records = kind === "batch" ? (body as Array<{ body: { id: string; medium: string } }>).map((r) => r.body) : [body as { id: string }];
      const phase = kind === "patch" ? "original" : (records as Array<{ medium?: string }>).every((r) => r.medium) ? "sizes" : "record";
      log.push({ kind, ids: records.map((r) => r.id), phase, start, bodySent, end: ++clock });
      return res;
    } finally {
      inFlight--;
    }
  };
  return { log, most: () => most, inFlight: () => inFlight, restore: () => (globalThis.fetch = real) };
}

describe("two uploads in flight", () => {
  it("keeps two requests going, and sends each image's record, then its medium and large, then its original", async () => {
    const device = await makeDevice(server, { link: "slow" }); // thumbnails and previews first (a fast link sends images whole: sync-whole.test.ts)
    const client = await createClient(device.db, { name: "Lanes Lena" });
    const images = await addImages(device.db, Array.from({ length: 12 }, (_, i) => imageInput(client.id, `p${i}.png`, png(60, 40, i))));
    const uploads = logUploads();
    const bar: UploadProgressState[] = [];
    const stop = uploadProgress.subscribe(() => bar.push(uploadProgress.get()));
    try {
      await device.sync.syncOnce();
    } finally {
      uploads.restore();
      stop();
    }
    expect(uploads.most()).toBe(2);
    // The upload bar (issue 43): bytes only forward, every image's to the end, then idle once the sync ends.
    const active = bar.filter((s) => s.isActive);
    expect(active.length).toBeGreaterThan(2);
    expect(active.every((s, i) => i === 0 || s.sent >= active[i - 1]!.sent)).toBe(true);
    expect(active.at(-1)).toMatchObject({ images: 12, imagesDone: 12, secondsLeft: 0 });
    expect(active.at(-1)!.sent).toBe(active.at(-1)!.total);
    expect(active.at(-1)!.galleries).toEqual([expect.objectContaining({ clientId: client.id, images: 12, imagesDone: 12 })]);
    expect(bar.at(-1)!.isActive).toBe(false);
    for (const image of images) {
      const of = (phase: LoggedRequest["phase"]) => uploads.log.filter((r) => r.phase === phase && r.ids.includes(image.id));
      expect(of("record")).toHaveLength(1);
      expect(of("sizes")).toHaveLength(1);
      expect(of("original")).toHaveLength(1);
      expect(of("sizes")[0]!.start).toBeGreaterThan(of("record")[0]!.end);
      expect(of("original")[0]!.start).toBeGreaterThan(of("sizes")[0]!.end);
    }
    // The first batch of images is a screenful (8), so the first thumbnails show soonest; the rest go beside it.
    const imageBatches = uploads.log.filter((r) => r.phase === "record" && r.ids.every((id) => images.some((i) => i.id === id)));
    expect(imageBatches.map((r) => r.ids.length).sort((a, b) => b - a)).toEqual([8, 4]);
    // Nothing shares the link with a batch of records sending its body: sizes and originals start once every
    // record's bytes are sent (the server may still be saving the last batch).
    const recordsSent = Math.max(...imageBatches.map((r) => r.bodySent));
    expect(uploads.log.filter((r) => r.phase !== "record").every((r) => r.start > recordsSent)).toBe(true);
    const stored = await serverRecords<{ original: string; thumbnail: string; medium: string; large: string; preview: string }>(server, "images", `client='${client.id}'`);
    expect(stored).toHaveLength(12);
    expect(stored.every((r) => r.original && r.thumbnail && r.medium && r.large && r.preview)).toBe(true);
    expect(await device.db.outbox.count()).toBe(0);
  });

  it("keeps the answer of the other request in flight when one fails, and sends only what is missing next time", async () => {
    const device = await makeDevice(server, { link: "slow" }); // thumbnails and previews first (a fast link sends images whole: sync-whole.test.ts)
    const client = await createClient(device.db, { name: "Lanes Lars" });
    const images = await addImages(device.db, Array.from({ length: 4 }, (_, i) => imageInput(client.id, `q${i}.png`, png(300, 200, i))));
    let failedId = "";
    const uploads = logUploads((method, url) => {
      if (method !== "PATCH" || failedId) return null;
      failedId = url.split("/").pop()!;
      return new Response(JSON.stringify({ message: "busy" }), { status: 503, headers: { "Content-Type": "application/json" } });
    });
    try {
      await expect(device.sync.syncOnce()).rejects.toThrow(/try again later/);
      expect(uploads.inFlight()).toBe(0); // the failure was thrown only once the other lane's answer was in
    } finally {
      uploads.restore();
    }
    const afterFailure = await serverRecords<{ id: string; original: string }>(server, "images", `client='${client.id}'`);
    const sent = afterFailure.filter((r) => r.original).map((r) => r.id);
    expect(sent.length).toBeGreaterThanOrEqual(1); // the request in flight beside the failed one
    expect(sent).not.toContain(failedId);
    const pending = (await device.db.outbox.toArray()).map((e) => e.recordId).sort();
    expect(pending).toEqual(afterFailure.filter((r) => !r.original).map((r) => r.id).sort());

    const retry = logUploads();
    try {
      await device.sync.syncOnce();
    } finally {
      retry.restore();
    }
    expect(retry.log.map((r) => `${r.kind} ${r.ids.join()}`).sort()).toEqual(pending.map((id) => `patch ${id}`).sort());
    const stored = await serverRecords<{ id: string; original: string; thumbnail: string; medium: string; large: string; preview: string }>(server, "images", `client='${client.id}'`);
    expect(stored.map((r) => r.id).sort()).toEqual(images.map((i) => i.id).sort());
    expect(stored.every((r) => r.original && r.thumbnail && r.medium && r.large && r.preview)).toBe(true);
    expect(await device.db.outbox.count()).toBe(0);
  });
});
