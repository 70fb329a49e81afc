/**
 * 'Send again' (issue 23): a photo whose upload never finished and whose client was deleted elsewhere is
 * set aside with its bytes, and the owner brings both back as new records (fake-indexeddb).
 */
// First: it installs fake-indexeddb, which Dexie must find when it loads.
import { testDb } from "../store/test-db";
import { describe, expect, it } from "vitest";
import { confirmEntries } from "../store/outbox";
import { createClient } from "../store/repositories/clients";
import { canSendAgain, dismissConflict, restoreConflict } from "../store/repositories/conflicts";
import { addImages } from "../store/repositories/images";
import { applyServerRecords } from "./applyServerRecords";
import { applyTombstones } from "./applyTombstones";

const bytes = (n: number) => new Blob([new Uint8Array(n).fill(n)], { type: "image/jpeg" });

/** A client the server confirmed, with one photo whose upload has not started. */
async function clientWithWaitingPhoto() {
  const db = testDb("send-again");
  const client = await createClient(db, { name: "Ada", notes: "Lake shoot" });
  await confirmEntries(db, await db.outbox.where("[collection+recordId]").equals(["clients", client.id]).toArray());
  await applyServerRecords(db, "clients", [{ ...client, collectionId: "c", collectionName: "clients", created: "2026-01-01 00:00:00.000Z", updated: "2026-01-01 00:00:00.000Z", fieldTimes: {} }]);
  const fields = { client: client.id, filename: "ada.jpg", originalName: "ada.jpg", fileSize: 50, mimeType: "image/jpeg", width: 10, height: 10, checksum: "", placeholder: "", metadata: null };
  const [image] = await addImages(db, [{ fields, original: bytes(50), thumbnail: bytes(5), preview: bytes(9), medium: bytes(20), large: bytes(30) }]);
  return { db, client, image: image! };
}

describe("a client deleted elsewhere while its photo waited to upload", () => {
  it("keeps the photo's bytes, and 'Send again' brings back the client, then the photo into it", async () => {
    const { db, client, image } = await clientWithWaitingPhoto();
    await applyTombstones(db, [{ recordCollection: "clients", recordId: client.id, client: client.id }]);
    expect(await db.clients.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);

    const conflicts = await db.conflicts.where("resolved").equals(0).toArray();
    const lostClient = conflicts.find((c) => c.collection === "clients")!;
    const lostPhoto = conflicts.find((c) => c.collection === "images")!;
    expect(lostClient.record).toMatchObject({ name: "Ada", notes: "Lake shoot" });
    expect(lostPhoto.files?.original?.size).toBe(50);
    expect(canSendAgain(lostClient) && canSendAgain(lostPhoto)).toBe(true);

    // The photo first: its client is gone, so it asks for the client.
    await expect(restoreConflict(db, lostPhoto.id!)).rejects.toThrow(/Send the client again first/);
    await restoreConflict(db, lostClient.id!);
    const [back] = await db.clients.toArray();
    expect(back).toMatchObject({ name: "Ada", notes: "Lake shoot" });
    expect(back!.id).not.toBe(client.id); // a new record: devices that pulled the tombstone cannot confuse them

    await restoreConflict(db, lostPhoto.id!);
    const [photo] = await db.images.toArray();
    expect(photo).toMatchObject({ client: back!.id, originalName: "ada.jpg" });
    expect(photo!.id).not.toBe(image.id);
    expect((await db.imageBlobs.get(photo!.id))?.original?.size).toBe(50);
    const waiting = await db.outbox.toArray();
    expect(waiting.map((e) => `${e.collection}:${e.op}`)).toEqual(["clients:create", "images:create"]);
    expect(await db.conflicts.where("resolved").equals(0).count()).toBe(0);
    expect((await db.conflicts.get(lostPhoto.id!))?.files).toBeUndefined(); // the bytes live in the photo now
  });

  it("frees the set-aside bytes when the owner dismisses the photo", async () => {
    const { db, client } = await clientWithWaitingPhoto();
    await applyTombstones(db, [{ recordCollection: "clients", recordId: client.id, client: client.id }]);
    const lostPhoto = (await db.conflicts.toArray()).find((c) => c.collection === "images")!;
    await dismissConflict(db, lostPhoto.id!);
    expect((await db.conflicts.get(lostPhoto.id!))?.files).toBeUndefined();
  });
});
