/**
 * Proofing tests' shared steps against the real server: a visitor's gallery session and the person it
 * proofs as, the gallery's proofing routes and state, and the owner's lists and unlock through the
 * collections' API.
 */
import { expect } from "vitest";
import type { TestServer } from "./test-server";

export interface Proofing {
  person: { id: string; name: string } | null;
  shared: Array<{ id: string; name: string }>;
  submittedAt: string;
  favourites: string[];
  lists: Array<{ id: string; name: string; limit: number; imageIds: string[] }>;
  comments: Array<{ image: string; text: string }>;
}
export interface Gallery {
  id: string;
  accessUrl: string;
  accessCode: string;
}

/** The helpers bound to the file's server, which its beforeAll starts (hence the getter). */
export function proofingHelpers(current: () => TestServer) {
  /**
   * A visitor's session of the gallery, proofing as a new person of that name (issue 26); `null`: a session
   * without a person, as a visitor has before their first heart (and as the server before people had).
   */
  async function unlock(g: Gallery, person: string | null = "Visitor"): Promise<string> {
    const r = await current().api("POST", `/api/gallery/${g.accessUrl}/verify`, { json: { accessCode: g.accessCode } });
    expect(r.status).toBe(200);
    const cookie = (r.headers.get("set-cookie") ?? "").split(";")[0]!;
    return person === null ? cookie : (await becomePerson(g, cookie, person)).cookie;
  }

  /**
   * The session's cookie after it makes a new person of this name (the server answers a new token). These
   * tests make many people from one address, which the people limits (issue 37, lib/rules/people_limits.js) slow
   * down: when they answer "wait", their buckets are emptied and the request made again (the limits have
   * their own tests, tests/server/people-flood.test.ts).
   */
  async function becomePerson(g: Gallery, cookie: string, name: string, email?: string) {
    let r = await current().api<Proofing>("PUT", `${base(g)}/person`, { cookie, json: { name, email } });
    if (r.status === 429 && r.headers.get("retry-after")) {
      await emptyPeopleBuckets(current());
      r = await current().api<Proofing>("PUT", `${base(g)}/person`, { cookie, json: { name, email } });
    }
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { cookie: (r.headers.get("set-cookie") ?? "").split(";")[0]!, person: r.body.person! };
  }

  /** The session's cookie after it switches to an existing person. */
  async function switchPerson(g: Gallery, cookie: string, personId: string) {
    const r = await current().api<Proofing>("PUT", `${base(g)}/person/${personId}`, { cookie });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.headers.get("set-cookie") ?? "").split(";")[0]!;
  }

  const base = (g: Gallery) => `/api/gallery/${g.accessUrl}/proofing`;
  const state = async (g: Gallery, cookie: string) => (await current().api<Proofing>("GET", `${base(g)}/state`, { cookie })).body;

  async function ownerList(collection: string, filter = "") {
    const q = filter ? `?perPage=500&filter=${encodeURIComponent(filter)}` : "?perPage=500";
    const r = await current().api<{ items: Array<Record<string, string>> }>("GET", `/api/collections/${collection}/records${q}`, { token: current().ownerToken });
    expect(r.status).toBe(200);
    return r.body.items;
  }

  async function makeList(g: Gallery, name: string, limit: number) {
    const r = await current().api<{ id: string }>("POST", "/api/collections/proof_lists/records", { token: current().ownerToken, json: { client: g.id, name, limit } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.id;
  }

  /** The owner unlocks the gallery's one submitted selection, or `person`'s. */
  async function unlockSelection(g: Gallery, person?: string) {
    const [row] = await ownerList("proof_states", person ? `person = "${person}"` : `client = "${g.id}" && submittedAt != ""`);
    const r = await current().api("PATCH", `/api/collections/proof_states/records/${row!.id}`, { token: current().ownerToken, json: { submittedAt: "" } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  return { unlock, becomePerson, switchPerson, base, state, ownerList, makeList, unlockSelection };
}

/** Forgets every address's and network's count of new people (superusers only). */
export async function emptyPeopleBuckets(server: TestServer): Promise<void> {
  const q = `?perPage=500&filter=${encodeURIComponent(`key ~ "people:%"`)}`;
  const rows = await server.api<{ items: Array<{ id: string }> }>("GET", `/api/collections/access_guards/records${q}`, { token: server.superToken });
  for (const row of rows.body.items ?? []) await server.api("DELETE", `/api/collections/access_guards/records/${row.id}`, { token: server.superToken });
}
