/** A client's upload counts (uploadCountsByClient): clips waiting are counted apart from photos (issue 38; fake-indexeddb). */
// First: it installs fake-indexeddb, which Dexie must find when it loads.
import { testDb } from "./test-db";
import { describe, expect, it } from "vitest";
import { uploadCountsByClient } from "./outbox";
import { createClient } from "./repositories/clients";
import { addImages } from "./repositories/images";

const blob = new Blob([new Uint8Array([1, 2, 3])], { type: "image/jpeg" });

describe("uploadCountsByClient", () => {
  it("counts the clips among the items waiting to be sent", async () => {
    const db = testDb("upload-counts");
    const client = await createClient(db, { name: "Ada" });
    const fields = { client: client.id, filename: "a.jpg", originalName: "a.jpg", fileSize: 3, mimeType: "image/jpeg", width: 1, height: 1, checksum: "", placeholder: "", metadata: null };
    const files = { original: blob, thumbnail: blob, medium: blob, large: blob, preview: blob };
    await addImages(db, [
      { fields, ...files },
      { fields, ...files },
      { fields: { ...fields, originalName: "film.mp4", mimeType: "video/mp4", kind: "video" as const, duration: 2 }, ...files },
    ]);
    expect((await uploadCountsByClient(db)).get(client.id)).toEqual({ images: 3, unconfirmed: 3, pending: 3, pendingClips: 1 });
  });
});
