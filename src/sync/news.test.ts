/**
 * News found in the pull (issue 43): a submitted selection and a new person, compared with the device's
 * rows before the page; nothing before the device's first sync ended; each event once. The list endpoint is
 * an in-memory table (as in pullChanges.test.ts); the browser tier sees the notice come from the real server.
 */
// First: it installs fake-indexeddb, which Dexie must find when it loads.
import { testDb } from "../store/test-db";
import type PocketBase from "pocketbase";
import { describe, expect, it } from "vitest";
import { dismissNews, newsIn, readNews } from "./news";
import { pullChanges } from "./pullChanges";

type Row = { id: string; updated: string } & Record<string, unknown>;

function fakeServer(tables: Record<string, Row[]>) {
  const pb = {
    filter: (raw: string, params: Record<string, string>) => raw.replace(/\{:(\w+)\}/g, (_, k: string) => JSON.stringify(params[k])),
    collection: (name: string) => ({
      getList: async (_page: number, perPage: number, opts: { filter: string }) => {
        const m = /updated > "(.*?)" \|\| \(updated = "(.*?)" && id > "(.*?)"\)/.exec(opts.filter);
        const rows = [...(tables[name] ?? [])].sort((a, b) => (a.updated === b.updated ? (a.id < b.id ? -1 : 1) : a.updated < b.updated ? -1 : 1)).filter((r) => !m || r.updated > m[1]! || (r.updated === m[2] && r.id > m[3]!));
        return { items: rows.slice(0, perPage) };
      },
    }),
  };
  return pb as unknown as PocketBase;
}

const at = (n: number) => `2026-11-28 10:00:0${n}.000Z`;
const client = { id: "client000000001", updated: at(0), name: "Ada & Grace", email: "", eventType: "Wedding", eventDate: "", notes: "", accessUrl: "u1", accessCode: "ABCDEF", expirationDate: "", enabled: true, fieldTimes: {} };
const person = (id: string, name: string, n: number): Row => ({ id, updated: at(n), created: at(n), client: client.id, name, email: "", shared: false, fieldTimes: {} });
const state = (id: string, personId: string, submittedAt: string, n: number): Row => ({ id, updated: at(n), created: at(n), client: client.id, person: personId, submittedAt, fieldTimes: {} });

describe("news from the pull", () => {
  it("tells a new person and a submission once each, never what a new device catches up with", async () => {
    const db = testDb("news-test");
    const tables: Record<string, Row[]> = { clients: [client], proof_people: [person("person00000001a", "Ada", 1)], proof_states: [state("state000000001a", "person00000001a", at(1), 1)] };
    const pb = fakeServer(tables);
    await pullChanges(db, pb); // the first sync: the past is not news
    expect(await readNews(db)).toEqual([]);
    await db.syncState.put({ key: "lastSyncedAt", value: Date.now() });

    tables.proof_people!.push(person("person00000002g", "Grace", 2));
    tables.proof_states!.push(state("state000000002g", "person00000002g", at(3), 3));
    await pullChanges(db, pb);
    await pullChanges(db, pb); // nothing new: nothing told twice
    expect(await readNews(db)).toEqual([
      { id: `submitted:state000000002g:${at(3)}`, kind: "submitted", client: client.id, person: "person00000002g", at: at(3) },
      { id: "person:person00000002g", kind: "person", client: client.id, person: "person00000002g", at: at(2) },
    ]);

    await dismissNews(db, [`submitted:state000000002g:${at(3)}`]);
    expect((await readNews(db)).map((n) => n.kind)).toEqual(["person"]);
    await dismissNews(db);
    expect(await readNews(db)).toEqual([]);
  });

  it("tells a selection submitted again after the owner unlocked it, and not the unlock", () => {
    const before = { id: "s", submittedAt: "" };
    expect(newsIn("proof_states", [{ id: "s", client: "c", person: "p", submittedAt: "" }], [{ ...before, submittedAt: at(1) }])).toEqual([]);
    expect(newsIn("proof_states", [{ id: "s", client: "c", person: "p", submittedAt: at(5) }], [before])).toHaveLength(1);
    expect(newsIn("proof_people", [{ id: "p", client: "c", name: "Renamed" }], [{ id: "p", name: "Old" }])).toEqual([]); // a rename is not news
  });
});
