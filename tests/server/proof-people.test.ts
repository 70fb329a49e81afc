/**
 * People, not one shared selection (issue 26), against the real server: a visitor's session holds the
 * person it proofs as, made by name (cleaned, checked) or switched to within the gallery; every write is that
 * person's only; one person's submit locks their lists and no one else's; limits count per person; a flood
 * of made-up people stops at the session's and the gallery's limits with a clear answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proofingHelpers, type Gallery, type Proofing } from "./proofing-fixture";
import { makeStudio } from "./studio-fixture";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let ada: Gallery;
let alan: Gallery;
let adaImages: string[];
let alanImages: string[];
const { unlock, becomePerson, switchPerson, base, state, ownerList, makeList, unlockSelection } = proofingHelpers(() => server);

beforeAll(async () => {
  server = await startTestServer();
  const studio = await makeStudio(server);
  [ada, alan] = studio.clients as [Gallery, Gallery];
  adaImages = studio.images.slice(0, 3);
  alanImages = studio.images.slice(3);
  // These tests open many sessions from one address: the code routes' per-address limit (10 a minute) is
  // not what they test, so it is raised here.
  type Rule = { label: string; maxRequests: number };
  const settings = await server.api<{ rateLimits: { rules: Rule[] } }>("GET", "/api/settings", { token: server.superToken });
  const rules = settings.body.rateLimits.rules.map((r) => (r.label === "POST /api/gallery/" ? { ...r, maxRequests: 10_000 } : r));
  expect((await server.api("PATCH", "/api/settings", { token: server.superToken, json: { rateLimits: { rules } } })).status).toBe(200);
}, 60_000);
afterAll(async () => server?.stop());

describe("making a person", () => {
  it("asks for a name before the first write, and cleans the name it is given", async () => {
    const bare = await unlock(ada, null);
    const before = await state(ada, bare);
    expect(before).toMatchObject({ person: null, favourites: [], submittedAt: "" });
    const refused = await server.api<{ message: string }>("PUT", `${base(ada)}/favourites/${adaImages[0]}`, { cookie: bare });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Tell us your name first/);
    expect((await server.api("PUT", `${base(ada)}/submission`, { cookie: bare })).status).toBe(409);

    const { cookie, person } = await becomePerson(ada, bare, "  Anna\u202E gpj.exe\u202C\n Smith ", " anna@example.com ");
    expect(person.name).toBe("Anna gpj.exe Smith");
    expect((await state(ada, cookie)).person).toEqual(person);
    const [row] = await ownerList("proof_people", `id = "${person.id}"`);
    expect(row).toMatchObject({ client: ada.id, name: "Anna gpj.exe Smith", email: "anna@example.com", shared: false });
    expect(row).not.toHaveProperty("session"); // hidden, even from the owner
  });

  it("refuses a blank or overlong name, a bad email, and a visitor without the gallery's session", async () => {
    const bare = await unlock(ada, null);
    const cases: Array<[unknown, string]> = [
      [{ name: " \u200B\u202E " }, "Please enter your name."],
      [{ name: "x".repeat(61) }, "A name can have at most 60 characters."],
      [{ name: "Anna", email: "anna@" }, "Please enter a valid email address, or leave it empty."],
      [{ name: 42 }, "Please enter your name."],
    ];
    const count = (await ownerList("proof_people", `client = "${ada.id}"`)).length;
    for (const [json, message] of cases) {
      const r = await server.api<{ message: string }>("PUT", `${base(ada)}/person`, { cookie: bare, json });
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.body.message).toBe(message);
    }
    expect((await server.api("PUT", `${base(ada)}/person`, { json: { name: "Eve" } })).status).toBe(401);
    expect((await server.api("PUT", `${base(ada)}/person`, { cookie: await unlock(alan, null), json: { name: "Eve" } })).status).toBe(401);
    expect(await ownerList("proof_people", `client = "${ada.id}"`)).toHaveLength(count);
  });

  it("keeps the people collection closed to visitors", async () => {
    const cookie = await unlock(ada, "Mallory");
    const list = await server.api<{ items?: unknown[] }>("GET", "/api/collections/proof_people/records", { cookie });
    expect(list.status === 403 || (list.body.items ?? []).length === 0).toBe(true);
    expect((await server.api("POST", "/api/collections/proof_people/records", { cookie, json: { client: ada.id, name: "Mallory" } })).status).toBeGreaterThanOrEqual(400);
    expect((await server.api("POST", "/api/collections/proof_people/records", { token: server.ownerToken, json: { client: ada.id, name: "Owner" } })).status).toBe(403);
  });
});

describe("each person's own selection", () => {
  it("keeps two people's favourites and comments apart, and writes only as the session's person", async () => {
    const [a, b] = adaImages as [string, string];
    const anna = await unlock(ada, "Anna");
    const ben = await unlock(ada, "Ben");
    const annaId = (await state(ada, anna)).person!.id;
    await server.api("PUT", `${base(ada)}/favourites/${a}`, { cookie: anna });
    await server.api("PUT", `${base(ada)}/comments/${a}`, { cookie: anna, json: { text: "Anna's note" } });
    // Ben names Anna in the body: the server writes as the session's person, Ben.
    await server.api("PUT", `${base(ada)}/favourites/${b}`, { cookie: ben, json: { person: annaId } });
    // Ben's unheart of Anna's photo removes nothing of hers.
    expect((await server.api("DELETE", `${base(ada)}/favourites/${a}`, { cookie: ben, json: { person: annaId } })).status).toBe(200);

    expect(await state(ada, anna)).toMatchObject({ favourites: [a], comments: [{ image: a, text: "Anna's note" }] });
    expect(await state(ada, ben)).toMatchObject({ favourites: [b], comments: [] });
    const rows = await ownerList("proof_favourites", `client = "${ada.id}"`);
    expect(rows.map((f) => [f.person, f.image]).sort()).toEqual([[annaId, a], [(await state(ada, ben)).person!.id, b]].sort());
    for (const [cookie, image] of [[anna, a], [ben, b]] as const) await server.api("DELETE", `${base(ada)}/favourites/${image}`, { cookie });
    await server.api("PUT", `${base(ada)}/comments/${a}`, { cookie: anna, json: { text: "" } });
  });

  it("switches a session to a person of its gallery, never to one of another gallery", async () => {
    const anna = await unlock(ada, "Anna again");
    const annaId = (await state(ada, anna)).person!.id;
    await server.api("PUT", `${base(ada)}/favourites/${adaImages[2]}`, { cookie: anna });
    const alanPerson = (await state(alan, await unlock(alan, "Alan's mother"))).person!.id;

    const shared = await unlock(ada, null); // the shared device, before anyone says who they are
    const other = await server.api<{ message: string }>("PUT", `${base(ada)}/person/${alanPerson}`, { cookie: shared });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe("This person is not in this gallery.");
    expect(other.headers.get("set-cookie")).toBeNull();
    expect((await server.api("PUT", `${base(ada)}/person/nosuchperson123`, { cookie: shared })).status).toBe(404);
    expect((await state(ada, shared)).person).toBeNull();

    const switched = await switchPerson(ada, shared, annaId);
    expect(await state(ada, switched)).toMatchObject({ person: { id: annaId, name: "Anna again" }, favourites: [adaImages[2]] });
    // A session of another gallery holding a person of this one is no session here.
    expect((await server.api("PUT", `${base(alan)}/favourites/${alanImages[0]}`, { cookie: switched })).status).toBe(401);
    await server.api("DELETE", `${base(ada)}/favourites/${adaImages[2]}`, { cookie: switched });
  });

  it("counts a list's limit per person", async () => {
    const list = await makeList(ada, "One each", 1);
    const [a, b] = adaImages as [string, string];
    const anna = await unlock(ada, "Anna");
    const ben = await unlock(ada, "Ben");
    expect((await server.api("PUT", `${base(ada)}/lists/${list}/${a}`, { cookie: anna })).status).toBe(200);
    expect((await server.api("PUT", `${base(ada)}/lists/${list}/${a}`, { cookie: ben })).status).toBe(200);
    expect((await server.api("PUT", `${base(ada)}/lists/${list}/${b}`, { cookie: ben })).status).toBe(409);
    expect((await state(ada, ben)).lists.find((l) => l.id === list)!.imageIds).toEqual([a]);
    expect(await ownerList("proof_picks", `list = "${list}"`)).toHaveLength(2);
    await server.api("DELETE", `/api/collections/proof_lists/records/${list}`, { token: server.ownerToken });
  });
});

describe("one person's submission", () => {
  it("locks that person's lists only, and the owner unlocks that person", async () => {
    const list = await makeList(alan, "Album", 5);
    const [a, b] = alanImages as [string, string];
    const mum = await unlock(alan, "Mum");
    const dad = await unlock(alan, "Dad");
    const mumId = (await state(alan, mum)).person!.id;
    await server.api("PUT", `${base(alan)}/lists/${list}/${a}`, { cookie: mum });
    expect((await server.api<Proofing>("PUT", `${base(alan)}/submission`, { cookie: mum })).body.submittedAt).not.toBe("");

    for (const [method, path, json] of [
      ["PUT", `${base(alan)}/favourites/${b}`],
      ["PUT", `${base(alan)}/lists/${list}/${b}`],
      ["DELETE", `${base(alan)}/lists/${list}/${a}`],
      ["PUT", `${base(alan)}/comments/${b}`, { text: "late" }],
    ] as Array<[string, string, unknown?]>) {
      expect((await server.api(method, path, { cookie: mum, json })).status, `${method} ${path}`).toBe(423);
    }
    // Dad's lists stay open: he picks, hearts and submits on his own.
    expect((await state(alan, dad)).submittedAt).toBe("");
    expect((await server.api("PUT", `${base(alan)}/lists/${list}/${b}`, { cookie: dad })).status).toBe(200);
    expect((await server.api("PUT", `${base(alan)}/favourites/${b}`, { cookie: dad })).status).toBe(200);
    const states = await ownerList("proof_states", `client = "${alan.id}"`);
    expect(states.map((s) => s.person)).toEqual([mumId]);

    // The owner's unlock is per person and touches only the person's state.
    const patch = await server.api("PATCH", `/api/collections/proof_states/records/${states[0]!.id}`, { token: server.ownerToken, json: { submittedAt: "", person: (await state(alan, dad)).person!.id } });
    expect(patch.status).toBe(404);
    expect((await server.api("PUT", `${base(alan)}/submission`, { cookie: dad })).status).toBe(200);
    await unlockSelection(alan, mumId);
    expect((await state(alan, mum)).submittedAt).toBe("");
    expect((await state(alan, dad)).submittedAt).not.toBe("");
    expect((await server.api("PUT", `${base(alan)}/lists/${list}/${b}`, { cookie: mum })).status).toBe(200);
    expect((await server.api("PUT", `${base(alan)}/favourites/${a}`, { cookie: dad })).status).toBe(423);
    await server.api("DELETE", `/api/collections/proof_lists/records/${list}`, { token: server.ownerToken });
  });
});

describe("a flood of made-up people", () => {
  it("stops one session at 20 people, with a clear answer", async () => {
    const g = (await server.api<Gallery>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "Flood One" } })).body;
    let cookie = await unlock(g, null);
    for (let i = 1; i <= 20; i++) cookie = (await becomePerson(g, cookie, `Guest ${i}`)).cookie;
    const over = await server.api<{ message: string }>("PUT", `${base(g)}/person`, { cookie, json: { name: "Guest 21" } });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe("You have added 20 people on this device already. Switch to one of them to continue.");
    expect(await ownerList("proof_people", `client = "${g.id}"`)).toHaveLength(20);
    // Another session of the same gallery may still add someone.
    expect((await becomePerson(g, await unlock(g, null), "Someone else")).person.name).toBe("Someone else");
  });

  it("stops a gallery at 200 people, whatever the session", async () => {
    const g = (await server.api<Gallery>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "Flood Two" } })).body;
    // 199 people already (made by the superuser, whom no rule stops), then one more by a visitor: 200.
    const requests = Array.from({ length: 199 }, (_, i) => ({ method: "POST", url: "/api/collections/proof_people/records", body: { client: g.id, name: `Guest ${i}` } }));
    for (let i = 0; i < requests.length; i += 50) {
      const r = await server.api("POST", "/api/batch", { token: server.superToken, json: { requests: requests.slice(i, i + 50) } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const cookie = (await becomePerson(g, await unlock(g, null), "Number 200")).cookie;
    const over = await server.api<{ message: string }>("PUT", `${base(g)}/person`, { cookie: await unlock(g, null), json: { name: "Number 201" } });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe("This gallery has 200 people already, the most it can have. Ask your photographer for help.");
    expect((await server.api("PUT", `${base(g)}/person`, { cookie, json: { name: "Number 201" } })).status).toBe(429);
    expect((await server.api<{ totalItems: number }>("GET", `/api/collections/proof_people/records?filter=${encodeURIComponent(`client = "${g.id}"`)}`, { token: server.ownerToken })).body.totalItems).toBe(200);
  });
});
