import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { StudioDb } from "../../store/db";
import { createClient } from "../../store/repositories/clients";
import { addImages } from "../../store/repositories/images";
import { conflictSubjects } from "./conflictSubjects";
import { SYNC_TEXTS } from "./texts";

// A fresh device database on fake-indexeddb (store/test-db.ts is outside the app's tsconfig).
const db = new StudioDb("conflict-subjects-test");
afterEach(() => db.delete({ disableAutoOpen: false }));

describe("conflictSubjects", () => {
  it("names what each conflict is about, whatever its collection", async () => {
    const client = await createClient(db, { name: "Ada Lovelace" });
    const blob = new Blob([new Uint8Array([1, 2, 3])], { type: "image/jpeg" });
    const fields = { client: client.id, filename: "a1b2.jpg", originalName: "IMG_0001.jpg", fileSize: 3, mimeType: "image/jpeg", width: 1, height: 1, checksum: "", placeholder: "", metadata: null };
    const [image] = await addImages(db, [{ fields, original: blob, thumbnail: blob, medium: blob, large: blob, preview: blob }]);
    await db.proofLists.put({ id: "list1", client: client.id, updated: "", name: "Album" });
    await db.proofStates.put({ id: "state1", client: client.id, updated: "", submittedAt: "" });
    await db.proofPeople.put({ id: "person1", client: client.id, updated: "", name: "John" });
    const labels = await conflictSubjects(db, [
      { collection: "clients", recordId: client.id },
      { collection: "images", recordId: image!.id },
      { collection: "settings", recordId: "settings1" },
      { collection: "proof_lists", recordId: "list1" },
      { collection: "proof_states", recordId: "state1" },
      { collection: "proof_people", recordId: "person1" },
      { collection: "proof_people", recordId: "removed" },
      { collection: "images", recordId: "gone" },
    ]);
    expect(Object.fromEntries(labels)).toEqual({
      [client.id]: "Ada Lovelace",
      [image!.id]: "Photo 'IMG_0001.jpg'",
      settings1: "Studio settings",
      list1: "Proofing list 'Album'",
      state1: "Proofing of Ada Lovelace",
      person1: "Person 'John'",
      removed: "A removed person",
      gone: SYNC_TEXTS.conflictSubject.images(""),
    });
  });

  it("titles a failed restore by what it was about", () => {
    expect(new Set(Object.values(SYNC_TEXTS.conflictActionFailed)).size).toBe(7);
    expect(SYNC_TEXTS.conflictActionFailed.settings).toBe("Error saving settings");
  });
});
