/**
 * The collection registry (pb_hooks/lib/records/sync_registry.js) against the schema the migrations make, on the
 * real PocketBase: every field the registry names exists in its collection with a type that fits, so a
 * registry line for a field no migration adds fails here and not on a device's first pull.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLECTIONS } from "../../src/domain/registry";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

interface SchemaField {
  name: string;
  type: string;
  collectionId?: string;
}
interface SchemaCollection {
  id: string;
  name: string;
  fields: SchemaField[];
}

async function schema(): Promise<Map<string, SchemaCollection>> {
  const res = await server.api<{ items: SchemaCollection[] }>("GET", "/api/collections?perPage=500", { token: server.superToken });
  expect(res.status).toBe(200);
  return new Map(res.body.items.map((c) => [c.name, c]));
}

describe("the registry and the migrations' schema", () => {
  it("names only fields its collections have, files as file fields and parents as relations", async () => {
    const collections = await schema();
    const missing: string[] = [];
    for (const entry of COLLECTIONS) {
      const collection = collections.get(entry.name);
      if (!collection) {
        missing.push(entry.name);
        continue;
      }
      const types = new Map(collection.fields.map((f) => [f.name, f.type]));
      const named = [...entry.synced, ...Object.keys(entry.setAtCreate), ...Object.keys(entry.pulled), ...entry.files, "created", "updated"];
      for (const field of named) if (!types.has(field)) missing.push(`${entry.name}.${field}`);
      for (const file of entry.files) expect(types.get(file), `${entry.name}.${file}`).toBe("file");
      // The pull's cursor and the newest-edit-wins rule.
      expect([types.get("created"), types.get("updated")], entry.name).toEqual(["autodate", "autodate"]);
      if (entry.writer === "owner") expect(types.get("fieldTimes"), entry.name).toBe("json");
      if (entry.parent) {
        const relation = collection.fields.find((f) => f.name === entry.parent!.field);
        expect(relation?.type, `${entry.name}.${entry.parent.field}`).toBe("relation");
        expect(relation?.collectionId, `${entry.name}.${entry.parent.field}`).toBe(collections.get(entry.parent.collection)?.id);
      }
    }
    expect(missing).toEqual([]);
  });
});
