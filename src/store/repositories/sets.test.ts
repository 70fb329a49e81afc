/** Sets on fake-indexeddb (issue 26): each change is a row and its outbox entry; a deleted set leaves no photo naming it. */
// First: it installs fake-indexeddb, which Dexie must find when it loads.
import { testDb, testImage as image } from "../test-db";
import { describe, expect, it } from "vitest";
import { StoreError } from "../errors";
import { createClient } from "./clients";
import { addImages } from "./images";
import { createSets, deleteSet, moveToSet, reorderSets, setsForFolders, setsOf } from "./sets";


describe("sets", () => {
  it("adds sets after the last one and reorders with an edit only for the sets that move", async () => {
    const db = testDb("sets-order");
    const client = await createClient(db, { name: "Ada" });
    const [a, b, c] = await createSets(db, client.id, ["Getting ready", "Ceremony", "Reception"]);
    expect((await setsOf(db, client.id)).map((s) => [s.name, s.position])).toEqual([["Getting ready", 0], ["Ceremony", 1], ["Reception", 2]]);
    const before = await db.outbox.count();
    await reorderSets(db, client.id, [a!, c!, b!]);
    expect((await setsOf(db, client.id)).map((s) => s.name)).toEqual(["Getting ready", "Reception", "Ceremony"]);
    const edits = (await db.outbox.toArray()).slice(before);
    expect(edits.map((e) => [e.recordId, e.op, e.fields])).toEqual([[c, "update", { position: 1 }], [b, "update", { position: 2 }]]);
    await expect(createSets(db, client.id, ["  "])).rejects.toBeInstanceOf(StoreError);
  });

  it("a zip's folders reuse a set of the same name and add the others", async () => {
    const db = testDb("sets-folders");
    const client = await createClient(db, { name: "Ada" });
    const [ceremony] = await createSets(db, client.id, ["Ceremony"]);
    const map = await setsForFolders(db, client.id, ["ceremony", "Party"]);
    expect(map.get("ceremony")).toBe(ceremony);
    expect((await setsOf(db, client.id)).map((s) => s.name)).toEqual(["Ceremony", "Party"]);
  });

  it("moves photos only into a set of their own gallery; deleting a set leaves its photos, and their waiting creates, in none", async () => {
    const db = testDb("sets-delete");
    const ada = await createClient(db, { name: "Ada" });
    const bob = await createClient(db, { name: "Bob" });
    const [mine] = await createSets(db, ada.id, ["Mine"]);
    const [theirs] = await createSets(db, bob.id, ["Theirs"]);
    const [x, y] = await addImages(db, [image(ada.id, "x.jpg", mine), image(ada.id, "y.jpg")]);
    expect(await moveToSet(db, [y!.id], theirs!)).toBe(0);
    expect(await moveToSet(db, [y!.id], mine!)).toBe(1);

    await deleteSet(db, mine!);
    expect((await db.images.bulkGet([x!.id, y!.id])).map((i) => i!.set)).toEqual(["", ""]);
    const waiting = (await db.outbox.toArray()).filter((e) => e.collection === "images");
    expect(waiting.every((e) => !e.fields.set)).toBe(true);
    expect((await db.outbox.toArray()).filter((e) => e.collection === "sets" && e.recordId === mine).map((e) => e.op)).toEqual(["delete"]);
  });
});
