/**
 * The owner's edits of a gallery's people on fake-indexeddb (issue 26): a rename is the row and its outbox
 * entry, cleaned and checked like a visitor's name; a removal drops the person's rows here at once and
 * leaves one delete to push.
 */
// First: it installs fake-indexeddb, which Dexie must find when it loads.
import { testDb } from "../test-db";
import { describe, expect, it } from "vitest";
import type { StudioDb } from "../db";
import { StoreError } from "../errors";
import { deleteProofPeople, deleteProofPerson, updateProofPerson } from "./proofPeople";
import { unlockSelection } from "./proofing";

/** A gallery with two people as a pull leaves them (the visitor wrote them; nothing is waiting). */
async function gallery(db: StudioDb) {
  const row = (id: string, fields: Record<string, unknown>) => ({ id, client: "c1", updated: "2026-01-01 00:00:00.000Z", ...fields });
  await db.proofPeople.bulkPut([row("jhon", { name: "Jhon", email: "", shared: false }), row("ben", { name: "Ben", email: "ben@example.com", shared: false })]);
  await db.proofFavourites.bulkPut([row("f1", { person: "jhon", image: "i1" }), row("f2", { person: "jhon", image: "i2" }), row("f3", { person: "ben", image: "i1" })]);
  await db.proofPicks.bulkPut([row("p1", { person: "jhon", list: "l1", image: "i1" }), row("p2", { person: "ben", list: "l1", image: "i2" })]);
  await db.proofComments.bulkPut([row("k1", { person: "jhon", image: "i1", text: "Warmer" })]);
  await db.proofStates.bulkPut([row("s1", { person: "jhon", submittedAt: "2026-01-02 00:00:00.000Z" }), row("s2", { person: "ben", submittedAt: "" })]);
}

describe("renaming a person", () => {
  it("writes the cleaned name and email with one outbox entry of the changed fields", async () => {
    const db = testDb("people-rename");
    await gallery(db);
    await updateProofPerson(db, "jhon", { name: "  John\u202E \n Smith ", email: " john@example.com " });
    expect(await db.proofPeople.get("jhon")).toMatchObject({ name: "John Smith", email: "john@example.com" });
    const [entry] = await db.outbox.toArray();
    expect([entry?.collection, entry?.recordId, entry?.op, entry?.fields]).toEqual(["proof_people", "jhon", "update", { name: "John Smith", email: "john@example.com" }]);
    expect(Object.keys(entry!.fieldTimes).sort()).toEqual(["email", "name"]);
    expect(Object.keys((await db.proofPeople.get("jhon"))!.fieldTimes as object).sort()).toEqual(["email", "name"]);

    await updateProofPerson(db, "jhon", { name: "John Smith", email: "john@example.com" }); // no change, no entry
    expect(await db.outbox.count()).toBe(1);
  });

  it("refuses a blank or overlong name and a bad email, as the server does, and writes nothing", async () => {
    const db = testDb("people-refuse");
    await gallery(db);
    for (const patch of [{ name: " \u200B " }, { name: "x".repeat(61) }, { email: "ben@" }, { email: "a b@example.com" }]) {
      await expect(updateProofPerson(db, "ben", patch), JSON.stringify(patch)).rejects.toBeInstanceOf(StoreError);
    }
    await expect(updateProofPerson(db, "nobody", { name: "X" })).rejects.toThrow("Person not found");
    await updateProofPerson(db, "ben", { email: "" }); // an email may be cleared
    expect(await db.proofPeople.get("ben")).toMatchObject({ name: "Ben", email: "" });
    expect((await db.outbox.toArray()).map((e) => e.fields)).toEqual([{ email: "" }]);
  });
});

describe("removing a person", () => {
  it("drops their rows here at once, and queues one delete in place of their waiting edits", async () => {
    const db = testDb("people-remove");
    await gallery(db);
    await unlockSelection(db, "c1", "jhon"); // a waiting unlock has nothing left to change once they are gone
    await updateProofPerson(db, "jhon", { name: "John" });

    await deleteProofPerson(db, "jhon");
    expect(await db.proofPeople.get("jhon")).toBeUndefined();
    const left = async (table: StudioDb["proofFavourites"]) => (await table.toArray()).map((r) => r.id).sort();
    expect(await left(db.proofFavourites)).toEqual(["f3"]);
    expect(await left(db.proofPicks)).toEqual(["p2"]);
    expect(await left(db.proofComments)).toEqual([]);
    expect(await left(db.proofStates)).toEqual(["s2"]);
    expect((await db.outbox.toArray()).map((e) => [e.collection, e.recordId, e.op])).toEqual([["proof_people", "jhon", "delete"]]);
    expect(await db.proofPeople.get("ben")).toMatchObject({ name: "Ben" });
  });
});

describe("removing people in bulk (issue 37)", () => {
  it("drops everyone chosen and their rows in one transaction, one delete each to push, and keeps the rest", async () => {
    const db = testDb("people-remove-bulk");
    await gallery(db);
    const row = (id: string) => ({ id, client: "c1", updated: "2026-01-01 00:00:00.000Z", name: id, email: "", shared: false });
    await db.proofPeople.bulkPut(["g1", "g2", "g3"].map(row));
    await updateProofPerson(db, "g2", { name: "Ghost" }); // a waiting rename goes with them

    await deleteProofPeople(db, ["jhon", "g1", "g2", "nobody"]);
    expect((await db.proofPeople.toArray()).map((p) => p.id).sort()).toEqual(["ben", "g3"]);
    expect((await db.proofFavourites.toArray()).map((r) => r.id)).toEqual(["f3"]);
    expect((await db.proofPicks.toArray()).map((r) => r.id)).toEqual(["p2"]);
    expect(await db.proofComments.count()).toBe(0);
    expect((await db.outbox.toArray()).map((e) => [e.recordId, e.op]).sort()).toEqual([
      ["g1", "delete"],
      ["g2", "delete"],
      ["jhon", "delete"],
    ]);
  });
});
