/**
 * Clips in the upload (issue 38), against the real PocketBase: a clip's poster goes with the records, then
 * its web version, then its original; a file over PARTS_THRESHOLD goes through the parts' sender (injected
 * here: the resumable uploads are lane server's, and the server's video guard of originals with them), and
 * the device frees the web version and the original once the server has them.
 */
import { ClientResponseError } from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/store/repositories/clients";
import { addImages } from "../../src/store/repositories/images";
import type { ServerRecord } from "../../src/sync/records";
import { TransientError } from "../../src/sync/transient";
import { uploadImages } from "../../src/sync/uploadImages";
import { PARTS_THRESHOLD, type PartsTarget } from "../../src/sync/uploadParts";
import { makeDevice, serverRecords } from "./devices";
import { imageInput, png } from "./sync-images";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

/** An MP4's first box (what a sniffer reads), then `size` bytes in all. */
function mp4(size: number): Blob {
  const ftyp = new Uint8Array([0, 0, 0, 24, ...[..."ftypisom"].map((c) => c.charCodeAt(0)), 0, 0, 2, 0, ...[..."isommp41"].map((c) => c.charCodeAt(0))]);
  return new Blob([ftyp, new Uint8Array(size - ftyp.length)], { type: "video/mp4" });
}

interface StoredClip {
  id: string;
  kind: string;
  original: string;
  webVideo: string;
  thumbnail: string;
  preview: string;
  medium: string;
  large: string;
}

describe.each(["slow", "fast"] as const)("clips on a %s link", (link) => {
  it("sends the poster with the records, then the web version, then the original in parts, and frees them", async () => {
    const device = await makeDevice(server, { link });
    const client = await createClient(device.db, { name: `Clip Carla ${link}` });
    await device.sync.syncOnce(); // the client first
    const original = mp4(PARTS_THRESHOLD + 1024);
    const clipInput = imageInput(client.id, "film.mp4", original);
    const [clip, photo] = await addImages(device.db, [
      { ...clipInput, fields: { ...clipInput.fields, kind: "video", duration: 3.5, mimeType: "video/mp4", webStatus: "made" } },
      imageInput(client.id, "photo.png", png(60, 40, 1)),
    ]);
    const webVideo = mp4(4096);
    await device.db.imageBlobs.update(clip!.id, { webVideo });

    const sent: Array<{ target: PartsTarget; size: number; server: StoredClip }> = [];
    const sendParts = async (_pb: unknown, file: Blob, target: PartsTarget, onProgress?: (p: { loaded: number; total: number }) => void) => {
      const [now] = await serverRecords<StoredClip>(server, "images", `id='${target.record}'`);
      sent.push({ target, size: file.size, server: now! });
      onProgress?.({ loaded: file.size, total: file.size });
      // What the server would answer once every part is in: its record with the file set.
      return { ...now!, [target.field]: `${target.name}` } as unknown as ServerRecord;
    };
    const kinds = new Set<string>();
    await uploadImages(device.db, device.pb, (r) => kinds.add(`${r.imageId === clip!.id ? "clip" : "photo"}:${r.kind}`), undefined, { link, sendParts });

    // The original in parts, once the server had the poster's every size and the web version.
    expect(sent.map((s) => [s.target.field, s.target.record, s.target.name, s.size])).toEqual([["original", clip!.id, "film.mp4", original.size]]);
    const before = sent[0]!.server;
    expect([before.kind, before.thumbnail, before.preview, before.medium, before.large].every(Boolean)).toBe(true);
    expect(before.webVideo).not.toBe("");
    expect(before.original).toBe("");
    expect([...kinds].sort()).toEqual(["clip:clip", "photo:photo"]);

    // The device keeps the poster's thumbnail and preview, nothing else of the clip; the photo went whole or step by step as before.
    const blobs = await device.db.imageBlobs.get(clip!.id);
    expect([blobs?.original, blobs?.webVideo, blobs?.medium, blobs?.large]).toEqual([undefined, undefined, undefined, undefined]);
    expect(blobs?.thumbnail && blobs.preview).toBeTruthy();
    const [stored] = await serverRecords<StoredClip>(server, "images", `id='${photo!.id}'`);
    expect(stored!.original).not.toBe("");
    expect(await device.db.outbox.count()).toBe(0);
    expect((await device.db.images.get(clip!.id))?.files?.original).toBe("film.mp4");
  });
});

describe("a clip's original in parts that the server cannot take now", () => {
  it("keeps the original and its entry for the next sync, and what the server confirmed leaves the device", async () => {
    const device = await makeDevice(server, { link: "slow" });
    const client = await createClient(device.db, { name: "Clip Busy" });
    await device.sync.syncOnce();
    const clipInput = imageInput(client.id, "long.mov", mp4(PARTS_THRESHOLD + 1));
    const [clip] = await addImages(device.db, [{ ...clipInput, fields: { ...clipInput.fields, kind: "video", duration: 60, mimeType: "video/mp4", webStatus: "made" } }]);
    await device.db.imageBlobs.update(clip!.id, { webVideo: mp4(2048) });
    const busy = async (): Promise<ServerRecord> => {
      throw new ClientResponseError({ status: 503, response: { message: "busy" } });
    };

    await expect(uploadImages(device.db, device.pb, undefined, undefined, { link: "slow", sendParts: busy })).rejects.toBeInstanceOf(TransientError);

    const blobs = await device.db.imageBlobs.get(clip!.id);
    expect(blobs?.original?.size).toBe(PARTS_THRESHOLD + 1);
    expect(blobs?.webVideo).toBeUndefined(); // the server has it
    const [stored] = await serverRecords<StoredClip>(server, "images", `id='${clip!.id}'`);
    expect(stored!.webVideo).not.toBe("");
    expect((await device.db.outbox.toArray()).map((e) => [e.recordId, e.stage])).toEqual([[clip!.id, "original"]]);
  });
});
