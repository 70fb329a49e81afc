/**
 * Activity counters against the real server (issue 12): views, distinct sessions, the last visit and
 * downloads, counted by the hooks in one statement each (never lost under parallel requests), with nothing
 * of the visitor stored, and read only by the studio owner.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addPhoto } from "./studio-fixture";
import { createVisitorUser, resetAccessGuards, startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());
beforeEach(async () => {
  await server.restart(); // a fresh rate limiter for each test
  await resetAccessGuards(server);
});

interface Client {
  id: string;
  accessUrl: string;
  accessCode: string;
}

interface Activity {
  id: string;
  client: string;
  views: number;
  sessions: number;
  singleDownloads: number;
  zipDownloads: number;
  zipPhotos: number;
  lastVisit: string;
}

let seed = 1;
async function gallery(fields: Record<string, unknown> = {}): Promise<{ client: Client; image: string }> {
  const r = await server.api<Client>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "Grace Hopper", ...fields } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { client: r.body, image: await addPhoto(server, r.body.id, "photo.png", seed++) };
}

async function unlock(client: Client, cookie?: string): Promise<string> {
  const r = await server.api("POST", `/api/gallery/${client.accessUrl}/verify`, { json: { accessCode: client.accessCode }, cookie });
  expect(r.status).toBe(200);
  return r.headers.get("set-cookie")!.split(";")[0]!;
}

async function activityOf(clientId: string, token = server.ownerToken): Promise<Activity | null> {
  const r = await server.api<{ items: Activity[] }>("GET", `/api/collections/gallery_activity/records?filter=${encodeURIComponent(`client="${clientId}"`)}`, { token });
  expect(r.status).toBe(200);
  return r.body.items[0] ?? null;
}

/** Sets a stored last visit (superusers may write any record; the owner may not write this one). */
async function setVisit(id: string, lastVisit: string) {
  const r = await server.api("PATCH", `/api/collections/gallery_activity/records/${id}`, { token: server.superToken, json: { lastVisit } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

const get = (path: string, cookie?: string) => server.api("GET", path, { cookie });

describe("gallery activity", () => {
  it("counts views (unlocks), distinct sessions and the last visit", async () => {
    const { client } = await gallery();
    expect(await activityOf(client.id)).toBeNull();
    const first = await unlock(client);
    const before = Date.now();
    await unlock(client, first); // the same session unlocks again: a view, not a new session
    await unlock(client); // another browser
    const byCode = await server.api("POST", "/api/gallery/access", { json: { accessCode: client.accessCode } });
    expect(byCode.status).toBe(200);
    const a = (await activityOf(client.id))!;
    expect(a).toMatchObject({ views: 4, sessions: 3, singleDownloads: 0, zipDownloads: 0, zipPhotos: 0 });
    expect(Math.abs(Date.parse(a.lastVisit.replace(" ", "T")) - before)).toBeLessThan(60_000);
  });

  it("does not count a wrong code, a locked visitor or the owner as a visit", async () => {
    const { client } = await gallery();
    expect((await server.api("POST", `/api/gallery/${client.accessUrl}/verify`, { json: { accessCode: "WRONG-CODE" } })).status).toBe(401);
    expect((await get(`/api/gallery/${client.accessUrl}`)).status).toBe(200);
    expect((await server.api("GET", `/api/gallery/${client.accessUrl}`, { token: server.ownerToken })).status).toBe(200);
    expect(await activityOf(client.id)).toBeNull();
  });

  it("moves the last visit when a visitor with a session opens the gallery again, at most once a minute", async () => {
    const { client } = await gallery();
    const cookie = await unlock(client);
    const firstVisit = (await activityOf(client.id))!.lastVisit;
    expect((await get(`/api/gallery/${client.accessUrl}`, cookie)).status).toBe(200);
    expect((await activityOf(client.id))!.lastVisit).toBe(firstVisit); // a reload within the minute writes nothing
    // Two minutes later (the stored visit set back, as the superuser may): the visit moves.
    const row = (await activityOf(client.id))!;
    const older = new Date(Date.now() - 120_000).toISOString().replace("T", " ");
    await setVisit(row.id, older);
    expect((await get(`/api/gallery/${client.accessUrl}`, cookie)).status).toBe(200);
    const a = (await activityOf(client.id))!;
    expect(a.lastVisit > older).toBe(true);
    expect(a).toMatchObject({ views: 1, sessions: 1 });
  });

  it("counts single downloads, zips and the photos served into zips; viewing is no download", async () => {
    const { client, image } = await gallery();
    const cookie = await unlock(client);
    expect((await get(`/api/gallery/image/${image}?size=400`, cookie)).status).toBe(200);
    expect((await get(`/api/gallery/image/${image}?thumbnail=true`, cookie)).status).toBe(200);
    expect((await get(`/api/gallery/image/${image}?download=single`, cookie)).status).toBe(200);
    expect((await get(`/api/gallery/image/${image}?size=2048&download=single`, cookie)).status).toBe(200);
    expect((await server.api("POST", `/api/gallery/${client.accessUrl}/activity/zip`, { cookie })).status).toBe(204);
    expect((await get(`/api/gallery/image/${image}?download=zip`, cookie)).status).toBe(200);
    expect((await get(`/api/gallery/image/${image}?download=zip`, cookie)).status).toBe(200);
    // A download is counted just after its file is sent: the count may land a moment after the answer.
    await expect.poll(() => activityOf(client.id)).toMatchObject({ views: 1, singleDownloads: 2, zipDownloads: 1, zipPhotos: 2 });
  });

  it("does not count the owner's downloads, refused downloads or a zip without a session", async () => {
    const { client, image } = await gallery({ downloadMode: "off" });
    expect((await server.api("GET", `/api/gallery/image/${image}?download=single`, { token: server.ownerToken })).status).toBe(200);
    expect((await server.api("POST", `/api/gallery/${client.accessUrl}/activity/zip`)).status).toBe(401);
    const cookie = await unlock(client);
    expect((await get(`/api/gallery/image/${image}?download=single`, cookie)).status).toBe(403);
    expect((await server.api("POST", `/api/gallery/${client.accessUrl}/activity/zip`, { cookie })).status).toBe(403);
    expect(await activityOf(client.id)).toMatchObject({ views: 1, singleDownloads: 0, zipDownloads: 0, zipPhotos: 0 });
  });

  it("loses no count under parallel requests", async () => {
    const { client, image } = await gallery();
    const cookie = await unlock(client);
    const statuses = await Promise.all([
      ...Array.from({ length: 30 }, () => get(`/api/gallery/image/${image}?download=single`, cookie).then((r) => r.status)),
      ...Array.from({ length: 30 }, () => get(`/api/gallery/image/${image}?download=zip`, cookie).then((r) => r.status)),
      // Visits race the counters' row too (unlocks can't: parallel code checks look like guessing).
      ...Array.from({ length: 10 }, () => get(`/api/gallery/${client.accessUrl}`, cookie).then((r) => r.status)),
    ]);
    expect(statuses.every((s) => s === 200)).toBe(true);
    await expect.poll(() => activityOf(client.id)).toMatchObject({ views: 1, sessions: 1, singleDownloads: 30, zipPhotos: 30 });
  });

  it("stores no address and no session: only the gallery, counters and times", async () => {
    const { client, image } = await gallery();
    const res = await fetch(`${server.url}/api/gallery/${client.accessUrl}/verify`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.77", "X-Real-IP": "203.0.113.77", "User-Agent": "Agent-Smith/1.0" },
      body: JSON.stringify({ accessCode: client.accessCode }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
    await get(`/api/gallery/image/${image}?download=single`, cookie);
    const stored = await server.api<{ items: Record<string, unknown>[] }>("GET", `/api/collections/gallery_activity/records?filter=${encodeURIComponent(`client="${client.id}"`)}`, {
      token: server.superToken,
    });
    const row = stored.body.items[0]!;
    expect(Object.keys(row).sort()).toEqual(["client", "collectionId", "collectionName", "created", "id", "lastVisit", "sessions", "singleDownloads", "updated", "views", "zipDownloads", "zipPhotos"]);
    const text = JSON.stringify(row);
    for (const secret of ["203.0.113.77", "127.0.0.1", "Agent-Smith", cookie.split("=")[1]!]) expect(text).not.toContain(secret);
  });

  it("is read by the studio owner only, and written by nobody through the API", async () => {
    const { client } = await gallery();
    const cookie = await unlock(client);
    const row = (await activityOf(client.id))!;
    const other = await createVisitorUser(server, `reader-${Date.now()}@studio.test`);
    for (const opts of [{}, { cookie }, { token: other.token }]) {
      const list = await server.api<{ items: unknown[] }>("GET", "/api/collections/gallery_activity/records", opts);
      expect(list.body.items ?? []).toHaveLength(0);
      expect((await server.api("GET", `/api/collections/gallery_activity/records/${row.id}`, opts)).status).toBe(404);
    }
    const owner = { token: server.ownerToken };
    expect((await server.api("POST", "/api/collections/gallery_activity/records", { ...owner, json: { client: client.id, views: 99 } })).status).toBe(403);
    expect((await server.api("PATCH", `/api/collections/gallery_activity/records/${row.id}`, { ...owner, json: { views: 99 } })).status).toBe(403);
    expect((await server.api("DELETE", `/api/collections/gallery_activity/records/${row.id}`, owner)).status).toBe(403);
    expect((await activityOf(client.id))!.views).toBe(1);
  });
});
