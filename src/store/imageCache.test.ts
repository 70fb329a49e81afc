import { describe, expect, it } from "vitest";
import { enqueue } from "./outbox";
import { cacheInventory, evictImageFiles } from "./imageCache";
import { testDb } from "./test-db";
import type { ImageRow } from "./rows";

const image = (id: string, thumbnail = "t.webp"): ImageRow =>
  ({ id, client: "c1", files: { original: "o.jpg", thumbnail, medium: "", large: "", preview: "p.webp" }, server: {}, serverUpdated: "", fieldTimes: {} }) as unknown as ImageRow;

describe("the offline copy in the store", () => {
  it("never evicts the bytes of an image whose upload still waits, and drops a row that holds nothing", async () => {
    const db = testDb();
    await db.clients.put({ id: "c1", eventDate: "", serverUpdated: "", createdAt: "2026-01-01T00:00:00Z" } as never);
    await db.images.bulkPut([image("uploaded"), image("waiting")]);
    const blob = new Blob(["x".repeat(10)]);
    await db.imageBlobs.bulkPut([
      { id: "uploaded", thumbnail: blob, preview: blob },
      { id: "waiting", original: blob, thumbnail: blob, preview: blob },
    ]);
    await enqueue(db, "images", "waiting", "create", {}, { stage: "original" });

    const { galleries, cachedBytes } = await cacheInventory(db);
    expect(galleries[0]!.images.map((i) => i.id)).toEqual(["uploaded"]);
    expect(cachedBytes).toBe(20);

    const count = await evictImageFiles(db, [
      { id: "waiting", kinds: ["thumbnail", "preview"] },
      { id: "uploaded", kinds: ["thumbnail", "preview"] },
    ]);
    expect(count).toBe(2);
    expect(await db.imageBlobs.get("uploaded")).toBeUndefined();
    const kept = await db.imageBlobs.get("waiting");
    expect([kept?.original?.size, kept?.thumbnail?.size, kept?.preview?.size]).toEqual([10, 10, 10]);
  });
});
