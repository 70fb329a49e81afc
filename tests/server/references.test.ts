/**
 * Issue 23, findings 5 and 6, against the real PocketBase: equal JSON values make no conflict whatever the
 * order of their keys, and a deleted image leaves no cover naming it, on the server or on a device.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, updateClient } from "../../src/store/repositories/clients";
import { addImages, deleteImages, updateImage } from "../../src/store/repositories/images";
import { restoreConflict } from "../../src/store/repositories/conflicts";
import { pushOutbox } from "../../src/sync/pushOutbox";
import { makeDevice, serverRecords, type Device } from "./devices";
import { imageInput } from "./test-images";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

type ServerClient = { id: string; coverImage: string; fieldTimes: Record<string, number> };
const serverClient = async (id: string) => (await serverRecords<ServerClient>(server, "clients", `id='${id}'`))[0]!;
const openConflicts = (d: Device) => d.db.conflicts.where("resolved").equals(0).toArray();
const tick = () => new Promise((r) => setTimeout(r, 15));

/** A client with two photos, on the server and on two devices. */
async function galleryOnTwoDevices(name: string) {
  const a = await makeDevice(server);
  const b = await makeDevice(server);
  const client = await createClient(a.db, { name });
  const images = await addImages(a.db, [imageInput(client.id, "x.png", 1), imageInput(client.id, "y.png", 9)]);
  await a.sync.syncOnce();
  await b.sync.syncOnce();
  expect(await b.db.images.where("client").equals(client.id).count()).toBe(2);
  return { a, b, clientId: client.id, x: images[0]!.id, y: images[1]!.id };
}

describe("equal values make no conflict", () => {
  it("metadata whose keys come back in another order is neither a conflict nor an edit", async () => {
    const a = await makeDevice(server);
    const b = await makeDevice(server);
    const client = await createClient(a.db, { name: "Metadata Mia" });
    const [image] = await addImages(a.db, [imageInput(client.id, "m.png", 20, { watermark: "none", exif: { make: "Canon", iso: 400 } })]);
    await a.sync.syncOnce();
    await b.sync.syncOnce();

    // Both devices re-apply the same watermark offline; the objects are equal, built in other orders.
    await updateImage(a.db, image!.id, { metadata: { watermark: "text:Studio", exif: { make: "Canon", iso: 400 } } });
    await tick();
    await updateImage(b.db, image!.id, { metadata: { exif: { iso: 400, make: "Canon" }, watermark: "text:Studio" } });
    await b.sync.syncOnce();
    const [afterB] = await serverRecords<{ fieldTimes: Record<string, number> }>(server, "images", `id='${image!.id}'`);
    await a.sync.syncOnce();
    await b.sync.syncOnce();

    expect(await openConflicts(a)).toEqual([]);
    expect(await openConflicts(b)).toEqual([]);
    const [onServer] = await serverRecords<{ metadata: unknown; fieldTimes: Record<string, number> }>(server, "images", `id='${image!.id}'`);
    expect(onServer!.metadata).toEqual({ watermark: "text:Studio", exif: { make: "Canon", iso: 400 } });
    // A's older push of the same value changed nothing: B's edit keeps its time.
    expect(onServer!.fieldTimes.metadata).toBe(afterB!.fieldTimes.metadata);
    // And a device's own edit, answered by the server in the server's key order, is no conflict either.
    await updateImage(a.db, image!.id, { metadata: { zeta: 1, alpha: { b: 2, a: 1 } } });
    await a.sync.syncOnce();
    expect(await openConflicts(a)).toEqual([]);
  });

  it("the hook counts a JSON field stored in another key order as unchanged: no new time, no revert", async () => {
    const a = await makeDevice(server);
    const client = await createClient(a.db, { name: "Metadata Max" });
    const [image] = await addImages(a.db, [imageInput(client.id, "n.png", 30, { b: 1, a: { d: 2, c: 3 } })]);
    await a.sync.syncOnce();
    const before = (await serverRecords<{ fieldTimes: Record<string, number> }>(server, "images", `id='${image!.id}'`))[0]!.fieldTimes.metadata!;
    // The same value as text in another order and spacing (a JSON field keeps a text as it is sent).
    const sent = await server.api("PATCH", `/api/collections/images/records/${image!.id}`, {
      token: server.ownerToken,
      json: { metadata: '{ "a": { "c": 3, "d": 2 }, "b": 1 }', fieldTimes: { metadata: Date.now() } },
    });
    expect(sent.status).toBe(200);
    expect((sent.body as { fieldTimes: Record<string, number> }).fieldTimes.metadata).toBe(before);
  });
});

describe("a deleted image is no one's cover", () => {
  it("deleting the cover photo on the server clears the cover with a fresh time, and a device pulls it", async () => {
    const { a, b, clientId, x } = await galleryOnTwoDevices("Cover Cleo");
    await updateClient(a.db, clientId, { coverImage: x });
    await a.sync.syncOnce();
    await b.sync.syncOnce();
    const chosen = await serverClient(clientId);
    expect(chosen.coverImage).toBe(x);

    await tick();
    expect((await server.api("DELETE", `/api/collections/images/records/${x}`, { token: server.ownerToken })).status).toBe(204);
    const cleared = await serverClient(clientId);
    expect(cleared.coverImage).toBe("");
    expect(cleared.fieldTimes.coverImage).toBeGreaterThan(chosen.fieldTimes.coverImage!);

    await b.sync.syncOnce();
    expect((await b.db.clients.get(clientId))!.coverImage).toBe("");
    expect(await b.db.images.get(x)).toBeUndefined();
    expect(await openConflicts(b)).toEqual([]);
  });

  it("deleting the cover photo on a device clears the cover there at once and on the server", async () => {
    const { a, clientId, x } = await galleryOnTwoDevices("Cover Cora");
    await updateClient(a.db, clientId, { coverImage: x });
    await a.sync.syncOnce();
    await deleteImages(a.db, [x]);
    expect((await a.db.clients.get(clientId))!.coverImage).toBe("");
    await a.sync.syncOnce();
    expect((await serverClient(clientId)).coverImage).toBe("");
    expect(await openConflicts(a)).toEqual([]);
  });

  it("a cover chosen offline for a photo another device deleted is kept as a conflict, and reaches no one", async () => {
    const { a, b, clientId, x, y } = await galleryOnTwoDevices("Cover Cali");
    await updateClient(a.db, clientId, { coverImage: x }); // a is offline: it does not sync
    await deleteImages(b.db, [x]);
    await b.sync.syncOnce();
    await a.sync.syncOnce();

    expect((await a.db.clients.get(clientId))!.coverImage).toBe("");
    expect((await serverClient(clientId)).coverImage).toBe("");
    const conflicts = await openConflicts(a);
    expect(conflicts).toMatchObject([{ collection: "clients", recordId: clientId, field: "coverImage", lostValue: x, keptValue: "", lostSide: "device" }]);
    // Restoring it would name a deleted photo again: the owner is told to choose another cover.
    await expect(restoreConflict(a.db, conflicts[0]!.id!)).rejects.toThrow("That photo was deleted");
    // A new choice after that is an ordinary edit.
    await updateClient(a.db, clientId, { coverImage: y });
    await a.sync.syncOnce();
    await b.sync.syncOnce();
    expect((await serverClient(clientId)).coverImage).toBe(y);
    expect((await b.db.clients.get(clientId))!.coverImage).toBe(y);
  });

  it("deleting a client whose cover is one of its photos deletes both, with their tombstones", async () => {
    const { a, b, clientId, x, y } = await galleryOnTwoDevices("Cover Cleared With Client");
    await updateClient(a.db, clientId, { coverImage: x });
    await a.sync.syncOnce();
    expect((await server.api("DELETE", `/api/collections/clients/records/${clientId}`, { token: server.ownerToken })).status).toBe(204);
    expect(await serverRecords(server, "images", `client='${clientId}'`)).toEqual([]);
    await b.sync.syncOnce();
    expect(await b.db.clients.get(clientId)).toBeUndefined();
    expect(await b.db.images.bulkGet([x, y])).toEqual([undefined, undefined]);
  });

  it("the server keeps no cover naming a deleted photo or another client's photo, even with the newest time", async () => {
    const first = await galleryOnTwoDevices("Cover Cass");
    const other = await galleryOnTwoDevices("Cover Otto");
    const { clientId, x, y } = first;
    const patchCover = (coverImage: string) =>
      server.api<ServerClient>("PATCH", `/api/collections/clients/records/${clientId}`, {
        token: server.ownerToken,
        json: { coverImage, fieldTimes: { coverImage: Date.now() + 30_000 } },
      });
    expect((await patchCover(y)).body.coverImage).toBe(y);
    expect((await server.api("DELETE", `/api/collections/images/records/${x}`, { token: server.ownerToken })).status).toBe(204);

    // A device that has not pulled the delete yet pushes x as the cover with a newer time: the stored
    // (valid) cover stays, and the device keeps its lost choice as a conflict.
    const { a } = first;
    await tick();
    await updateClient(a.db, clientId, { coverImage: x });
    await pushOutbox(a.db, a.pb);
    expect((await serverClient(clientId)).coverImage).toBe(y);
    expect(await openConflicts(a)).toMatchObject([{ recordId: clientId, field: "coverImage", lostValue: x, keptValue: y, lostSide: "device" }]);
    expect((await a.db.clients.get(clientId))!.coverImage).toBe(y);

    // Through the API: a deleted photo, another client's photo.
    expect((await patchCover(x)).body.coverImage).toBe(y);
    expect((await patchCover(other.x)).body.coverImage).toBe(y);
    // An id the server has not seen yet is kept: a device pushes the cover before it uploads the photo.
    expect((await patchCover("notuploadedyet")).body.coverImage).toBe("notuploadedyet");
    expect((await patchCover(x)).body.coverImage).toBe("notuploadedyet");
    // A new client naming a deleted photo starts with no cover.
    const created = await server.api<ServerClient>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "Cover Cyd", coverImage: x } });
    expect(created.status).toBe(200);
    expect(created.body.coverImage).toBe("");
  });
});
