/**
 * Sets (issue 26) against the real PocketBase: a set stays in its gallery, a photo moves only into a set of
 * its own gallery, and deleting a set moves its photos to no set in the same transaction, leaving a tombstone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/store/repositories/clients";
import { addImages } from "../../src/store/repositories/images";
import { createSet, createSets, deleteSet, moveToSet, renameSet, reorderSets, setsOf } from "../../src/store/repositories/sets";
import { makeDevice } from "./devices";
import { galleryHelpers, type Client } from "./gallery-fixture";
import { imageInput } from "./test-images";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

const { makeClient, addImage } = galleryHelpers(() => server, "Sets Sasha");
type SetRecord = { id: string; client: string; name: string; position: number; fieldTimes: Record<string, number> };
type ImageRecord = { id: string; set: string; fieldTimes: Record<string, number> };

async function makeSet(client: Client, name: string, position = 0) {
  const r = await server.api<SetRecord>("POST", "/api/collections/sets/records", { token: server.ownerToken, json: { client: client.id, name, position } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
const patchImage = (id: string, json: Record<string, unknown>) => server.api<ImageRecord>("PATCH", `/api/collections/images/records/${id}`, { token: server.ownerToken, json });
const getImage = async (id: string) => (await server.api<ImageRecord>("GET", `/api/collections/images/records/${id}`, { token: server.ownerToken })).body;

describe("a set belongs to its gallery", () => {
  it("keeps the times of its name and position, and is refused a move to another gallery", async () => {
    const a = await makeClient();
    const b = await makeClient();
    const set = await makeSet(a, "Ceremony", 1);
    expect(Object.keys(set.fieldTimes).sort()).toEqual(["name", "position", "trashedAt"]);
    const moved = await server.api("PATCH", `/api/collections/sets/records/${set.id}`, { token: server.ownerToken, json: { client: b.id } });
    expect(moved.status).toBe(404);
    const renamed = await server.api<SetRecord>("PATCH", `/api/collections/sets/records/${set.id}`, { token: server.ownerToken, json: { name: "Vows", position: 2 } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ client: a.id, name: "Vows", position: 2 });
  });

  it("refuses a visitor's session and anyone not the owner", async () => {
    const a = await makeClient();
    const r = await server.api("POST", "/api/collections/sets/records", { json: { client: a.id, name: "Party" } });
    expect(r.status).toBe(400);
    const list = await server.api<{ items: unknown[] }>("GET", "/api/collections/sets/records");
    expect(list.body.items).toEqual([]);
  });
});

describe("a photo's set is one of its gallery's", () => {
  it("refuses a photo created into another gallery's set", async () => {
    const a = await makeClient();
    const b = await makeClient();
    const other = await makeSet(b, "Their set");
    const form = new FormData();
    form.set("client", a.id);
    form.set("filename", "x.png");
    form.set("set", other.id);
    const r = await server.api<{ data: Record<string, { code: string }> }>("POST", "/api/collections/images/records", { token: server.ownerToken, form });
    expect(r.status).toBe(400);
    expect(r.body.data.set?.code).toBe("set_of_other_gallery");
    expect((await server.api<{ totalItems: number }>("GET", `/api/collections/images/records?filter=${encodeURIComponent(`client='${a.id}'`)}`, { token: server.ownerToken })).body.totalItems).toBe(0);
  });

  it("refuses moving a photo into another gallery's set, and keeps its own set", async () => {
    const a = await makeClient();
    const b = await makeClient();
    const mine = await makeSet(a, "Getting ready");
    const theirs = await makeSet(b, "Reception");
    const image = await addImage(a.id, "a.png", 3);
    expect((await patchImage(image, { set: mine.id })).status).toBe(200);
    const refused = await patchImage(image, { set: theirs.id, fieldTimes: { set: Date.now() } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("set_of_other_gallery");
    expect((await getImage(image)).set).toBe(mine.id);
  });

  it("a move into a set deleted since lands the photo in no set", async () => {
    const a = await makeClient();
    const gone = await makeSet(a, "Gone");
    expect((await server.api("DELETE", `/api/collections/sets/records/${gone.id}`, { token: server.ownerToken })).status).toBe(204);
    const image = await addImage(a.id, "b.png", 5);
    const r = await patchImage(image, { set: gone.id });
    expect(r.status).toBe(200);
    expect(r.body.set).toBe("");
  });
});

describe("deleting a set", () => {
  it("moves its photos to no set with a fresh time in the same transaction, and leaves a tombstone", async () => {
    const a = await makeClient();
    const set = await makeSet(a, "Reception");
    const keep = await makeSet(a, "Ceremony");
    const [x, y, z] = [await addImage(a.id, "x.png", 7), await addImage(a.id, "y.png", 8), await addImage(a.id, "z.png", 9)];
    for (const id of [x, y]) expect((await patchImage(id, { set: set.id })).body.set).toBe(set.id);
    await patchImage(z, { set: keep.id });
    const before = await getImage(x);
    await new Promise((r) => setTimeout(r, 15));

    expect((await server.api("DELETE", `/api/collections/sets/records/${set.id}`, { token: server.ownerToken })).status).toBe(204);
    const [afterX, afterY, afterZ] = [await getImage(x), await getImage(y), await getImage(z)];
    expect([afterX.set, afterY.set, afterZ.set]).toEqual(["", "", keep.id]);
    // A newest edit, so it wins over an older offline move into the set that a device may still push.
    expect(afterX.fieldTimes.set).toBeGreaterThan(before.fieldTimes.set!);
    const tombstones = await server.api<{ items: Array<{ recordCollection: string; client: string }> }>(
      "GET",
      `/api/collections/tombstones/records?filter=${encodeURIComponent(`recordId='${set.id}'`)}`,
      { token: server.ownerToken },
    );
    expect(tombstones.body.items).toMatchObject([{ recordCollection: "sets", client: a.id }]);
    const older = await patchImage(x, { set: keep.id, fieldTimes: { set: before.fieldTimes.set! + 1 } });
    expect(older.body.set).toBe("");
  });

  it("deleting the gallery deletes its sets with tombstones", async () => {
    const a = await makeClient();
    const set = await makeSet(a, "Portraits");
    await addImage(a.id, "p.png", 11);
    expect((await server.api("DELETE", `/api/collections/clients/records/${a.id}`, { token: server.ownerToken })).status).toBe(204);
    const tombstones = await server.api<{ totalItems: number }>("GET", `/api/collections/tombstones/records?filter=${encodeURIComponent(`recordId='${set.id}'`)}`, { token: server.ownerToken });
    expect(tombstones.body.totalItems).toBe(1);
  });
});

describe("sets on the owner's devices", () => {
  it("sets made offline with photos in them reach another device; a delete there moves the photos to no set on both", async () => {
    const a = await makeDevice(server);
    const b = await makeDevice(server);
    const client = await createClient(a.db, { name: "Offline Olga" });
    const [ready, ceremony, party] = await createSets(a.db, client.id, ["Getting ready", "Ceremony", "Party"]);
    const photos = await addImages(a.db, [{ ...imageInput(client.id, "a.png", 1), fields: { ...imageInput(client.id, "a.png", 1).fields, set: ceremony! } }, imageInput(client.id, "b.png", 5)]);
    await moveToSet(a.db, [photos[1]!.id], party!);
    await renameSet(a.db, ready!, "Prep");
    await reorderSets(a.db, client.id, [party!, ready!, ceremony!]);
    await a.sync.syncOnce();
    await a.sync.syncOnce(); // the move of a photo waits for its upload, which ends the first sync

    await b.sync.syncOnce();

    expect((await setsOf(b.db, client.id)).map((s) => s.name)).toEqual(["Party", "Prep", "Ceremony"]);
    expect((await b.db.images.get(photos[0]!.id))!.set).toBe(ceremony);
    expect((await b.db.images.get(photos[1]!.id))!.set).toBe(party);

    await deleteSet(b.db, party!);
    expect((await b.db.images.get(photos[1]!.id))!.set).toBe("");
    await b.sync.syncOnce();
    await a.sync.syncOnce();
    expect((await setsOf(a.db, client.id)).map((s) => s.name)).toEqual(["Prep", "Ceremony"]);
    expect((await a.db.images.get(photos[1]!.id))!.set).toBe("");
    expect((await getImage(photos[1]!.id)).set).toBe("");
    expect(await a.db.conflicts.count()).toBe(0);
  });

  it("a photo imported offline into a set deleted before the push reaches the server in no set", async () => {
    const a = await makeDevice(server);
    const client = await createClient(a.db, { name: "Gone Gwen" });
    const set = await createSet(a.db, client.id, "Short-lived");
    const [photo] = await addImages(a.db, [{ ...imageInput(client.id, "c.png", 9), fields: { ...imageInput(client.id, "c.png", 9).fields, set } }]);
    await deleteSet(a.db, set);
    await a.sync.syncOnce();
    expect((await getImage(photo!.id)).set).toBe("");
    expect(await a.db.outbox.count()).toBe(0);
  });
});

describe("the visitor's sets", () => {
  it("info names the gallery's sets in the owner's order with their counts, and each photo its set", async () => {
    const { unlock } = galleryHelpers(() => server, "Visitor Vera");
    const a = await makeClient();
    const second = await makeSet(a, "Reception", 2);
    const first = await makeSet(a, "Ceremony", 1);
    const empty = await makeSet(a, "Portraits", 3);
    const [x, y, z] = [await addImage(a.id, "x.png", 21), await addImage(a.id, "y.png", 22), await addImage(a.id, "z.png", 23)];
    await patchImage(x, { set: first.id });
    await patchImage(y, { set: second.id });
    await patchImage(z, { set: second.id });

    const locked = await server.api<{ sets: unknown[] }>("GET", `/api/gallery/${a.accessUrl}?first=100`);
    expect(locked.body.sets).toEqual([]);
    const cookie = await unlock(a);
    const info = await server.api<{ sets: unknown[]; images: Array<{ id: string; set: string }> }>("GET", `/api/gallery/${a.accessUrl}?first=100`, { cookie });
    expect(info.body.sets).toEqual([
      { id: first.id, name: "Ceremony", count: 1 },
      { id: second.id, name: "Reception", count: 2 },
      { id: empty.id, name: "Portraits", count: 0 },
    ]);
    expect(Object.fromEntries(info.body.images.map((i) => [i.id, i.set]))).toEqual({ [x]: first.id, [y]: second.id, [z]: second.id });
    const all = await server.api<{ images: Array<{ id: string; set: string }> }>("GET", `/api/gallery/${a.accessUrl}/all-images`, { cookie });
    expect(all.body.images.find((i) => i.id === x)?.set).toBe(first.id);
  });
});
