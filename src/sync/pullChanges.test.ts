/**
 * Cursor handling of the pull: pages by keyset on (updated, id), a saved cursor per collection, and no
 * record skipped when many share one `updated` value. The list endpoint is replaced by an in-memory
 * table that applies the same filter and order as PocketBase (the server tier runs the real one).
 */
// First: it installs fake-indexeddb, which Dexie must find when it loads.
import { testDb } from "../store/test-db";
import type PocketBase from "pocketbase";
import { describe, expect, it } from "vitest";
import { pullChanges } from "./pullChanges";

interface Row {
  id: string;
  updated: string;
  [key: string]: unknown;
}

/** PocketBase's list semantics for the only filter the pull sends. */
function fakeServer(tables: Record<string, Row[]>) {
  const filters: string[] = [];
  const pb = {
    filter: (raw: string, params: Record<string, string>) => raw.replace(/\{:(\w+)\}/g, (_, k: string) => JSON.stringify(params[k])),
    collection: (name: string) => ({
      getList: async (_page: number, perPage: number, opts: { filter: string }) => {
        filters.push(`${name}: ${opts.filter}`);
        const m = /updated > "(.*?)" \|\| \(updated = "(.*?)" && id > "(.*?)"\)/.exec(opts.filter);
        const rows = [...(tables[name] ?? [])]
          .sort((a, b) => (a.updated === b.updated ? (a.id < b.id ? -1 : 1) : a.updated < b.updated ? -1 : 1))
          .filter((r) => !m || r.updated > m[1]! || (r.updated === m[2] && r.id > m[3]!));
        return { items: rows.slice(0, perPage) };
      },
    }),
  };
  return { pb: pb as unknown as PocketBase, filters };
}

function client(i: number, updated: string): Row {
  return { id: `client${String(i).padStart(9, "0")}`, updated, name: `C${i}`, email: "", eventType: "Wedding", eventDate: "", notes: "", accessUrl: `url${i}`, accessCode: "ABCDEF", expirationDate: "", enabled: true, fieldTimes: {} };
}

describe("pullChanges", () => {
  it("reads every record once across pages that share one timestamp, and saves the cursor", async () => {
    const db = testDb("pull-test");
    const same = "2026-01-01 00:00:00.000Z";
    const rows = Array.from({ length: 1203 }, (_, i) => client(i, i < 1100 ? same : "2026-01-02 00:00:00.000Z"));
    const { pb, filters } = fakeServer({ clients: rows });
    await pullChanges(db, pb);
    expect(await db.clients.count()).toBe(1203);
    const cursor = (await db.syncState.get("cursor:clients"))?.value;
    expect(cursor).toEqual({ updated: "2026-01-02 00:00:00.000Z", id: "client000001202" });
    expect(filters.filter((f) => f.startsWith("clients:"))).toHaveLength(3);
  });

  it("asks only for what changed after the cursor the next time", async () => {
    const db = testDb("pull-test");
    const tables = { clients: [client(1, "2026-01-01 00:00:00.000Z"), client(2, "2026-01-01 00:00:00.000Z")] };
    const { pb, filters } = fakeServer(tables);
    await pullChanges(db, pb);
    tables.clients.push(client(3, "2026-01-01 00:00:00.000Z"), client(0, "2026-01-03 00:00:00.000Z"));
    filters.length = 0;
    await pullChanges(db, pb);
    expect(filters[0]).toBe('clients: updated > "2026-01-01 00:00:00.000Z" || (updated = "2026-01-01 00:00:00.000Z" && id > "client000000002")');
    expect((await db.clients.toArray()).map((c) => c.name).sort()).toEqual(["C0", "C1", "C2", "C3"]);
  });
});
