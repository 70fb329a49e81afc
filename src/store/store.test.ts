/**
 * The device store with fake-indexeddb: the one write path, outbox order, schema upgrade, quota errors.
 */
// First: it installs fake-indexeddb, which Dexie must find when it loads.
import { testDb, tracked } from "./test-db";
import Dexie from "dexie";
import { describe, expect, it } from "vitest";
import { SCHEMA_V1, StudioDb } from "./db";
import { QUOTA_MESSAGE, StoreError } from "./errors";
import { createClient, deleteClient, updateClient } from "./repositories/clients";
import { addImages, deleteImages } from "./repositories/images";
import { recordConflict } from "./conflicts";
import { enqueue } from "./outbox";

const freshDb = () => testDb("store-test");

describe("the write path", () => {
  it("writes the row and its outbox entry together, with generated url and code", async () => {
    const db = freshDb();
    const client = await createClient(db, { name: "  Ada  ", eventDate: "2026-06-01" });
    expect(client).toMatchObject({ name: "Ada", eventType: "Wedding", enabled: true, eventDate: "2026-06-01 00:00:00.000Z", server: null });
    expect(client.accessUrl).toMatch(/^[a-z0-9]{10}$/);
    expect(client.accessCode).toMatch(/^[A-Z0-9]{6}$/);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ collection: "clients", recordId: client.id, op: "create", attempts: 0 });
    expect(Object.keys(entry!.fieldTimes).sort()).toEqual(Object.keys(entry!.fields).sort());
  });

  it("records only the fields an update changes, with their edit times on the server's clock", async () => {
    const db = freshDb();
    db.clock = () => 1_000_000;
    db.clockOffsetMs = 5_000;
    const client = await createClient(db, { name: "Ada" });
    db.clock = () => 2_000_000;
    await updateClient(db, client.id, { name: "Ada", notes: "second shoot" });
    const entries = await db.outbox.orderBy("seq").toArray();
    expect(entries[1]).toMatchObject({ op: "update", fields: { notes: "second shoot" }, fieldTimes: { notes: 2_005_000 } });
    await updateClient(db, client.id, { notes: "second shoot" }); // no change, no entry
    expect(await db.outbox.count()).toBe(2);
  });

  it("enqueue returns the entry it wrote, seq included", async () => {
    const db = freshDb();
    db.clock = () => 42;
    const entry = await enqueue(db, "clients", "client000000001", "update", { name: "A" });
    expect(entry).toEqual(await db.outbox.get(entry.seq!));
    expect(entry).toMatchObject({ op: "update", fields: { name: "A" }, fieldTimes: { name: 42 }, attempts: 0 });
  });

  it("records a conflict on the server's clock", async () => {
    const db = freshDb();
    db.clock = () => 10;
    db.clockOffsetMs = 5;
    await recordConflict(db, "clients", "client000000001", "name", "lost", "kept", "device");
    expect(await db.conflicts.toArray()).toEqual([expect.objectContaining({ field: "name", lostValue: "lost", keptValue: "kept", lostSide: "device", createdAt: 15, resolved: 0 })]);
  });

  it("keeps outbox entries in the order the changes were made", async () => {
    const db = freshDb();
    const a = await createClient(db, { name: "A" });
    const b = await createClient(db, { name: "B" });
    await updateClient(db, a.id, { notes: "x" });
    await deleteClient(db, b.id);
    const ops = (await db.outbox.orderBy("seq").toArray()).map((e) => `${e.op}:${e.recordId === a.id ? "A" : "B"}`);
    // B's waiting create goes with it (issue 23: a refused create must not wait for ever behind the delete).
    expect(ops).toEqual(["create:A", "update:A", "delete:B"]);
  });

  it("deletes a client's images and their bytes on the device with the client", async () => {
    const db = freshDb();
    const client = await createClient(db, { name: "A" });
    const blob = new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" });
    const fields = { client: client.id, filename: "a.png", originalName: "a.png", fileSize: 3, mimeType: "image/png", width: 1, height: 1, checksum: "", placeholder: "", metadata: null };
    const [image] = await addImages(db, [{ fields, original: blob, thumbnail: blob, medium: blob, large: blob, preview: blob }]);
    await deleteClient(db, client.id);
    expect(await db.images.get(image!.id)).toBeUndefined();
    expect(await db.imageBlobs.get(image!.id)).toBeUndefined();
    // Every waiting change of the client and its photos goes; the delete alone is sent.
    expect((await db.outbox.toArray()).map((e) => `${e.collection}:${e.op}`)).toEqual(["clients:delete"]);
  });

  it("replaces a waiting image upload with a delete when the image is deleted before it reached the server", async () => {
    const db = freshDb();
    const client = await createClient(db, { name: "A" });
    const blob = new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" });
    const fields = { client: client.id, filename: "a.png", originalName: "a.png", fileSize: 3, mimeType: "image/png", width: 1, height: 1, checksum: "", placeholder: "", metadata: null };
    const [image] = await addImages(db, [{ fields, original: blob, thumbnail: blob, medium: blob, large: blob, preview: blob }]);
    await deleteImages(db, [image!.id]);
    const entries = (await db.outbox.where("[collection+recordId]").equals(["images", image!.id]).toArray()).map((e) => e.op);
    expect(entries).toEqual(["delete"]);
  });

  it("rolls the whole write back when the disk is full, and says so", async () => {
    const db = freshDb();
    const client = await createClient(db, { name: "A" });
    // The outbox write fails as a full disk would make it fail.
    db.outbox.hook("creating", () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
    const write = updateClient(db, client.id, { notes: "never saved" });
    await expect(write).rejects.toThrow(StoreError);
    await expect(write).rejects.toThrow(QUOTA_MESSAGE);
    expect((await db.clients.get(client.id))!.notes).toBe("");
    expect(await db.outbox.count()).toBe(1);
  });
});

describe("schema upgrade", () => {
  it("keeps the data of a device on the first version", async () => {
    const name = `store-upgrade-${Date.now()}`;
    const v1 = tracked(new Dexie(name));
    v1.version(1).stores(SCHEMA_V1);
    await v1.table("clients").add({ id: "client000000001", name: "Kept", createdAt: "2026-01-01T00:00:00Z" });
    await v1.table("outbox").add({ collection: "clients", recordId: "client000000001", op: "create", fields: { name: "Kept" }, fieldTimes: { name: 1 }, createdAt: 1 });
    await v1.table("images").add({ id: "image0000000001", client: "client000000001", files: { original: "a.jpg", thumbnail: "t.webp", preview: "p.webp" } });
    await v1.table("syncState").put({ key: "cursor:clients", value: { updated: "2026-01-01 00:00:00.000Z", id: "x" } });
    v1.close();

    const db = tracked(new StudioDb(name));
    await db.open();
    expect(db.verno).toBe(9);
    // v9 (issue 39): the image lacking its added sizes is found by index.
    expect(await db.images.where("files.medium").equals("").primaryKeys()).toEqual(["image0000000001"]);
    // v8 (issue 43): every row is live, found by its empty trashedAt.
    expect(await db.clients.where("trashedAt").equals("").primaryKeys()).toEqual(["client000000001"]);
    expect(await db.images.where("trashedAt").equals("").primaryKeys()).toEqual(["image0000000001"]);
    // v7: the gallery's people, none until the next pull.
    expect(await db.proofPeople.where("client").equals("client000000001").count()).toBe(0);
    // v5: import journals, none until an import starts.
    expect(await db.imports.count()).toBe(0);
    // v4: the proofing tables exist, empty until the next pull (which has no cursor for them yet).
    expect(await db.proofFavourites.count()).toBe(0);
    expect(await db.proofPicks.where("list").equals("x").count()).toBe(0);
    // v3: an image from before the responsive sizes has empty ones (sync makes them) and no placeholder.
    expect(await db.images.get("image0000000001")).toMatchObject({ placeholder: "", files: { original: "a.jpg", thumbnail: "t.webp", medium: "", large: "", preview: "p.webp" } });
    expect(await db.clients.get("client000000001")).toMatchObject({ name: "Kept" });
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ recordId: "client000000001", attempts: 0 })]);
    expect((await db.syncState.get("cursor:clients"))?.value).toEqual({ updated: "2026-01-01 00:00:00.000Z", id: "x" });
    expect(await db.conflicts.count()).toBe(0);
    // v5: images are found by their confirmed original; the old row's original counts as confirmed.
    expect(await db.images.where("files.original").equals("").count()).toBe(0);
    expect(await db.images.where("files.original").equals("a.jpg").count()).toBe(1);
  });
});
