/**
 * The visitor gallery endpoints against the real server: codes, sessions in HttpOnly cookies, revocation,
 * disabled and expired galleries and the IP rate limit. PocketBase's limiter allows 10 POSTs a minute per IP
 * on /api/gallery/; tests that post restart the server first (limiter counters live in memory) and forget
 * the brute-force budget (in the database; access-budget.test.ts). What a visitor sees once in:
 * gallery-images.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { galleryHelpers } from "./gallery-fixture";
import { resetAccessGuards, startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

const { makeClient, updateClient, addImage, unlock } = galleryHelpers(() => server);

describe("gallery info and access", () => {
  beforeEach(async () => {
    await server.restart();
    await resetAccessGuards(server);
  });

  it("finds a gallery by its code alone and sets the session cookie", async () => {
    const c = await makeClient();
    const r = await server.api<{ accessUrl: string }>("POST", "/api/gallery/access", { json: { accessCode: c.accessCode } });
    expect(r.status).toBe(200);
    expect(r.body.accessUrl).toBe(c.accessUrl);
    const cookie = r.headers.get("set-cookie")!.split(";")[0]!;
    const session = await server.api<{ verified: boolean }>("GET", `/api/gallery/${c.accessUrl}/verify-session`, { cookie });
    expect(session.body.verified).toBe(true);
  });

  it("answers a wrong code with 401 and the specification's message", async () => {
    await makeClient();
    const r = await server.api<{ message: string }>("POST", "/api/gallery/access", { json: { accessCode: "NOPE00" } });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe("The access code provided is invalid or expired.");
  });

  it("shows a locked gallery's name but no images until unlocked", async () => {
    const c = await makeClient();
    await addImage(c.id, "one.png", 1);
    const locked = await server.api<{ name: string; accessCodeVerified: boolean; images: unknown[] }>("GET", `/api/gallery/${c.accessUrl}`);
    expect(locked.status).toBe(200);
    expect(locked.body).toMatchObject({ name: "Grace Hopper", accessCodeVerified: false, pagination: { total: 0 } });
    expect((await server.api("GET", `/api/gallery/${c.accessUrl}/images`)).status).toBe(401);
    expect((await server.api("GET", `/api/gallery/${c.accessUrl}/all-images`)).status).toBe(401);

    const cookie = await unlock(c);
    const open = await server.api<{ accessCodeVerified: boolean; images: Array<{ originalName: string }>; pagination: { total: number } }>(
      "GET",
      `/api/gallery/${c.accessUrl}`,
      { cookie },
    );
    expect(open.body.accessCodeVerified).toBe(true);
    // The images come from all-images; info only counts them (it used to build a first page nobody read).
    expect(open.body).not.toHaveProperty("images");
    expect(open.body.pagination.total).toBe(1);
    expect(open.headers.get("cache-control")).toBe("no-store");
  });

  it("answers wrong code 401, unknown gallery alike, disabled like unknown, expired 410", async () => {
    const c = await makeClient();
    const wrong = await server.api<{ message: string }>("POST", `/api/gallery/${c.accessUrl}/verify`, { json: { accessCode: "WRONG1" } });
    const unknown = await server.api<{ message: string }>("POST", "/api/gallery/nosuchgallery/verify", { json: { accessCode: "WRONG1" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);

    expect((await server.api("GET", "/api/gallery/nosuchgallery")).status).toBe(404);

    await updateClient(c.id, { enabled: false });
    const disabled = await server.api("GET", `/api/gallery/${c.accessUrl}`);
    const missing = await server.api("GET", "/api/gallery/nosuchgallery");
    expect(disabled.status).toBe(404);
    expect(disabled.body).toEqual(missing.body);
    const disabledVerify = await server.api("POST", `/api/gallery/${c.accessUrl}/verify`, { json: { accessCode: c.accessCode } });
    expect(disabledVerify.status).toBe(401);

    const e = await makeClient({ expirationDate: "2020-01-01 00:00:00.000Z" });
    expect((await server.api("GET", `/api/gallery/${e.accessUrl}`)).status).toBe(410);
    expect((await server.api("POST", `/api/gallery/${e.accessUrl}/verify`, { json: { accessCode: e.accessCode } })).status).toBe(410);
  });

  it("stops serving an open session the moment the gallery is disabled or expires", async () => {
    const c = await makeClient();
    await addImage(c.id, "x.png", 3);
    const cookie = await unlock(c);
    expect((await server.api("GET", `/api/gallery/${c.accessUrl}/images`, { cookie })).status).toBe(200);
    await updateClient(c.id, { expirationDate: "2020-01-01 00:00:00.000Z" });
    expect((await server.api("GET", `/api/gallery/${c.accessUrl}/images`, { cookie })).status).toBe(410);
    await updateClient(c.id, { expirationDate: "", enabled: false });
    expect((await server.api("GET", `/api/gallery/${c.accessUrl}/images`, { cookie })).status).toBe(404);
  });
});

describe("sessions are per gallery and per code", () => {
  beforeEach(async () => {
    await server.restart();
    await resetAccessGuards(server);
  });

  it("refuses another gallery's token, whatever cookie name it is sent under", async () => {
    const a = await makeClient({ name: "A" });
    const b = await makeClient({ name: "B" });
    const cookieA = await unlock(a);
    const tokenA = cookieA.split("=")[1];
    expect((await server.api("GET", `/api/gallery/${b.accessUrl}/images`, { cookie: cookieA })).status).toBe(401);
    const forged = `sg_gallery_${b.id}=${tokenA}`;
    expect((await server.api("GET", `/api/gallery/${b.accessUrl}/images`, { cookie: forged })).status).toBe(401);
    const check = await server.api<{ verified: boolean }>("GET", `/api/gallery/${b.accessUrl}/verify-session`, { cookie: forged });
    expect(check.body.verified).toBe(false);
  });

  it("revokes every session when the access code changes", async () => {
    const c = await makeClient();
    const cookie = await unlock(c);
    expect((await server.api("GET", `/api/gallery/${c.accessUrl}/all-images`, { cookie })).status).toBe(200);
    await updateClient(c.id, { accessCode: "NEWCODE" });
    expect((await server.api("GET", `/api/gallery/${c.accessUrl}/all-images`, { cookie })).status).toBe(401);
    const check = await server.api<{ verified: boolean }>("GET", `/api/gallery/${c.accessUrl}/verify-session`, { cookie });
    expect(check.body.verified).toBe(false);
  });
});

describe("attempt limits", () => {
  beforeEach(async () => {
    await server.restart();
    await resetAccessGuards(server);
  });

  it("answers the 11th gallery POST within a minute from one address with 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      // Blank codes: refused before any code is checked, so only PocketBase's limiter counts them.
      statuses.push((await server.api("POST", "/api/gallery/access", { json: { accessCode: "" } })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });
});
