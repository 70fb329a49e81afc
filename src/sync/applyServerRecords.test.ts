/** Conflict resolution when server records meet edits still in the outbox (fake-indexeddb). */
// First: it installs fake-indexeddb, which Dexie must find when it loads.
import { testDb } from "../store/test-db";
import { describe, expect, it } from "vitest";
import { updateClient } from "../store/repositories/clients";
import { applyServerRecords } from "./applyServerRecords";
import { applyTombstones } from "./applyTombstones";
import type { ServerRecord } from "./records";

function serverClient(fields: Record<string, unknown>, fieldTimes: Record<string, number>, updated = "2026-01-01 00:00:00.000Z"): ServerRecord {
  return {
    id: "client000000001",
    collectionId: "c",
    collectionName: "clients",
    created: "2026-01-01 00:00:00.000Z",
    updated,
    name: "Ada",
    email: "",
    eventType: "Wedding",
    eventDate: "",
    notes: "",
    accessUrl: "abcdefghij",
    accessCode: "ABCDEF",
    expirationDate: "",
    enabled: true,
    fieldTimes,
    ...fields,
  };
}

async function deviceWithClient() {
  const db = testDb("apply-test");
  db.clock = () => 10_000;
  await applyServerRecords(db, "clients", [serverClient({}, { name: 1, notes: 1 })]);
  return db;
}

describe("applyServerRecords", () => {
  it("takes server values for fields with no pending edit", async () => {
    const db = await deviceWithClient();
    await applyServerRecords(db, "clients", [serverClient({ name: "Ada L." }, { name: 50 }, "2026-01-02 00:00:00.000Z")]);
    expect(await db.clients.get("client000000001")).toMatchObject({ name: "Ada L.", serverUpdated: "2026-01-02 00:00:00.000Z" });
    expect(await db.conflicts.count()).toBe(0);
  });

  it("keeps a newer local edit, still pushes it, and records the server value it beats", async () => {
    const db = await deviceWithClient();
    db.clock = () => 20_000;
    await updateClient(db, "client000000001", { name: "Local newer" });
    await applyServerRecords(db, "clients", [serverClient({ name: "Server older" }, { name: 15_000 })]);
    expect((await db.clients.get("client000000001"))!.name).toBe("Local newer");
    expect((await db.outbox.toArray()).map((e) => e.fields)).toEqual([{ name: "Local newer" }]);
    expect(await db.conflicts.toArray()).toEqual([expect.objectContaining({ field: "name", lostValue: "Server older", keptValue: "Local newer", lostSide: "server" })]);
  });

  it("gives way to a newer server edit, drops the local one from the outbox and keeps it as a conflict", async () => {
    const db = await deviceWithClient();
    db.clock = () => 20_000;
    await updateClient(db, "client000000001", { name: "Local older", notes: "kept" });
    await applyServerRecords(db, "clients", [serverClient({ name: "Server newer" }, { name: 25_000 })]);
    const row = await db.clients.get("client000000001");
    expect(row).toMatchObject({ name: "Server newer", notes: "kept" });
    expect((await db.outbox.toArray()).map((e) => e.fields)).toEqual([{ notes: "kept" }]);
    expect(await db.conflicts.toArray()).toEqual([expect.objectContaining({ field: "name", lostValue: "Local older", keptValue: "Server newer", lostSide: "device" })]);
  });

  it("does not bring back a record deleted on this device", async () => {
    const db = await deviceWithClient();
    await db.clients.delete("client000000001");
    await db.outbox.add({ collection: "clients", recordId: "client000000001", op: "delete", fields: {}, fieldTimes: {}, createdAt: 1, attempts: 0 });
    await applyServerRecords(db, "clients", [serverClient({ name: "Again" }, {})]);
    expect(await db.clients.get("client000000001")).toBeUndefined();
  });

  it("keeps local edits of a record deleted on the server as a conflict", async () => {
    const db = await deviceWithClient();
    await updateClient(db, "client000000001", { notes: "unsent" });
    await applyTombstones(db, [{ recordCollection: "clients", recordId: "client000000001", client: "client000000001" }]);
    expect(await db.clients.get("client000000001")).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.conflicts.toArray()).toEqual([expect.objectContaining({ field: "*", lostValue: { notes: "unsent" }, lostSide: "device" })]);
  });
});
