/**
 * The trash (issue 43) against the real PocketBase: a photo, set, person or gallery in the trash is gone for
 * visitors at once (the server decides, whatever the visitor's page holds), comes back whole with a restore
 * (the favourites too), and the hourly job deletes for good, files included, what has been in the trash
 * longer than the studio's trashDays.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryHelpers, type Client } from "./gallery-fixture";
import { proofingHelpers } from "./proofing-fixture";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

const { makeClient, addImage, updateClient } = galleryHelpers(() => server, "Trash Tess");
const proofing = proofingHelpers(() => server);
type GalleryInfo = { pagination: { total: number }; coverImage: string; sets: Array<{ id: string; count: number }>; images: Array<{ id: string; set: string }> };

const patch = (collection: string, id: string, json: Record<string, unknown>) => server.api("PATCH", `/api/collections/${collection}/records/${id}`, { token: server.ownerToken, json });
const TRASHED_AT = "2026-11-28 10:00:00.000Z";
const info = async (c: Client, cookie: string) => (await server.api<GalleryInfo>("GET", `/api/gallery/${c.accessUrl}?first=50`, { cookie })).body;

describe("a trashed photo is gone for visitors at once and comes back whole", () => {
  it("leaves the list, the count, the cover, the file, the set's count and the visitor's favourites, and returns with them", async () => {
    const client = await makeClient();
    const set = await server.api<{ id: string }>("POST", "/api/collections/sets/records", { token: server.ownerToken, json: { client: client.id, name: "Ceremony" } });
    const a = await addImage(client.id, "a.png", 1);
    const b = await addImage(client.id, "b.png", 2);
    expect((await patch("images", a, { set: set.body.id })).status).toBe(200);
    await updateClient(client.id, { coverImage: a });
    const cookie = await proofing.unlock(client);
    expect((await server.api("PUT", `${proofing.base(client)}/favourites/${a}`, { cookie })).status).toBe(200);
    const before = await info(client, cookie);
    expect([before.pagination.total, before.coverImage, before.sets[0]?.count]).toEqual([2, a, 1]);

    expect((await patch("images", a, { trashedAt: TRASHED_AT })).status).toBe(200);
    const after = await info(client, cookie);
    expect(after.images.map((i) => i.id)).toEqual([b]);
    expect([after.pagination.total, after.coverImage, after.sets[0]?.count]).toEqual([1, b, 0]);
    expect((await server.api("GET", `/api/gallery/image/${a}?thumbnail=true`, { cookie })).status).toBe(404);
    expect((await server.api("GET", `/api/gallery/image/${b}?thumbnail=true`, { cookie })).status).toBe(200);
    expect((await proofing.state(client, cookie)).favourites).toEqual([]);
    expect((await server.api("PUT", `${proofing.base(client)}/favourites/${a}`, { cookie })).status).toBe(404);
    // The owner still sees it (the Trash screen shows it).
    expect((await server.api("GET", `/api/gallery/image/${a}?thumbnail=true`, { token: server.ownerToken })).status).toBe(200);

    expect((await patch("images", a, { trashedAt: "" })).status).toBe(200);
    const back = await info(client, cookie);
    expect([back.pagination.total, back.coverImage, back.images.find((i) => i.id === a)?.set]).toEqual([2, a, set.body.id]);
    expect((await proofing.state(client, cookie)).favourites).toEqual([a]);
  });

  it("a trashed set is none (its photos show in no set), a trashed person is no one, a trashed gallery is not found", async () => {
    const client = await makeClient();
    const set = await server.api<{ id: string }>("POST", "/api/collections/sets/records", { token: server.ownerToken, json: { client: client.id, name: "Party" } });
    const a = await addImage(client.id, "a.png", 3);
    await patch("images", a, { set: set.body.id });
    const cookie = await proofing.unlock(client, "Ada");
    const person = (await proofing.state(client, cookie)).person!;
    expect((await patch("sets", set.body.id, { trashedAt: TRASHED_AT })).status).toBe(200);
    const gallery = await info(client, cookie);
    expect([gallery.sets, gallery.images[0]?.set]).toEqual([[], ""]);
    expect((await patch("proof_people", person.id, { trashedAt: TRASHED_AT })).status).toBe(200);
    expect((await proofing.state(client, cookie)).person).toBeNull();
    expect((await server.api("PUT", `${proofing.base(client)}/person/${person.id}`, { cookie })).status).toBe(404);
    expect((await patch("clients", client.id, { trashedAt: TRASHED_AT })).status).toBe(200);
    expect((await server.api("GET", `/api/gallery/${client.accessUrl}`, { cookie })).status).toBe(404);
    expect((await server.api("GET", `/api/gallery/image/${a}?thumbnail=true`, { cookie })).status).toBe(404);
    expect((await server.api("GET", `/gallery/${client.accessUrl}`)).status).toBe(404);
  });
});

describe("the hourly job empties the trash", () => {
  it("deletes for good, leaving tombstones, what has been in the trash longer than trashDays, and nothing else", async () => {
    const [settings] = (await server.api<{ items: Array<{ id: string }> }>("GET", "/api/collections/settings/records", { token: server.ownerToken })).body.items;
    expect((await patch("settings", settings!.id, { trashDays: 7 })).status).toBe(200);
    const client = await makeClient();
    const old = await addImage(client.id, "old.png", 4);
    const recent = await addImage(client.id, "recent.png", 5);
    const live = await addImage(client.id, "live.png", 6);
    const day = 24 * 60 * 60 * 1000;
    const pbDate = (ms: number) => new Date(ms).toISOString().replace("T", " ");
    await patch("images", old, { trashedAt: pbDate(Date.now() - 8 * day) });
    await patch("images", recent, { trashedAt: pbDate(Date.now() - 6 * day) });
    const gone = await makeClient();
    const inGone = await addImage(gone.id, "in-gone.png", 7);
    await patch("clients", gone.id, { trashedAt: pbDate(Date.now() - 8 * day) });

    expect((await server.api("POST", "/api/crons/sg_trash_purge", { token: server.superToken })).status).toBe(204);
    const exists = async (collection: string, id: string) => (await server.api("GET", `/api/collections/${collection}/records/${id}`, { token: server.ownerToken })).status;
    // PocketBase runs the job after it answers: wait for its work.
    await expect.poll(() => exists("images", inGone), { timeout: 10_000 }).toBe(404);
    await expect.poll(() => exists("images", old), { timeout: 10_000 }).toBe(404);
    expect([await exists("images", old), await exists("images", recent), await exists("images", live)]).toEqual([404, 200, 200]);
    expect([await exists("clients", gone.id), await exists("images", inGone)]).toEqual([404, 404]);
    const tombstones = await server.api<{ items: Array<{ recordId: string }> }>("GET", `/api/collections/tombstones/records?perPage=50&filter=${encodeURIComponent(`recordId='${old}' || recordId='${gone.id}'`)}`, { token: server.ownerToken });
    expect(tombstones.body.items.map((t) => t.recordId).sort()).toEqual([old, gone.id].sort());
    // The files went with the records.
    const { readdirSync } = await import("node:fs");
    const stored = (dir: string) => readdirSync(`${server.dataDir}/storage`, { recursive: true }).map(String).filter((f) => f.includes(dir));
    expect([stored(old), stored(inGone), stored(live).length > 0]).toEqual([[], [], true]);
  });
});
