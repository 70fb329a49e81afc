/**
 * The confirmation of an item the server has whole (confirmWhole, also the whole photos' batched
 * confirmations): the entry leaves the outbox, and so do the bytes the device no longer needs, a clip's web
 * version with them (issue 38); thumbnail and preview stay for offline viewing (fake-indexeddb).
 */
// First: it installs fake-indexeddb, which Dexie must find when it loads.
import { testDb } from "../store/test-db";
import { describe, expect, it } from "vitest";
import { createClient } from "../store/repositories/clients";
import { addImages } from "../store/repositories/images";
import type { ServerRecord } from "./records";
import { confirmWhole } from "./uploadOriginal";

const blob = (type: string) => new Blob([new Uint8Array([1, 2, 3])], { type });

describe("confirmWhole", () => {
  it("frees a clip's original, web version, medium and large, and keeps its poster's thumbnail and preview", async () => {
    const db = testDb("confirm-whole");
    const client = await createClient(db, { name: "Ada" });
    const fields = { client: client.id, filename: "f.mp4", originalName: "film.mp4", fileSize: 3, mimeType: "video/mp4", width: 1, height: 1, checksum: "", placeholder: "", metadata: null, kind: "video" as const, duration: 2 };
    const [clip] = await addImages(db, [{ fields, original: blob("video/mp4"), thumbnail: blob("image/jpeg"), medium: blob("image/jpeg"), large: blob("image/jpeg"), preview: blob("image/jpeg") }]);
    await db.imageBlobs.update(clip!.id, { webVideo: blob("video/mp4") });
    const entry = (await db.outbox.toArray()).find((e) => e.recordId === clip!.id)!;
    const record = { ...fields, id: clip!.id, collectionId: "images", collectionName: "images", created: "", updated: "2026-01-01 00:00:00.000Z", original: "film.mp4", webVideo: "web.mp4" } as unknown as ServerRecord;

    await confirmWhole(db, { isFull: false }, [{ entry, record, withJpeg: false }]);

    const left = await db.imageBlobs.get(clip!.id);
    expect([left?.original, left?.webVideo, left?.medium, left?.large]).toEqual([undefined, undefined, undefined, undefined]);
    expect(left?.thumbnail && left.preview).toBeTruthy();
    expect((await db.outbox.toArray()).filter((e) => e.recordId === clip!.id)).toEqual([]);
  });
});
