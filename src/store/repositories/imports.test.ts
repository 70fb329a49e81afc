/** Import journals on fake-indexeddb: a file is marked done exactly when (and only if) it is stored. */
// First: it installs fake-indexeddb, which Dexie must find when it loads.
import { testDb } from "../test-db";
import { describe, expect, it } from "vitest";
import { notImported } from "../../domain/imports";
import { StoreError } from "../errors";
import { createClient } from "./clients";
import { addImages, galleryContents } from "./images";
import { forgetImport, listImports, markImported, startImport } from "./imports";

const blob = new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" });
const image = (client: string, name: string, crc32 = "") => ({
  fields: { client, filename: name, originalName: name, fileSize: 3, mimeType: "image/png", width: 1, height: 1, checksum: "", crc32, placeholder: "", metadata: null },
  original: blob,
  thumbnail: blob,
  medium: blob,
  large: blob,
  preview: blob,
});
const files = ["a.jpg", "b.jpg", "c.jpg"].map((name, i) => ({ key: String(i), name, size: 3 }));

describe("import journals", () => {
  it("marks a file done in the transaction that stores it; what was never stored stays named", async () => {
    const db = testDb("imports");
    const client = await createClient(db, { name: "Ada" });
    const journal = await startImport(db, { page: "p1", client: client.id, kind: "images", files });
    await addImages(db, [image(client.id, "a.jpg")], { importId: journal.id, keys: ["0"] });
    await markImported(db, journal.id, ["2"]); // c.jpg: skipped as a duplicate
    const [kept] = await listImports(db);
    expect(kept).toMatchObject({ page: "p1", client: client.id, kind: "images" });
    expect(notImported(kept!).map((f) => f.name)).toEqual(["b.jpg"]);
  });

  it("leaves a file not done when storing it failed (a full disk rolls the mark back with the image)", async () => {
    const db = testDb("imports");
    const client = await createClient(db, { name: "Ada" });
    const journal = await startImport(db, { page: "p1", client: client.id, kind: "images", files });
    db.imageBlobs.hook("creating", () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
    await expect(addImages(db, [image(client.id, "a.jpg")], { importId: journal.id, keys: ["0"] })).rejects.toThrow(StoreError);
    expect(notImported((await db.imports.get(journal.id))!).map((f) => f.name)).toEqual(["a.jpg", "b.jpg", "c.jpg"]);
    expect(await db.images.count()).toBe(0);
  });

  it("is gone once the import ends, and an import picking up an interrupted one replaces its journal", async () => {
    const db = testDb("imports");
    const first = await startImport(db, { page: "p1", client: "c", kind: "zip", zipName: "wedding.zip", files: [] });
    const second = await startImport(db, { page: "p2", client: "c", kind: "zip", zipName: "wedding.zip", files: [], replaces: [first.id] });
    expect((await listImports(db)).map((j) => j.id)).toEqual([second.id]);
    await forgetImport(db, second.id);
    expect(await listImports(db)).toEqual([]);
  });
});

describe("a gallery's contents for the duplicate check", () => {
  it("gives the CRC-32 and size of every image of that client only", async () => {
    const db = testDb("imports");
    const ada = await createClient(db, { name: "Ada" });
    const bo = await createClient(db, { name: "Bo" });
    await addImages(db, [image(ada.id, "a.jpg", "0000beef"), image(bo.id, "b.jpg", "0000cafe")]);
    expect(await galleryContents(db, ada.id)).toEqual([{ crc32: "0000beef", fileSize: 3 }]);
  });
});
