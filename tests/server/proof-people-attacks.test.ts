/**
 * The owner's rename and removal of a gallery's people (issue 26) probed as an attacker, against the real
 * server: every way a change reaches proof_people (the records API, the batch route the owner's sync pushes
 * through, a multipart body, relation modifiers) from everyone who is not the studio owner (a visitor's
 * session, the owner's preview, a gallery token sent as an auth header, another account), and the owner's
 * own pushes of what is never theirs to change (the gallery, the session, "Client", a create, forged field
 * times, names and emails out of shape). A removed person leaves only ids behind, readable by the owner
 * alone, and their session reads and writes nothing as them. Each probe asserts the safe behaviour.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEOPLE_PER_SESSION } from "../../pb_hooks/lib/rules/proofing_rules.js";
import { proofingHelpers, type Gallery } from "./proofing-fixture";
import { addPhoto } from "./studio-fixture";
import { createVisitorUser, startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let userToken: string;
const { unlock, becomePerson, base, state, ownerList, makeList } = proofingHelpers(() => server);
const records = "/api/collections/proof_people/records";
const people = (id: string) => `${records}/${id}`;

beforeAll(async () => {
  server = await startTestServer();
  userToken = (await createVisitorUser(server)).token;
}, 60_000);
afterAll(async () => server?.stop());

async function newGallery(name: string): Promise<Gallery> {
  return (await server.api<Gallery>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name } })).body;
}

/** The person as the superuser sees it, hidden `session` included. */
async function stored(id: string) {
  return (await server.api<Record<string, unknown>>("GET", people(id), { token: server.superToken })).body;
}

/**
 * The owner's sync push: one `/api/batch` of records API sub-requests. The route allows 20 a second: a 429
 * is waited out, so that every answer checked is the server's decision on the push itself.
 */
async function batch(requests: Array<{ method: string; url: string; body?: unknown }>, auth: { token?: string; cookie?: string } = { token: server.ownerToken }) {
  for (;;) {
    const r = await server.api<unknown>("POST", "/api/batch", { ...auth, json: { requests } });
    if (r.status !== 429) return r;
    await new Promise((resolve) => setTimeout(resolve, 1100));
  }
}

/** The owner's preview of a gallery: its session cookie ("name=value"). */
async function previewCookie(g: Gallery): Promise<string> {
  const r = await server.api("POST", `/api/owner/preview/${g.id}`, { token: server.ownerToken });
  expect(r.status).toBe(200);
  return (r.headers.get("set-cookie") ?? "").split(";")[0]!;
}

describe("everyone but the studio owner", () => {
  it("changes and removes no person through the records API or the batch route, and lists none", async () => {
    const g = await newGallery("Attack Bride");
    const cookie = await unlock(g, "Anna");
    const id = (await state(g, cookie)).person!.id;
    const before = await stored(id);
    const preview = await previewCookie(g);
    const galleryToken = cookie.slice(cookie.indexOf("=") + 1);
    const callers: Array<[string, { token?: string; cookie?: string }]> = [
      ["visitor's session", { cookie }],
      ["owner's preview", { cookie: preview }],
      ["gallery token as auth", { token: galleryToken }],
      ["another account", { token: userToken }],
      ["signed out", {}],
    ];
    for (const [who, auth] of callers) {
      expect((await server.api("PATCH", people(id), { ...auth, json: { name: "Mallory" } })).status, who).toBeGreaterThanOrEqual(400);
      expect((await server.api("DELETE", people(id), auth)).status, who).toBeGreaterThanOrEqual(400);
      const pushed = await batch([{ method: "PATCH", url: people(id), body: { name: "Mallory", email: "m@evil.io" } }], auth);
      expect(pushed.status, who).toBeGreaterThanOrEqual(400);
      expect((await batch([{ method: "DELETE", url: people(id) }], auth)).status, who).toBeGreaterThanOrEqual(400);
      const created = await batch([{ method: "POST", url: records, body: { client: g.id, name: "Ghost" } }], auth);
      expect(created.status, who).toBeGreaterThanOrEqual(400);
      const listed = await server.api<{ items?: unknown[] }>("GET", records, auth);
      expect(listed.status >= 400 || listed.body.items?.length === 0, who).toBe(true);
      expect((await server.api("GET", people(id), auth)).status, who).toBeGreaterThanOrEqual(400);
    }
    expect(await stored(id)).toEqual(before);
    expect(await ownerList("proof_people", `client = "${g.id}" && name = "Ghost"`)).toEqual([]);
    expect((await state(g, cookie)).person).toEqual({ id, name: "Anna" });
  });
});

describe("the owner's pushes", () => {
  it("never move a person, change their session or 'Client', or make a person, whatever the form of the body", async () => {
    const g = await newGallery("Push Bride");
    const other = await newGallery("Push Other");
    const cookie = await unlock(g, "Bea");
    const id = (await state(g, cookie)).person!.id;
    const before = await stored(id);
    for (const body of [{ client: other.id }, { "client+": other.id }, { "client-": g.id }, { shared: true }, { shared: false }, { name: "Bee", client: other.id }]) {
      expect((await batch([{ method: "PATCH", url: people(id), body }])).status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect((await server.api("PATCH", people(id), { token: server.ownerToken, json: body })).status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
    }
    for (const [field, value] of [["client", other.id], ["shared", "true"]]) {
      const form = new FormData();
      form.set(field!, value!);
      expect((await server.api("PATCH", people(id), { token: server.ownerToken, form })).status, field).toBeGreaterThanOrEqual(400);
    }
    const named = new FormData();
    named.set("name", "Bea"); // the same body form is taken for what the owner may change
    expect((await server.api("PATCH", people(id), { token: server.ownerToken, form: named })).status).toBe(200);
    // `session` is hidden: dropped from the owner's body, even with a modifier or beside an allowed field.
    for (const body of [{ session: "0".repeat(64) }, { "session:autogenerate": "" }, { name: "Bea", session: "" }]) await batch([{ method: "PATCH", url: people(id), body }]);
    // A create, alone or behind an allowed rename in the same push: all or nothing.
    const made = await batch([
      { method: "PATCH", url: people(id), body: { name: "Renamed" } },
      { method: "POST", url: records, body: { client: g.id, name: "Ghost", session: before.session } },
    ]);
    expect(made.status).toBeGreaterThanOrEqual(400);
    expect((await server.api("POST", records, { token: server.ownerToken, json: { client: g.id, name: "Ghost" } })).status).toBeGreaterThanOrEqual(400);

    // Nor a new id, which would leave the person's favourites and session pointing at no one.
    await batch([{ method: "PATCH", url: people(id), body: { id: "abcdefghijklmno" } }]);
    expect((await server.api("GET", people("abcdefghijklmno"), { token: server.superToken })).status).toBe(404);

    const after = await stored(id);
    expect(after).toMatchObject({ client: g.id, shared: false, name: "Bea", session: before.session });
    expect(await ownerList("proof_people", `name = "Ghost"`)).toEqual([]);
    expect((await state(g, cookie)).person).toEqual({ id, name: "Bea" });
  });

  it("cleans or refuses names and emails out of shape, through the batch as through the API", async () => {
    const g = await newGallery("Shape Bride");
    const cookie = await unlock(g, "Cleo");
    const id = (await state(g, cookie)).person!.id;
    for (const body of [{ name: "x".repeat(61) }, { name: "\u0000\u200b\u202e " }, { name: null }, { email: "not an email" }, { email: "a@b" }, { email: "<a@b.io>" }, { email: "a@b.io\r\nBcc: x@y.io" }]) {
      const r = await batch([{ method: "PATCH", url: people(id), body }]);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect(await stored(id)).toMatchObject({ name: "Cleo", email: "" });

    const r = await batch([{ method: "PATCH", url: people(id), body: { name: "<img src=x onerror=alert(1)>\u0007\r\nBcc: \u202Eevil", email: " c@example.com " } }]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const row = await stored(id);
    expect(row.name).toBe("<img src=x onerror=alert(1)> Bcc: evil"); // kept as text: the app and the mail escape it
    // eslint-disable-next-line no-control-regex -- control characters are what the rename must not keep
    expect(row.name as string).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/);
    expect(row.email).toBe("c@example.com");
    // The name stays the visitor's, within its limit, after a 60-character rename cleaned to fewer.
    expect((await batch([{ method: "PATCH", url: people(id), body: { name: " " + "y".repeat(60) + "\u200b " } }])).status).toBe(200);
    expect((await stored(id)).name).toBe("y".repeat(60));
  });

  it("count a field time from the far future as now, so a forged time freezes no name", async () => {
    const g = await newGallery("Clock Bride");
    const cookie = await unlock(g, "Dora");
    const id = (await state(g, cookie)).person!.id;
    const future = Date.now() + 10 * 365 * 24 * 3_600_000;
    const r = await batch([{ method: "PATCH", url: people(id), body: { name: "Frozen", fieldTimes: { name: future, email: future, client: future, session: future } } }]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const times = (await stored(id)).fieldTimes as Record<string, number>;
    expect(Object.keys(times).sort()).toEqual(["email", "name", "trashedAt"]);
    expect(times.name).toBeLessThanOrEqual(Date.now() + 60_000);
    // A later edit from another device, with its own honest time, wins.
    expect((await batch([{ method: "PATCH", url: people(id), body: { name: "Dora Smith", fieldTimes: { name: Date.now() + 1000 } } }])).status).toBe(200);
    expect((await state(g, cookie)).person).toEqual({ id, name: "Dora Smith" });
  });

  it("never answer a person's session, even when asked for it", async () => {
    const g = await newGallery("Hidden Bride");
    const cookie = await unlock(g, "Eva");
    const id = (await state(g, cookie)).person!.id;
    for (const path of [people(id), `${people(id)}?fields=session,name`, `${records}?filter=${encodeURIComponent(`id = "${id}"`)}`]) {
      const r = await server.api<Record<string, unknown>>("GET", path, { token: server.ownerToken });
      expect(JSON.stringify(r.body), path).not.toContain((await stored(id)).session as string);
    }
    const renamed = await batch([{ method: "PATCH", url: people(id), body: { name: "Eve" } }]);
    expect(JSON.stringify(renamed.body)).not.toContain((await stored(id)).session as string);
  });
});

describe("a removed person", () => {
  it("leaves tombstones of ids only, which only the owner reads", async () => {
    const g = await newGallery("Tomb Bride");
    const cookie = await unlock(g, "Fiona Secret");
    const id = (await state(g, cookie)).person!.id;
    expect((await server.api("PATCH", people(id), { token: server.ownerToken, json: { email: "fiona@secret.io" } })).status).toBe(200);
    expect((await batch([{ method: "DELETE", url: people(id) }])).status).toBe(200);
    const [tomb] = await ownerList("tombstones", `recordId = "${id}"`);
    expect(tomb).toMatchObject({ recordCollection: "proof_people", recordId: id, client: g.id });
    expect(JSON.stringify(tomb)).not.toMatch(/Fiona|secret/i);
    for (const auth of [{ cookie }, { token: userToken }, {}]) {
      const listed = await server.api<{ items?: unknown[] }>("GET", "/api/collections/tombstones/records", auth);
      expect(listed.status >= 400 || listed.body.items?.length === 0, JSON.stringify(auth)).toBe(true);
      expect((await server.api("GET", `/api/collections/tombstones/records/${tomb!.id}`, auth)).status).toBeGreaterThanOrEqual(400);
    }
    // Gone: a second removal or a rename of the removed person finds nothing, and makes nothing.
    expect((await server.api("DELETE", people(id), { token: server.ownerToken })).status).toBe(404);
    expect((await server.api("PATCH", people(id), { token: server.ownerToken, json: { name: "Back" } })).status).toBe(404);
    expect(await ownerList("proof_people", `id = "${id}"`)).toEqual([]);
  });

  it("is no one's any more: their session neither reads nor removes as them, and makes people within its limit", async () => {
    const g = await newGallery("Gone Bride");
    const [p1, p2] = [await addPhoto(server, g.id, "IMG_1.CR3", 71), await addPhoto(server, g.id, "IMG_2.CR3", 72)];
    const list = await makeList(g, "Album", 0);
    const cookie = await unlock(g, "Gina");
    const id = (await state(g, cookie)).person!.id;
    for (const path of [`favourites/${p1}`, `lists/${list}/${p2}`]) expect((await server.api("PUT", `${base(g)}/${path}`, { cookie })).status).toBe(200);
    expect((await server.api("PUT", `${base(g)}/comments/${p1}`, { cookie, json: { text: "mine" } })).status).toBe(200);
    expect((await server.api("DELETE", people(id), { token: server.ownerToken })).status).toBe(204);

    const seen = await state(g, cookie);
    expect(seen).toMatchObject({ person: null, favourites: [], comments: [] });
    expect(seen.lists.flatMap((l) => l.imageIds)).toEqual([]);
    for (const [method, path, json] of [
      ["DELETE", `favourites/${p1}`],
      ["DELETE", `lists/${list}/${p2}`],
      ["PUT", `comments/${p1}`, { text: "" }],
    ] as Array<[string, string, unknown?]>) {
      expect((await server.api(method, `${base(g)}/${path}`, { cookie, json })).status, `${method} ${path}`).toBe(409);
    }
    for (const collection of ["proof_favourites", "proof_picks", "proof_comments", "proof_states"]) expect(await ownerList(collection, `client = "${g.id}"`), collection).toEqual([]);

    // The session made one person and may make PEOPLE_PER_SESSION in all: the removed one no longer counts.
    let current = cookie;
    for (let i = 0; i < PEOPLE_PER_SESSION; i++) current = (await becomePerson(g, current, `Guest ${i}`)).cookie;
    const over = await server.api("PUT", `${base(g)}/person`, { cookie: current, json: { name: "One too many" } });
    expect(over.status).toBe(429);
    expect((await ownerList("proof_people", `client = "${g.id}"`)).length).toBe(PEOPLE_PER_SESSION);
  });
});
