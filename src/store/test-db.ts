/**
 * For tests: fresh device databases on fake-indexeddb, closed and deleted after each test of the file
 * that imports this.
 */
import "fake-indexeddb/auto";
import Dexie from "dexie";
import { afterEach } from "vitest";
import { StudioDb } from "./db";

let counter = 0;
const opened: Dexie[] = [];

afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

/** Keeps `db` for the clean-up after the current test. */
export function tracked<T extends Dexie>(db: T): T {
  opened.push(db);
  return db;
}

/** A new, empty device database. */
export function testDb(prefix = "test"): StudioDb {
  return tracked(new StudioDb(`${prefix}-${++counter}`));
}

const TINY_PNG = new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" });

/** An image for `addImages`: three bytes in every file, `name` as its file name, in `set` when given. */
export const testImage = (client: string, name: string, set = "") => ({
  fields: { client, filename: name, originalName: name, fileSize: 3, mimeType: "image/png", width: 1, height: 1, checksum: "", placeholder: "", metadata: null, set },
  original: TINY_PNG,
  thumbnail: TINY_PNG,
  preview: TINY_PNG,
});
