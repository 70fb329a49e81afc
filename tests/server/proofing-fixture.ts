/**
 * Proofing tests' shared steps against the real server: a visitor's gallery session, the gallery's proofing
 * routes and state, and the owner's lists and unlock through the collections' API.
 */
import { expect } from "vitest";
import type { TestServer } from "./test-server";

export interface Proofing {
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
  async function unlock(g: Gallery): Promise<string> {
    const r = await current().api("POST", `/api/gallery/${g.accessUrl}/verify`, { json: { accessCode: g.accessCode } });
    expect(r.status).toBe(200);
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

  async function unlockSelection(g: Gallery) {
    const [row] = await ownerList("proof_states", `client = "${g.id}"`);
    const r = await current().api("PATCH", `/api/collections/proof_states/records/${row!.id}`, { token: current().ownerToken, json: { submittedAt: "" } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  return { unlock, base, state, ownerList, makeList, unlockSelection };
}
