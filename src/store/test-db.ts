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
