/**
 * 'Preview as client' against the real server (issue 27): only the signed-in studio owner gets a preview
 * session of a gallery; it opens the gallery as a visitor's session would, without the code, and records
 * nothing (no activity, no person, no favourite, no submission) and needs no download PIN. Refused without
 * the owner's auth, for another account, for a gallery not on the server or closed to clients, and once it
 * has expired or the gallery's code changed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { galleryHelpers, type Client } from "./gallery-fixture";
import { proofingHelpers } from "./proofing-fixture";
import { createVisitorUser, resetAccessGuards, startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());
beforeEach(async () => resetAccessGuards(server));

const { makeClient, updateClient, addImage, unlock } = galleryHelpers(() => server);
const proofing = proofingHelpers(() => server);

/** The owner's preview of `client`: the answer and the "name=value" cookie the browser would keep. */
async function preview(clientId: string, token = server.ownerToken) {
  const r = await server.api<{ accessUrl: string; expiresIn: number; message?: string; data?: { reason?: string } }>("POST", `/api/owner/preview/${clientId}`, { token });
  const setCookie = r.headers.get("set-cookie") ?? "";
  return { ...r, setCookie, cookie: setCookie.split(";")[0]! };
}

async function info(client: Client, cookie: string) {
  const r = await server.api<{ accessCodeVerified: boolean; preview?: boolean; client?: string; delivery: { pinVerified: boolean } | null }>("GET", `/api/gallery/${client.accessUrl}?first=10`, { cookie });
  expect(r.status).toBe(200);
  return r.body;
}

async function activityOf(clientId: string) {
  return proofing.ownerList("gallery_activity", `client = "${clientId}"`);
}

describe("preview as client", () => {
  it("opens the gallery for the owner without its code, and records nothing", async () => {
    const client = await makeClient({ downloadMode: "originals", downloadPin: "4321" });
    const image = await addImage(client.id, "a.png", 1);
    const p = await preview(client.id);
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.accessUrl).toBe(client.accessUrl);
    expect(p.setCookie).toMatch(/HttpOnly/i);
    expect(p.setCookie).toMatch(/Path=\/api\/gallery\//);
    expect(Number(/Max-Age=(\d+)/i.exec(p.setCookie)?.[1])).toBeLessThanOrEqual(30 * 60);
    const seen = await info(client, p.cookie);
    expect(seen).toMatchObject({ accessCodeVerified: true, preview: true, client: client.id, delivery: { pinVerified: true } });
    // The original, as a download, with no PIN proven: served, and not counted.
    const original = await server.api("GET", `/api/gallery/image/${image}?download=single`, { cookie: p.cookie });
    expect(original.status).toBe(200);
    expect((await server.api("POST", `/api/gallery/${client.accessUrl}/activity/zip`, { cookie: p.cookie })).status).toBe(204);
    expect(await activityOf(client.id)).toEqual([]);
    // A visitor's session of the same gallery is no preview, and is counted.
    const visitor = await unlock(client);
    expect(await info(client, visitor)).toMatchObject({ accessCodeVerified: true, delivery: { pinVerified: false } });
    expect((await info(client, visitor)).preview).toBeUndefined();
    expect((await activityOf(client.id)).length).toBe(1);
  });

  it("writes no person, favourite, pick, comment or submission", async () => {
    const client = await makeClient();
    const image = await addImage(client.id, "b.png", 2);
    const list = await proofing.makeList(client, "Album", 5);
    const { cookie } = await preview(client.id);
    const base = proofing.base(client);
    const writes = [
      await server.api("PUT", `${base}/person`, { cookie, json: { name: "Owner" } }),
      await server.api("PUT", `${base}/favourites/${image}`, { cookie }),
      await server.api("PUT", `${base}/lists/${list}/${image}`, { cookie }),
      await server.api("PUT", `${base}/comments/${image}`, { cookie, json: { text: "nice" } }),
      await server.api("PUT", `${base}/submission`, { cookie }),
    ];
    expect(writes.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    for (const collection of ["proof_people", "proof_favourites", "proof_picks", "proof_comments", "proof_states"]) {
      expect(await proofing.ownerList(collection, `client = "${client.id}"`), collection).toEqual([]);
    }
  });

  it("is refused without the owner's auth, to another account, and for a gallery not on the server or closed", async () => {
    const client = await makeClient();
    const none = await preview(client.id, "");
    expect(none.status).toBe(401);
    expect(none.setCookie).toBe("");
    const other = await createVisitorUser(server, "someone@studio.test");
    const refused = await preview(client.id, other.token);
    expect(refused.status).toBe(403);
    expect(refused.setCookie).toBe("");
    expect((await preview("abcdefghijklmno")).status).toBe(404);
    const disabled = await makeClient({ enabled: false });
    const closed = await preview(disabled.id);
    expect(closed.status).toBe(409);
    expect(closed.body.data?.reason).toBe("disabled");
    expect(closed.setCookie).toBe("");
  });

  it("opens only its own gallery, and no more once the gallery's code changes", async () => {
    const a = await makeClient();
    const b = await makeClient();
    const imageOfB = await addImage(b.id, "c.png", 3);
    const { cookie } = await preview(a.id);
    // Another gallery's cookie name, with this preview's token: a token of one gallery never opens another.
    const forged = cookie.replace(a.id, b.id);
    expect((await info(b, forged)).accessCodeVerified).toBe(false);
    expect((await server.api("GET", `/api/gallery/image/${imageOfB}`, { cookie: forged })).status).toBe(404);
    expect((await info(a, cookie)).accessCodeVerified).toBe(true);
    await updateClient(a.id, { accessCode: "NEWCODE9" });
    expect((await info(a, cookie)).accessCodeVerified).toBe(false);
  });

  it("expires", async () => {
    await server.crash();
    await server.start({ GALLERY_PREVIEW_SECONDS: "2" });
    try {
      const client = await makeClient();
      const image = await addImage(client.id, "d.png", 4);
      const p = await preview(client.id);
      expect(p.body.expiresIn).toBe(2);
      expect((await server.api("GET", `/api/gallery/image/${image}`, { cookie: p.cookie })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 3100));
      expect((await info(client, p.cookie)).accessCodeVerified).toBe(false);
      expect((await server.api("GET", `/api/gallery/image/${image}`, { cookie: p.cookie })).status).toBe(404);
    } finally {
      await server.crash();
      await server.start();
    }
  });
});
