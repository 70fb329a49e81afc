/**
 * Refusals as codes (issue 37, item 9), against the real server: every refusal a visitor or the owner can
 * meet answers with its stable code and parameters in `data.refusal` (pb_hooks/lib/rules/refusals.js) beside the
 * English `message`, through a thrown error (which PocketBase sanitises) as through an `e.json` answer; a form
 * field's error keeps its code under the field's name too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFUSALS } from "../../pb_hooks/lib/rules/refusals.js";
import { galleryHelpers, type Client } from "./gallery-fixture";
import { proofingHelpers } from "./proofing-fixture";
import { startTestServer, type ApiResult, type TestServer } from "./test-server";

let server: TestServer;
const { makeClient, updateClient, addImage, unlock } = galleryHelpers(() => server, "Nan Goldin");
const { becomePerson, base, makeList } = proofingHelpers(() => server);

beforeAll(async () => {
  server = await startTestServer();
  // Many sessions from one address: the code routes' per-address limit is not what this tests.
  type Rule = { label: string; maxRequests: number };
  const settings = await server.api<{ rateLimits: { rules: Rule[] } }>("GET", "/api/settings", { token: server.superToken });
  const rules = settings.body.rateLimits.rules.map((r) => (r.label === "POST /api/gallery/" ? { ...r, maxRequests: 10_000 } : r));
  const trusted = { trustedProxy: { headers: ["X-Forwarded-For"], useLeftmostIP: true }, rateLimits: { rules } };
  expect((await server.api("PATCH", "/api/settings", { token: server.superToken, json: trusted })).status).toBe(200);
}, 60_000);
afterAll(async () => server?.stop());

type Body = { status: number; message: string; data: Record<string, { code: string; message: string; params?: Record<string, unknown> }> };

/** The answer is a refusal with this status, code and parameters; the English message names the same refusal. */
function expectRefusal(r: ApiResult<unknown>, status: number, code: keyof typeof REFUSALS, params?: Record<string, unknown>) {
  const body = r.body as Body;
  expect(r.status, JSON.stringify(body)).toBe(status);
  expect(body.data.refusal, JSON.stringify(body)).toMatchObject({ code, message: body.message });
  if (params) expect(body.data.refusal!.params).toEqual(params);
  else expect(body.data.refusal!.params).toBeUndefined();
  // The English fallback is the registry's, parameters filled in.
  let english: string = REFUSALS[code];
  for (const [name, value] of Object.entries(params ?? {})) english = english.replace(`{${name}}`, String(value));
  expect(body.message).toBe(english);
}

async function post(path: string, json: unknown, address = "10.7.0.1", cookie?: string) {
  const res = await fetch(server.url + path, { method: "POST", headers: { "Content-Type": "application/json", "X-Forwarded-For": address, ...(cookie ? { Cookie: cookie } : {}) }, body: JSON.stringify(json) });
  return { status: res.status, body: (await res.json()) as unknown, headers: res.headers };
}

describe("the gallery's door", () => {
  it("answers a missing, wrong or expired code, an unknown or expired gallery and a missing session with their codes", async () => {
    const c = await makeClient({ accessCode: "DOOR42" });
    expectRefusal(await post("/api/gallery/access", { accessCode: " " }, "10.7.1.1"), 400, "code_required");
    expectRefusal(await post("/api/gallery/access", { accessCode: "NOPE99" }, "10.7.1.2"), 401, "code_invalid");
    expectRefusal(await post(`/api/gallery/${c.accessUrl}/verify`, { accessCode: "NOPE99" }, "10.7.1.3"), 401, "code_invalid");
    expectRefusal(await server.api("GET", "/api/gallery/no-such-gallery"), 404, "gallery_not_found");
    expectRefusal(await server.api("GET", `/api/gallery/${c.accessUrl}/images`), 401, "session_required");
    const expired = await makeClient({ expirationDate: "2020-01-01 00:00:00.000Z" });
    expectRefusal(await server.api("GET", `/api/gallery/${expired.accessUrl}`), 410, "gallery_expired");
    expectRefusal(await post(`/api/gallery/${expired.accessUrl}/verify`, { accessCode: expired.accessCode }, "10.7.1.4"), 410, "gallery_expired");
  });

  it("makes an address that tried too many wrong codes wait, with the code and Retry-After", async () => {
    const c = await makeClient();
    for (let i = 0; i < 5; i++) expect((await post(`/api/gallery/${c.accessUrl}/verify`, { accessCode: `NOPE0${i}` }, "10.7.2.1")).status).toBe(401);
    const waited = await post(`/api/gallery/${c.accessUrl}/verify`, { accessCode: c.accessCode }, "10.7.2.1");
    expectRefusal(waited, 429, "too_many_attempts");
    expect(Number(waited.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("PocketBase's rate limiter", () => {
  it("answers with the too_many_requests code and Retry-After", async () => {
    const signIn = () => post("/api/collections/users/auth-with-password", { identity: "nobody@studio.test", password: "wrong-password" }, "10.7.9.1");
    let last = await signIn();
    for (let i = 0; i < 25 && last.status !== 429; i++) last = await signIn();
    expectRefusal(last, 429, "too_many_requests");
    expect(Number(last.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("PocketBase's sign-in", () => {
  it("answers a wrong password with the sign_in_failed code", async () => {
    const r = await post("/api/collections/users/auth-with-password", { identity: "owner@studio.test", password: "not-the-password" }, "10.7.9.2");
    expectRefusal(r, 400, "sign_in_failed");
  });
});

describe("downloads", () => {
  let c: Client;
  let image: string;
  let cookie: string;
  beforeAll(async () => {
    c = await makeClient({ downloadPin: "1234" });
    image = await addImage(c.id, "d1.png", 7);
    cookie = await unlock(c);
  });
  const original = (query = "download=single") => server.api("GET", `/api/gallery/image/${image}?${query}`, { cookie });

  it("asks for the PIN, refuses a malformed or wrong one, and names the gallery's mode and format", async () => {
    expectRefusal(await original(), 403, "pin_required");
    expectRefusal(await post(`/api/gallery/${c.accessUrl}/download-pin`, { pin: "12" }, "10.7.3.1", cookie), 400, "pin_format");
    expectRefusal(await post(`/api/gallery/${c.accessUrl}/download-pin`, { pin: "9999" }, "10.7.3.1", cookie), 401, "pin_wrong");
    await updateClient(c.id, { downloadPin: "", downloadMode: "web" });
    cookie = await unlock(c); // a PIN change ends the gallery's sessions
    expectRefusal(await original(), 403, "originals_off");
    await updateClient(c.id, { downloadMode: "originals" });
    expectRefusal(await original("download=single&format=jpeg"), 403, "jpeg_off");
    await updateClient(c.id, { downloadMode: "off" });
    expectRefusal(await original(), 403, "downloads_off");
    expectRefusal(await server.api("POST", `/api/gallery/${c.accessUrl}/activity/zip`, { cookie }), 403, "downloads_off");
    expectRefusal(await server.api("GET", `/api/gallery/image/nothing-here?thumbnail=true`, { cookie }), 404, "image_not_found");
  });
});

describe("proofing and people", () => {
  it("answers every proofing refusal with its code and parameters", async () => {
    const c = await makeClient();
    const other = await makeClient();
    const [a1, a2] = [await addImage(c.id, "p1.png", 11), await addImage(c.id, "p2.png", 12)];
    const elsewhere = await addImage(other.id, "o1.png", 13);
    const bare = await unlock(c);
    const put = (path: string, json: unknown, cookie: string) => server.api("PUT", `${base(c)}${path}`, { cookie, json });

    expectRefusal(await put(`/favourites/${a1}`, {}, bare), 409, "person_required");
    expectRefusal(await put("/person", { name: " " }, bare), 400, "name_required");
    expectRefusal(await put("/person", { name: "x".repeat(61) }, bare), 400, "name_too_long", { max: 60 });
    expectRefusal(await put("/person", { name: "Ann", email: "ann@" }, bare), 400, "email_invalid");
    expectRefusal(await put("/person/nobody12345678", {}, bare), 404, "person_not_found");
    const { cookie } = await becomePerson(c, bare, "Ann");
    expectRefusal(await put(`/favourites/${elsewhere}`, {}, cookie), 404, "photo_not_in_gallery");
    expectRefusal(await put(`/comments/${a1}`, { text: 5 }, cookie), 400, "comment_not_text");
    expectRefusal(await put(`/comments/${a1}`, { text: "x".repeat(2001) }, cookie), 400, "comment_too_long", { max: 2000 });
    const list = await makeList(c, "Album {{.limit}}", 1);
    expectRefusal(await put(`/lists/nolist1234567/${a1}`, {}, cookie), 404, "list_not_found");
    expect((await put(`/lists/${list}/${a1}`, {}, cookie)).status).toBe(200);
    expectRefusal(await put(`/lists/${list}/${a2}`, {}, cookie), 409, "list_full", { limit: 1, list: "Album {{.limit}}" });
    expect((await put("/submission", {}, cookie)).status).toBe(200);
    expectRefusal(await put(`/favourites/${a1}`, {}, cookie), 423, "selection_locked");
    expectRefusal(await put("/submission", {}, cookie), 423, "selection_submitted");
  });

  it("tells a session that made too many people how many it may make", async () => {
    const c = await makeClient();
    let cookie = await unlock(c);
    for (let i = 0; i < 20; i++) cookie = (await becomePerson(c, cookie, `Guest ${i}`)).cookie;
    expectRefusal(await server.api("PUT", `${base(c)}/person`, { cookie, json: { name: "One more" } }), 429, "people_session_full", { max: 20 });
  });
});

describe("the owner", () => {
  it("answers a taken code, a bad link, a set of another gallery, a bad image and a bad username with their codes, on the field too", async () => {
    const a = await makeClient({ accessCode: "OWNER1" });
    const other = await makeClient();
    const taken = await server.api<Body>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "B", accessCode: "owner1" } });
    expectRefusal(taken, 400, "access_code_taken");
    expect(taken.body.data.accessCode?.code).toBe("access_code_taken");
    const badUrl = await server.api<Body>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "B", accessUrl: "Bad URL" } });
    expectRefusal(badUrl, 400, "invalid_access_url");
    expect(badUrl.body.data.accessUrl?.code).toBe("invalid_access_url");
    const set = await server.api<{ id: string }>("POST", "/api/collections/sets/records", { token: server.ownerToken, json: { client: other.id, name: "Other's" } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const image = await addImage(a.id, "s1.png", 21);
    expectRefusal(await server.api("PATCH", `/api/collections/images/records/${image}`, { token: server.ownerToken, json: { set: set.body.id } }), 400, "set_of_other_gallery");
    const form = new FormData();
    for (const [k, v] of Object.entries({ client: a.id, originalName: "x.png", filename: "x.png", fileSize: "5", uploadedAt: new Date().toISOString() })) form.set(k, v);
    form.set("original", new File([new TextEncoder().encode("hello")], "x.png", { type: "image/png" }));
    const notImage = await server.api<Body>("POST", "/api/collections/images/records", { token: server.ownerToken, form });
    expectRefusal(notImage, 400, "validation_not_an_image");
    expect(notImage.body.data.original?.code).toBe("validation_not_an_image");
    expectRefusal(await server.api("POST", "/api/admin/update-username", { token: server.ownerToken, json: { username: "not an email" } }), 400, "username_invalid");
    expectRefusal(await server.api("POST", "/api/owner/test-email", { token: server.ownerToken, json: {} }), 400, "mail_not_configured");
  });
});
