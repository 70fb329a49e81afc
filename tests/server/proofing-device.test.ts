/**
 * Proofing on the owner's device against the real server (issue 12): the device pulls what visitors chose,
 * and the owner's lists and unlock go offline first through the outbox (the visitor's side: proofing.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProofRow } from "../../src/domain/proofing";
import { proofingHelpers, type Gallery } from "./proofing-fixture";
import { addPhoto } from "./studio-fixture";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
const { unlock, base, state, makeList, unlockSelection } = proofingHelpers(() => server);

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => server?.stop());

describe("the owner's device", () => {
  it("pulls people, favourites, lists, picks, comments and the submitted state, and drops what was removed", async () => {
    const { makeDevice } = await import("./devices");
    const g = (await server.api<Gallery>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "Sync Bride" } })).body;
    const [p1, p2] = [await addPhoto(server, g.id, "IMG_1.CR3", 91), await addPhoto(server, g.id, "IMG_2.CR3", 92)];
    const cookie = await unlock(g, "Anna");
    const ben = await unlock(g, "Ben");
    const list = await makeList(g, "Prints", 10);
    await server.api("PUT", `${base(g)}/favourites/${p1}`, { cookie });
    await server.api("PUT", `${base(g)}/favourites/${p2}`, { cookie });
    await server.api("PUT", `${base(g)}/lists/${list}/${p2}`, { cookie });
    await server.api("PUT", `${base(g)}/comments/${p1}`, { cookie, json: { text: "Warmer, please" } });
    await server.api("PUT", `${base(g)}/submission`, { cookie });
    await server.api("PUT", `${base(g)}/favourites/${p1}`, { cookie: ben });

    const device = await makeDevice(server);
    await device.sync.syncOnce();
    const people = new Map((await device.db.proofPeople.where("client").equals(g.id).toArray()).map((p) => [p.id, p.name]));
    expect([...people.values()].sort()).toEqual(["Anna", "Ben"]);
    const whose = (rows: ProofRow[]) => rows.map((r) => `${people.get(String(r.person))}:${String(r.image)}`).sort();
    expect(whose(await device.db.proofFavourites.where("client").equals(g.id).toArray())).toEqual([`Anna:${p1}`, `Anna:${p2}`, `Ben:${p1}`].sort());
    expect(whose(await device.db.proofComments.where("client").equals(g.id).toArray())).toEqual([`Anna:${p1}`]);
    expect(people.get(String((await device.db.proofStates.where("client").equals(g.id).first())?.person))).toBe("Anna");
    expect((await device.db.proofLists.where("client").equals(g.id).toArray()).map((l) => [l.name, l.limit])).toEqual([["Prints", 10]]);
    expect((await device.db.proofPicks.where("list").equals(list).toArray()).map((p) => p.image)).toEqual([p2]);
    expect((await device.db.proofComments.where("client").equals(g.id).toArray()).map((c) => c.text)).toEqual(["Warmer, please"]);
    expect((await device.db.proofStates.where("client").equals(g.id).first())?.submittedAt).not.toBe("");

    await unlockSelection(g);
    await server.api("DELETE", `${base(g)}/favourites/${p1}`, { cookie });
    await device.sync.syncOnce();
    expect((await device.db.proofFavourites.where("client").equals(g.id).toArray()).map((f) => f.image).sort()).toEqual([p1, p2].sort()); // Ben's p1 stays
    expect((await device.db.proofStates.where("client").equals(g.id).first())?.submittedAt).toBe("");

    await server.api("DELETE", `/api/collections/clients/records/${g.id}`, { token: server.ownerToken });
    await device.sync.syncOnce();
    for (const table of [device.db.proofPeople, device.db.proofFavourites, device.db.proofLists, device.db.proofPicks, device.db.proofComments, device.db.proofStates]) {
      expect(await table.where("client").equals(g.id).count()).toBe(0);
    }
  });
});

describe("the owner's lists and unlock from the device", () => {
  it("creates, renames, limits and deletes lists and unlocks, offline first, through the outbox", async () => {
    const { makeDevice } = await import("./devices");
    const repo = await import("../../src/store/repositories/proofing");
    const g = (await server.api<Gallery>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "Offline Bride" } })).body;
    const p1 = await addPhoto(server, g.id, "IMG_7.CR3", 93);
    const cookie = await unlock(g);
    await server.api("PUT", `${base(g)}/submission`, { cookie });
    const device = await makeDevice(server);
    await device.sync.syncOnce();

    // Written on the device with no network call: the rows and their outbox entries.
    const album = await repo.createProofList(device.db, g.id, { name: "  Album ", limit: 30 });
    const prints = await repo.createProofList(device.db, g.id, { name: "Prints", limit: 0 });
    await repo.updateProofList(device.db, album, { name: "Wedding album", limit: 2 });
    await repo.deleteProofList(device.db, prints);
    await repo.unlockSelection(device.db, g.id, (await state(g, cookie)).person!.id);
    expect((await device.db.proofLists.where("client").equals(g.id).toArray()).map((l) => [l.name, l.limit])).toEqual([["Wedding album", 2]]);
    expect((await device.db.proofStates.where("client").equals(g.id).first())?.submittedAt).toBe("");
    expect((await state(g, cookie)).submittedAt).not.toBe(""); // nothing reached the server yet
    await expect(repo.createProofList(device.db, g.id, { name: " ", limit: 1 })).rejects.toThrow("Give the list a name.");

    await device.sync.syncOnce();
    expect(await device.db.outbox.count()).toBe(0);
    const s = await state(g, cookie);
    expect(s.submittedAt).toBe("");
    expect(s.lists).toEqual([{ id: album, name: "Wedding album", limit: 2, imageIds: [] }]);
    // Unlocked: the visitor can choose again, within the owner's new limit.
    expect((await server.api("PUT", `${base(g)}/lists/${album}/${p1}`, { cookie })).status).toBe(200);

    // A second device sees the owner's list; its older rename loses to the newer one, and the loss is kept.
    const other = await makeDevice(server);
    await other.sync.syncOnce();
    expect((await other.db.proofLists.get(album))?.name).toBe("Wedding album");
    other.db.clock = () => Date.now() - 3_600_000; // an edit made an hour before the first device's
    other.db.clockOffsetMs = 0;
    await repo.updateProofList(other.db, album, { name: "Old name" });
    await repo.updateProofList(device.db, album, { name: "Final album" });
    await device.sync.syncOnce();
    await other.sync.syncOnce();
    expect((await state(g, cookie)).lists[0]!.name).toBe("Final album");
    expect((await other.db.proofLists.get(album))?.name).toBe("Final album");
    expect((await other.db.conflicts.toArray()).map((c) => [c.collection, c.field, c.lostValue])).toContainEqual(["proof_lists", "name", "Old name"]);

    // Visitors still cannot write lists or the state through the collections' API.
    const visitorWrites = [
      ["POST", "/api/collections/proof_lists/records", { client: g.id, name: "Mine", limit: 0 }],
      ["PATCH", `/api/collections/proof_lists/records/${album}`, { limit: 100 }],
      ["DELETE", `/api/collections/proof_lists/records/${album}`, undefined],
    ] as const;
    for (const [method, path, json] of visitorWrites) {
      expect((await server.api(method, path, { cookie, json })).status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
    }
    expect((await state(g, cookie)).lists.map((l) => [l.name, l.limit])).toEqual([["Final album", 2]]);
    await server.api("DELETE", `/api/collections/clients/records/${g.id}`, { token: server.ownerToken });
  });
});
