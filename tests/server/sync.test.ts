/**
 * The sync engine against the real PocketBase, for records: offline work reaching the server, crashes in the
 * middle of a push, replays, two devices editing the same client, deletions. Uploads: sync-uploads.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, deleteClient, updateClient } from "../../src/store/repositories/clients";
import { addImages } from "../../src/store/repositories/images";
import { makeDevice, serverRecords } from "./devices";
import { imageInput, png } from "./sync-images";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

describe("offline work", () => {
  it("stays on the device until sync, then reaches the server with every edit", async () => {
    const device = await makeDevice(server);
    const client = await createClient(device.db, { name: "Offline Olga", email: "olga@example.com" });
    await updateClient(device.db, client.id, { notes: "met at the venue", eventType: "Portrait" });
    expect(await device.db.outbox.count()).toBe(2);
    expect(await serverRecords(server, "clients", `id='${client.id}'`)).toEqual([]);

    await device.sync.syncOnce();
    const [onServer] = await serverRecords<Record<string, unknown>>(server, "clients", `id='${client.id}'`);
    expect(onServer).toMatchObject({ name: "Offline Olga", email: "olga@example.com", notes: "met at the venue", eventType: "Portrait", accessUrl: client.accessUrl, accessCode: client.accessCode });
    expect(await device.db.outbox.count()).toBe(0);
    expect((await device.db.clients.get(client.id))?.serverUpdated).toBeTruthy();
  });
});

describe("crashes and replays", () => {
  it("leaves exactly 50 records when the server dies in the middle of a 50-record push", async () => {
    const device = await makeDevice(server, { chunkSize: 10 });
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push((await createClient(device.db, { name: `Crash ${String(i).padStart(2, "0")}` })).id);

    let batches = 0;
    device.pb.beforeSend = (url, options) => {
      if (url.endsWith("/api/batch") && ++batches === 3) {
        // The third chunk: its answer never arrives because the server is killed while handling it.
        const sent = options.fetch ?? fetch;
        options.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
          const pending = sent(input, init);
          pending.catch(() => undefined); // observed by the caller below; not an unhandled rejection meanwhile
          await server.crash();
          return pending;
        };
      }
      return { url, options };
    };
    await expect(device.sync.syncOnce()).rejects.toThrow();
    device.pb.beforeSend = undefined;
    await server.start();
    await device.sync.syncOnce();

    const found = await serverRecords<{ id: string }>(server, "clients", "name ~ 'Crash '");
    expect(found.map((c) => c.id).sort()).toEqual([...ids].sort());
    expect(await device.db.outbox.count()).toBe(0);
  });

  it("creates one record when the same push is replayed three times", async () => {
    const device = await makeDevice(server);
    const client = await createClient(device.db, { name: "Replay Rita" });
    const [entry] = await device.db.outbox.toArray();
    await device.sync.syncOnce();
    for (let i = 0; i < 3; i++) {
      await device.db.outbox.add({ ...entry!, seq: undefined });
      await device.sync.syncOnce();
    }
    expect(await serverRecords(server, "clients", `name='Replay Rita'`)).toHaveLength(1);
    expect(await device.db.outbox.count()).toBe(0);
    expect((await device.db.clients.get(client.id))?.name).toBe("Replay Rita");
  });
});

describe("two devices editing the same client offline", () => {
  async function sharedClient() {
    const a = await makeDevice(server);
    const b = await makeDevice(server);
    const client = await createClient(a.db, { name: "Shared Sam", email: "sam@example.com" });
    await a.sync.syncOnce();
    await b.sync.syncOnce();
    expect(await b.db.clients.get(client.id)).toBeTruthy();
    return { a, b, id: client.id };
  }

  it("merges edits of different fields", async () => {
    const { a, b, id } = await sharedClient();
    await updateClient(a.db, id, { notes: "from A" });
    await updateClient(b.db, id, { email: "new@example.com" });
    await a.sync.syncOnce();
    await b.sync.syncOnce();
    await a.sync.syncOnce();
    const [onServer] = await serverRecords<Record<string, unknown>>(server, "clients", `id='${id}'`);
    expect(onServer).toMatchObject({ notes: "from A", email: "new@example.com" });
    for (const d of [a, b]) expect(await d.db.clients.get(id)).toMatchObject({ notes: "from A", email: "new@example.com" });
    expect(await a.db.conflicts.count()).toBe(0);
    expect(await b.db.conflicts.count()).toBe(0);
  });

  it("keeps the newest edit of the same field and records the loser, whichever device syncs first", async () => {
    for (const firstToSync of ["older", "newer"] as const) {
      const { a, b, id } = await sharedClient();
      await updateClient(a.db, id, { name: "Older edit" });
      await new Promise((r) => setTimeout(r, 20));
      await updateClient(b.db, id, { name: "Newer edit" });
      const order = firstToSync === "older" ? [a, b, a] : [b, a, b];
      for (const d of order) await d.sync.syncOnce();
      await a.sync.syncOnce();

      const [onServer] = await serverRecords<{ name: string }>(server, "clients", `id='${id}'`);
      expect(onServer!.name).toBe("Newer edit");
      expect((await a.db.clients.get(id))!.name).toBe("Newer edit");
      expect((await b.db.clients.get(id))!.name).toBe("Newer edit");
      // The device that met the conflict keeps the losing value: exactly one record of it across both.
      const lost = [...(await a.db.conflicts.toArray()), ...(await b.db.conflicts.toArray())];
      expect(lost).toEqual([expect.objectContaining({ recordId: id, field: "name", lostValue: "Older edit", keptValue: "Newer edit", resolved: 0 })]);
      await a.db.conflicts.clear();
      await b.db.conflicts.clear();
    }
  });

  it("is not fooled by a device whose clock is two hours behind", async () => {
    const { a, b, id } = await sharedClient();
    b.skewClock(-2 * 3600_000);
    await b.sync.syncOnce(); // measures its offset
    await updateClient(a.db, id, { name: "Edited first" });
    await new Promise((r) => setTimeout(r, 20));
    await updateClient(b.db, id, { name: "Edited last, slow clock" });
    await b.sync.syncOnce();
    await a.sync.syncOnce();
    const [onServer] = await serverRecords<{ name: string }>(server, "clients", `id='${id}'`);
    expect(onServer!.name).toBe("Edited last, slow clock");
    const lost = [...(await a.db.conflicts.toArray()), ...(await b.db.conflicts.toArray())];
    expect(lost.map((c) => c.lostValue)).toEqual(["Edited first"]);
  });
});

describe("deletions", () => {
  it("removes a client and its images from the other device", async () => {
    const a = await makeDevice(server);
    const b = await makeDevice(server);
    const client = await createClient(a.db, { name: "Deleted Dora" });
    const images = await addImages(a.db, [imageInput(client.id, "one.png", png(6, 6, 3)), imageInput(client.id, "two.png", png(6, 6, 4))]);
    await a.sync.syncOnce();
    await b.sync.syncOnce();
    expect(await b.db.images.where("client").equals(client.id).count()).toBe(2);

    await deleteClient(a.db, client.id);
    await a.sync.syncOnce();
    await b.sync.syncOnce();
    expect(await b.db.clients.get(client.id)).toBeUndefined();
    expect(await b.db.images.bulkGet(images.map((i) => i.id))).toEqual([undefined, undefined]);
    expect(await serverRecords(server, "images", `client='${client.id}'`)).toEqual([]);
  });
});

