/**
 * The collection registry (pb_hooks/lib/records/sync_registry.js) against the device's Dexie schema: the current
 * version is what the registry derives and equals the newest version as it was declared, and every
 * registered collection has its table with the indexes sync uses. (Its check against the migrations'
 * schema runs on the real PocketBase: tests/server/registry.test.ts.)
 */
// First: it installs fake-indexeddb, which Dexie must find when it loads.
import { testDb } from "./test-db";
import { describe, expect, it } from "vitest";
import { COLLECTIONS, CREATED_BY_OWNER, DELETED_BY_OWNER, ownerDeletes, PARENTS_FIRST, PULLED_COLLECTIONS, SYNCED_COLLECTIONS, SYNCED_FIELDS } from "../domain/registry";
import { CURRENT_SCHEMA, CURRENT_VERSION, DEVICE_TABLES, SCHEMA_V9 } from "./db";

describe("the registry and the Dexie schema", () => {
  it("derives the current version's tables, which equal the newest version as declared (a change is a new version)", () => {
    // When this fails after a registry change: declare the change as a new Dexie version (db.ts, SCHEMA_V<n>
    // written out as a literal and CURRENT_VERSION = n), never by changing a version devices already have.
    expect(CURRENT_VERSION).toBe(9);
    expect(CURRENT_SCHEMA).toEqual(SCHEMA_V9);
  });

  it("opens with a table per registered collection, keyed by id, with its parent field indexed", async () => {
    const db = testDb("registry-test");
    await db.open();
    expect(db.verno).toBe(CURRENT_VERSION);
    for (const entry of COLLECTIONS) {
      const table = db.table(entry.table);
      expect(table.schema.primKey.name, entry.name).toBe("id");
      const indexes = table.schema.indexes.map((i) => i.name);
      expect(["id", ...indexes].join(", "), entry.name).toBe(entry.indexes);
      // A client's delete and tombstone find its children by their parent field.
      if (entry.parent) expect(indexes, entry.name).toContain(entry.parent.field);
    }
    const declared = new Set([...Object.keys(DEVICE_TABLES), ...COLLECTIONS.map((c) => c.table)]);
    expect(db.tables.map((t) => t.name).sort()).toEqual([...declared].sort());
  });
});

describe("the registry's entries", () => {
  it("name each collection and table once, parents before their children", () => {
    expect(new Set(PULLED_COLLECTIONS).size).toBe(COLLECTIONS.length);
    expect(new Set(COLLECTIONS.map((c) => c.table)).size).toBe(COLLECTIONS.length);
    for (const [i, entry] of COLLECTIONS.entries()) {
      if (entry.parent) expect(PULLED_COLLECTIONS.indexOf(entry.parent.collection), entry.name).toBeLessThan(i);
    }
    expect(PARENTS_FIRST.slice(0, 2)).toEqual(["clients", "settings"]);
    expect([...PARENTS_FIRST].sort()).toEqual([...SYNCED_COLLECTIONS].sort());
  });

  it("sync only what the owner writes: a visitor's collection has no synced field and no conflict subject", () => {
    for (const entry of COLLECTIONS) {
      const serverOwned = [...Object.keys(entry.setAtCreate), ...Object.keys(entry.pulled), ...entry.files];
      expect(entry.synced.filter((f: string) => serverOwned.includes(f)), entry.name).toEqual([]);
      if (entry.writer === "visitor") {
        expect([entry.synced.length, entry.subject, entry.creates], entry.name).toEqual([0, null, false]);
      } else {
        expect(entry.synced.length, entry.name).toBeGreaterThan(0);
        expect(entry.subject, entry.name).not.toBeNull();
      }
    }
  });

  it("let the owner delete what it creates, and a visitor's person it only edits (`deletes` defaults to `creates`)", () => {
    expect(CREATED_BY_OWNER).toEqual(["clients", "sets", "images", "proof_lists"]);
    expect(DELETED_BY_OWNER).toEqual(["clients", "sets", "images", "proof_lists", "proof_people"]);
    expect(["settings", "proof_states", "proof_favourites", "proof_picks", "proof_comments"].filter((c) => ownerDeletes(c as never))).toEqual([]);
    // The owner's rename: only the name and the email, never the gallery, the session or "Client".
    expect(SYNCED_FIELDS.proof_people).toEqual(["name", "email", "trashedAt"]);
  });
});
