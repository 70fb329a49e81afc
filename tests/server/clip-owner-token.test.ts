/**
 * The owner's `<video>` streams a clip with a file token in the query (issue 38): a `<video>` cannot send the
 * owner's Authorization header, so the image route also takes PocketBase's own short-lived file token, of the
 * studio owner only, on a clip's playing requests (`?video=`) only. Against the real server: the owner's token
 * streams ranges (206); no token, a visitor account's, a superuser's, an auth token, an expired or malformed
 * one are refused; and the token opens nothing else (a photo's files, a clip's poster, a visitor's refusals).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addClip, makeClip } from "./clip-serving-fixture";
import { galleryHelpers } from "./gallery-fixture";
import { createVisitorUser, startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let web: Buffer;
let original: Buffer;
beforeAll(async () => {
  server = await startTestServer();
  web = makeClip("mp4");
  original = makeClip("mov", 3, "192x144");
});
afterAll(async () => server?.stop());

const { makeClient, addImage, unlock } = galleryHelpers(() => server, "Ansel Adams");

const get = (imageId: string, query: string, headers: Record<string, string> = {}) => fetch(`${server.url}/api/gallery/image/${imageId}${query}`, { headers });
const bytes = async (r: Response) => Buffer.from(await r.arrayBuffer());
async function fileToken(authToken: string): Promise<string> {
  const r = await server.api<{ token: string }>("POST", "/api/files/token", { token: authToken });
  expect(r.status).toBe(200);
  return r.body.token;
}

describe("the owner's file token in a clip's address", () => {
  it("streams the owner's ranges of the web version and of the original", async () => {
    const c = await makeClient();
    const clip = await addClip(server, c.id, { webStatus: "made", original, originalType: "video/quicktime", webVideo: web });
    const token = await fileToken(server.ownerToken);
    const part = await get(clip, `?video=web&token=${token}`, { Range: "bytes=1000-1999" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-type")).toBe("video/mp4");
    expect(part.headers.get("content-range")).toBe(`bytes 1000-1999/${web.length}`);
    expect(part.headers.get("cache-control")).toBe("private, no-cache");
    expect((await bytes(part)).equals(web.subarray(1000, 2000))).toBe(true);
    // The owner's viewer may play the original too (a visitor gets it only while there is no web version).
    const shot = await get(clip, `?video=original&token=${token}`, { Range: "bytes=0-99" });
    expect(shot.status).toBe(206);
    expect((await bytes(shot)).equals(original.subarray(0, 100))).toBe(true);
  });

  it("refuses no token, another account's, a superuser's, an auth token, a malformed or expired one", async () => {
    const c = await makeClient();
    const clip = await addClip(server, c.id, { webStatus: "made", original, originalType: "video/quicktime", webVideo: web });
    const range = { Range: "bytes=0-9" };
    expect((await get(clip, "?video=web", range)).status).toBe(404);
    const visitor = await createVisitorUser(server, "someone@studio.test");
    expect((await get(clip, `?video=web&token=${await fileToken(visitor.token)}`, range)).status).toBe(404);
    expect((await get(clip, `?video=web&token=${await fileToken(server.superToken)}`, range)).status).toBe(404);
    expect((await get(clip, `?video=web&token=${server.ownerToken}`, range)).status).toBe(404);
    const token = await fileToken(server.ownerToken);
    expect((await get(clip, `?video=web&token=${token.slice(0, -4)}abcd`, range)).status).toBe(404);
    expect((await get(clip, "?video=web&token=not-a-token", range)).status).toBe(404);

    // File tokens live minutes (the users collection's fileToken duration): shortened to its least, 10 s.
    const users = await server.api<{ fileToken: { duration: number } }>("GET", "/api/collections/users", { token: server.superToken });
    const duration = users.body.fileToken.duration;
    await server.api("PATCH", "/api/collections/users", { token: server.superToken, json: { fileToken: { duration: 10 } } });
    try {
      const short = await fileToken(server.ownerToken);
      expect((await get(clip, `?video=web&token=${short}`, range)).status).toBe(206);
      await new Promise((r) => setTimeout(r, 11_000));
      expect((await get(clip, `?video=web&token=${short}`, range)).status).toBe(404);
    } finally {
      await server.api("PATCH", "/api/collections/users", { token: server.superToken, json: { fileToken: { duration } } });
    }
  }, 30_000);

  it("opens nothing else: a photo's files, a clip's poster and original file, a visitor's refusals", async () => {
    const c = await makeClient({ downloadMode: "web" });
    const clip = await addClip(server, c.id, { webStatus: "made", original, originalType: "video/quicktime", webVideo: web });
    const photo = await addImage(c.id, "photo.png", 7);
    const token = await fileToken(server.ownerToken);
    for (const query of ["", "?preview=true", "?thumbnail=true", "?size=800", "?download=single"]) {
      expect((await get(photo, `${query}${query ? "&" : "?"}token=${token}`)).status, `photo ${query}`).toBe(404);
      expect((await get(clip, `${query}${query ? "&" : "?"}token=${token}`)).status, `clip ${query}`).toBe(404);
    }
    expect((await get(photo, `?video=web&token=${token}`)).status).toBe(404);
    // A visitor's session with the owner's token is still a visitor's: a photo's original refused in "web" mode.
    const cookie = await unlock(c);
    expect((await get(photo, `?download=single&token=${token}`, { Cookie: cookie })).status).toBe(403);
    expect((await get(photo, "?download=single", { Cookie: cookie })).status).toBe(403);
    expect((await get(clip, "?video=original", { Cookie: cookie })).status).toBe(404);
  });
});
