/**
 * The owner renames and removes a gallery's people (issue 26), against the real server: only the studio
 * owner may change a person's name and email, and delete one, never a visitor or anyone signed out; the
 * gallery, the session and "Client" are never changed by the records API; a removal takes the person's
 * favourites, picks, comments and submission with them and leaves tombstones; a session still holding the
 * removed person writes nothing. The owner's device does both offline, through the outbox.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proofingHelpers, type Gallery } from "./proofing-fixture";
import { addPhoto } from "./studio-fixture";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
const { unlock, becomePerson, switchPerson, base, state, ownerList, makeList } = proofingHelpers(() => server);
const people = (id: string) => `/api/collections/proof_people/records/${id}`;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => server?.stop());

async function newGallery(name: string): Promise<Gallery> {
  return (await server.api<Gallery>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name } })).body;
}

async function personOf(g: Gallery, cookie: string): Promise<string> {
  return (await state(g, cookie)).person!.id;
}

describe("renaming a person", () => {
  it("lets the owner change the name and email, cleaned and checked like a visitor's, and the visitor sees it", async () => {
    const g = await newGallery("Rename Bride");
    const cookie = await unlock(g, "Jhon");
    const id = await personOf(g, cookie);

    const renamed = await server.api<Record<string, unknown>>("PATCH", people(id), { token: server.ownerToken, json: { name: "  John\u202E \n Smith ", email: " john@example.com " } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ name: "John Smith", email: "john@example.com" });
    expect(Object.keys(renamed.body.fieldTimes as object).sort()).toEqual(["email", "name", "trashedAt"]);
    expect((await state(g, cookie)).person).toEqual({ id, name: "John Smith" });

    for (const json of [{ name: " \u200B " }, { name: "x".repeat(61) }, { email: "john@" }, { email: "x".repeat(250) + "@a.io" }]) {
      expect((await server.api("PATCH", people(id), { token: server.ownerToken, json })).status, JSON.stringify(json)).toBe(400);
    }
    expect((await ownerList("proof_people", `id = "${id}"`))[0]).toMatchObject({ name: "John Smith", email: "john@example.com" });
  });

  it("renames the shared 'Client', whom every visitor of the gallery sees by the new name", async () => {
    const g = await newGallery("Shared Bride");
    const made = await server.api<{ id: string }>("POST", "/api/collections/proof_people/records", { token: server.superToken, json: { client: g.id, name: "Client", shared: true } });
    expect(made.status).toBe(200);
    expect((await server.api("PATCH", people(made.body.id), { token: server.ownerToken, json: { name: "The Smiths" } })).status).toBe(200);
    expect((await state(g, await unlock(g, null))).shared).toEqual([{ id: made.body.id, name: "The Smiths" }]);
  });

  it("refuses visitors, anyone signed out, and the fields that are not the owner's to change", async () => {
    const g = await newGallery("Guarded Bride");
    const other = await newGallery("Other Bride");
    const cookie = await unlock(g, "Anna");
    const id = await personOf(g, cookie);
    for (const auth of [{ cookie }, {}]) {
      expect((await server.api("PATCH", people(id), { ...auth, json: { name: "Mallory" } })).status, JSON.stringify(auth)).toBeGreaterThanOrEqual(400);
      expect((await server.api("DELETE", people(id), auth)).status, JSON.stringify(auth)).toBeGreaterThanOrEqual(400);
    }
    const sessionOf = async () => (await server.api<{ session: string }>("GET", people(id), { token: server.superToken })).body.session;
    const session = await sessionOf();
    expect(session).toMatch(/^[0-9a-f]{64}$/);
    for (const json of [{ client: other.id }, { shared: true }, { name: "Anne", client: other.id }]) {
      expect((await server.api("PATCH", people(id), { token: server.ownerToken, json })).status, JSON.stringify(json)).toBe(404);
    }
    // `session` is hidden: PocketBase drops it from the owner's body before the rule, and it stays as it was.
    expect([200, 404]).toContain((await server.api("PATCH", people(id), { token: server.ownerToken, json: { session: "0".repeat(64) } })).status);
    const [row] = await ownerList("proof_people", `id = "${id}"`);
    expect(row).toMatchObject({ client: g.id, name: "Anna", shared: false });
    expect(await sessionOf()).toBe(session);
    // Still the session's person: the gallery and the session that made it are unchanged.
    expect((await state(g, cookie)).person).toEqual({ id, name: "Anna" });
  });
});

describe("removing a person", () => {
  it("takes their favourites, picks, comments and submission, leaves tombstones, and their session writes nothing", async () => {
    const g = await newGallery("Remove Bride");
    const [p1, p2] = [await addPhoto(server, g.id, "IMG_1.CR3", 61), await addPhoto(server, g.id, "IMG_2.CR3", 62)];
    const list = await makeList(g, "Prints", 0);
    const stranger = await unlock(g, "Test person");
    const ben = await unlock(g, "Ben");
    const id = await personOf(g, stranger);
    await server.api("PUT", `${base(g)}/favourites/${p1}`, { cookie: stranger });
    await server.api("PUT", `${base(g)}/lists/${list}/${p2}`, { cookie: stranger });
    await server.api("PUT", `${base(g)}/comments/${p1}`, { cookie: stranger, json: { text: "Who am I?" } });
    expect((await server.api("PUT", `${base(g)}/submission`, { cookie: stranger })).status).toBe(200);
    await server.api("PUT", `${base(g)}/favourites/${p1}`, { cookie: ben });
    const rowsOf = async (person: string): Promise<Record<string, string[]>> =>
      Object.fromEntries(await Promise.all(["proof_favourites", "proof_picks", "proof_comments", "proof_states"].map(async (c) => [c, (await ownerList(c, `person = "${person}"`)).map((r) => r.id!)])));
    const before = await rowsOf(id);
    expect(Object.values(before).map((ids) => ids.length)).toEqual([1, 1, 1, 1]);

    expect((await server.api("DELETE", people(id), { token: server.ownerToken })).status).toBe(204);
    expect(await ownerList("proof_people", `id = "${id}"`)).toEqual([]);
    expect(Object.values(await rowsOf(id)).map((ids) => ids.length)).toEqual([0, 0, 0, 0]);
    expect((await state(g, ben)).favourites).toEqual([p1]); // another person's choices stay

    const tombstones = await ownerList("tombstones", `client = "${g.id}"`);
    const dropped = tombstones.map((t) => `${t.recordCollection}:${t.recordId}`);
    expect(dropped).toContain(`proof_people:${id}`);
    for (const [collection, ids] of Object.entries(before)) for (const row of ids) expect(dropped).toContain(`${collection}:${row}`);

    // The removed person's session: no person any more, every write asks for a name, no switching back.
    expect((await state(g, stranger)).person).toBeNull();
    for (const [method, path, json] of [
      ["PUT", `${base(g)}/favourites/${p2}`],
      ["PUT", `${base(g)}/lists/${list}/${p1}`],
      ["PUT", `${base(g)}/comments/${p2}`, { text: "still here" }],
      ["PUT", `${base(g)}/submission`],
    ] as Array<[string, string, unknown?]>) {
      const r = await server.api<{ message: string }>(method, path, { cookie: stranger, json });
      expect(r.status, `${method} ${path}`).toBe(409);
      expect(r.body.message).toMatch(/Tell us your name first/);
    }
    expect((await server.api("PUT", `${base(g)}/person/${id}`, { cookie: stranger })).status).toBe(404);
    expect(Object.values(await rowsOf(id)).map((ids) => ids.length)).toEqual([0, 0, 0, 0]);
    // They may name themselves again, as a new person.
    const again = await becomePerson(g, stranger, "Carla");
    expect(again.person.id).not.toBe(id);
    expect((await server.api("PUT", `${base(g)}/favourites/${p2}`, { cookie: again.cookie })).status).toBe(200);
  });

  it("removes the shared 'Client' like anyone else", async () => {
    const g = await newGallery("Shared Remove");
    const made = await server.api<{ id: string }>("POST", "/api/collections/proof_people/records", { token: server.superToken, json: { client: g.id, name: "Client", shared: true } });
    const cookie = await switchPerson(g, await unlock(g, null), made.body.id);
    expect((await state(g, cookie)).person?.id).toBe(made.body.id);
    expect((await server.api("DELETE", people(made.body.id), { token: server.ownerToken })).status).toBe(204);
    expect((await state(g, cookie)).shared).toEqual([]);
    expect((await state(g, cookie)).person).toBeNull();
  });
});

describe("the owner's device", () => {
  it("renames and removes offline through the outbox; another device takes the rename and drops the person and their rows", async () => {
    const { makeDevice } = await import("./devices");
    const repo = await import("../../src/store/repositories/proofPeople");
    const g = await newGallery("Device Bride");
    const p1 = await addPhoto(server, g.id, "IMG_9.CR3", 63);
    const jhon = await unlock(g, "Jhon");
    const test = await unlock(g, "Test");
    const [jhonId, testId] = [await personOf(g, jhon), await personOf(g, test)];
    await server.api("PUT", `${base(g)}/favourites/${p1}`, { cookie: test });
    await server.api("PUT", `${base(g)}/comments/${p1}`, { cookie: test, json: { text: "test" } });
    const device = await makeDevice(server);
    const other = await makeDevice(server);
    await device.sync.syncOnce();
    await other.sync.syncOnce();
    expect(await other.db.proofFavourites.where("client").equals(g.id).count()).toBe(1);

    await repo.updateProofPerson(device.db, jhonId, { name: "John", email: "john@example.com" });
    await repo.deleteProofPerson(device.db, testId);
    expect((await state(g, jhon)).person?.name).toBe("Jhon"); // nothing reached the server yet
    await device.sync.syncOnce();
    expect(await device.db.outbox.count()).toBe(0);
    expect((await state(g, jhon)).person).toEqual({ id: jhonId, name: "John" });
    expect((await state(g, test)).person).toBeNull();

    await other.sync.syncOnce();
    expect(await other.db.proofPeople.get(jhonId)).toMatchObject({ name: "John", email: "john@example.com" });
    expect(await other.db.proofPeople.get(testId)).toBeUndefined();
    for (const table of [other.db.proofFavourites, other.db.proofComments]) expect(await table.where("client").equals(g.id).count()).toBe(0);

    // Two devices rename the same person: the newer edit wins, and the older is kept as a conflict.
    other.db.clock = () => Date.now() - 3_600_000;
    other.db.clockOffsetMs = 0;
    await repo.updateProofPerson(other.db, jhonId, { name: "Jon" });
    await repo.updateProofPerson(device.db, jhonId, { name: "Jonathan" });
    await device.sync.syncOnce();
    await other.sync.syncOnce();
    expect((await state(g, jhon)).person?.name).toBe("Jonathan");
    expect((await other.db.conflicts.toArray()).map((c) => [c.collection, c.field, c.lostValue])).toContainEqual(["proof_people", "name", "Jon"]);
  });
});
