/** The trash on fake-indexeddb (issue 43): a trash and a restore are synced edits of `trashedAt`; nothing else moves. */
// First: it installs fake-indexeddb, which Dexie must find when it loads.
import { testDb, testImage as image } from "../test-db";
import { describe, expect, it } from "vitest";
import { createClient } from "./clients";
import { addImages } from "./images";
import { createSets } from "./sets";
import { deleteForever, purgeAt, restoreRecords, trashDaysOf, trashedItems, trashRecords } from "./trash";


describe("the trash", () => {
  it("trashes and restores a photo as edits of trashedAt alone, keeping its set and bytes", async () => {
    const db = testDb("trash-photo");
    const client = await createClient(db, { name: "Ada" });
    const [set] = await createSets(db, client.id, ["Ceremony"]);
    const [photo] = await addImages(db, [image(client.id, "a.jpg", set)]);
    const before = await db.outbox.count();
    expect(await trashRecords(db, "images", [photo!.id, "unknown"])).toEqual([photo!.id]);
    const trashed = await db.images.get(photo!.id);
    expect(trashed?.trashedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(trashed?.set).toBe(set);
    expect(await db.imageBlobs.get(photo!.id)).toBeTruthy();
    expect((await trashedItems(db)).map((i) => [i.collection, i.id])).toEqual([["images", photo!.id]]);
    // Trashing again changes nothing; restoring is one more edit.
    expect(await trashRecords(db, "images", [photo!.id])).toEqual([]);
    expect(await restoreRecords(db, "images", [photo!.id])).toEqual([photo!.id]);
    const edits = (await db.outbox.toArray()).slice(before);
    expect(edits.map((e) => [e.op, Object.keys(e.fields)])).toEqual([["update", ["trashedAt"]], ["update", ["trashedAt"]]]);
    expect(edits[1]!.fields).toEqual({ trashedAt: "" });
    expect((await db.images.get(photo!.id))?.trashedAt).toBe("");
    expect(await trashedItems(db)).toEqual([]);
  });

  it("lists a trashed client alone, not what it holds, and deletes for good through the old deletes", async () => {
    const db = testDb("trash-client");
    const client = await createClient(db, { name: "Ada" });
    const [photo] = await addImages(db, [image(client.id, "a.jpg")]);
    await trashRecords(db, "images", [photo!.id]);
    await trashRecords(db, "clients", [client.id]);
    expect((await trashedItems(db)).map((i) => i.collection)).toEqual(["clients"]);
    await deleteForever(db, "clients", [client.id]);
    expect(await db.clients.get(client.id)).toBeUndefined();
    expect(await db.images.get(photo!.id)).toBeUndefined();
    expect((await db.outbox.toArray()).at(-1)).toMatchObject({ collection: "clients", op: "delete" });
  });

  it("keeps the studio's days, 30 when unset, and says when a record goes", () => {
    expect(trashDaysOf(undefined)).toBe(30);
    expect(trashDaysOf({ trashDays: 0 })).toBe(30);
    expect(trashDaysOf({ trashDays: 7 })).toBe(7);
    expect(purgeAt("2026-01-01 00:00:00.000Z", 30)).toBe(Date.parse("2026-01-31T00:00:00.000Z"));
  });
});
