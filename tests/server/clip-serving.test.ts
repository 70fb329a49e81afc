/**
 * Serving clips against the real server (issue 38): the web version streams with Range answers (206, 416,
 * conditional requests) to the owner and to a visitor with a session, under the checks of a preview (no PIN);
 * a clip's downloads follow the gallery's delivery mode and PIN; the listing says what a clip is; activity
 * counts a clip's downloads, never its streaming.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addClip, makeClip } from "./clip-serving-fixture";
import { galleryHelpers } from "./gallery-fixture";
import { resetAccessGuards, startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let web: Buffer;
let original: Buffer;
beforeAll(async () => {
  server = await startTestServer();
  web = makeClip("mp4");
  original = makeClip("mov", 3, "192x144");
});
afterAll(async () => server?.stop());
// Each case unlocks several galleries from one address: a fresh start of the per-address limits.
beforeEach(async () => {
  await server.restart();
  await resetAccessGuards(server);
});

const { makeClient, updateClient, unlock } = galleryHelpers(() => server, "Ansel Adams");

const get = (imageId: string, query: string, headers: Record<string, string> = {}) => fetch(`${server.url}/api/gallery/image/${imageId}${query}`, { headers });
const bytes = async (r: Response) => Buffer.from(await r.arrayBuffer());

async function galleryWithClip(fields: Record<string, unknown> = {}, webStatus: "made" | "original" | "unsupported" = "made") {
  const c = await makeClient(fields);
  const clip = await addClip(server, c.id, webStatus === "made" ? { webStatus, original, originalType: "video/quicktime", webVideo: web } : webStatus === "original" ? { webStatus, name: "toast.mp4", original: web, originalType: "video/mp4" } : { webStatus, original, originalType: "video/quicktime" });
  return { c, clip, cookie: await unlock(c) };
}

describe("streaming a clip's web version", () => {
  it("answers ranges exactly (206), past the end 416, and conditional requests", async () => {
    const { clip, cookie } = await galleryWithClip();
    const whole = await get(clip, "?video=web", { Cookie: cookie });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect((await bytes(whole)).equals(web)).toBe(true);
    const etag = whole.headers.get("etag")!;

    const part = await get(clip, "?video=web", { Cookie: cookie, Range: "bytes=1000-1999" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 1000-1999/${web.length}`);
    expect((await bytes(part)).equals(web.subarray(1000, 2000))).toBe(true);
    const tail = await get(clip, "?video=web", { Cookie: cookie, Range: "bytes=-500" });
    expect(tail.status).toBe(206);
    expect((await bytes(tail)).equals(web.subarray(web.length - 500))).toBe(true);

    const past = await get(clip, "?video=web", { Cookie: cookie, Range: `bytes=${web.length + 10}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${web.length}`);

    expect((await get(clip, "?video=web", { Cookie: cookie, "If-None-Match": etag })).status).toBe(304);
    const same = await get(clip, "?video=web", { Cookie: cookie, Range: "bytes=0-99", "If-Range": etag });
    expect(same.status).toBe(206);
    const changed = await get(clip, "?video=web", { Cookie: cookie, Range: "bytes=0-99", "If-Range": '"another-file.mp4"' });
    expect(changed.status).toBe(200);
    expect((await bytes(changed)).length).toBe(web.length);
  });

  it("streams to the owner, and refuses no session, a revoked one, another gallery's, an expired or disabled gallery", async () => {
    const { c, clip, cookie } = await galleryWithClip();
    expect((await get(clip, "?video=web", { Authorization: server.ownerToken, Range: "bytes=0-9" })).status).toBe(206);
    expect((await get(clip, "?video=web")).status).toBe(404);
    const other = await galleryWithClip();
    expect((await get(clip, "?video=web", { Cookie: other.cookie })).status).toBe(404);
    expect((await get(clip, "?video=web", { Cookie: cookie })).status).toBe(200);

    await updateClient(c.id, { enabled: false });
    expect((await get(clip, "?video=web", { Cookie: cookie, Range: "bytes=0-9" })).status).not.toBe(206);
    await updateClient(c.id, { enabled: true });
    // Enabled again: the old session stays revoked; a new one plays.
    expect((await get(clip, "?video=web", { Cookie: cookie, Range: "bytes=0-9" })).status).toBe(404);
    const fresh = await unlock(c);
    expect((await get(clip, "?video=web", { Cookie: fresh, Range: "bytes=0-9" })).status).toBe(206);
    await updateClient(c.id, { expirationDate: "2020-01-01 00:00:00.000Z" });
    expect((await get(clip, "?video=web", { Cookie: fresh, Range: "bytes=0-9" })).status).not.toBe(206);
  });

  it("answers 404 for a photo, a clip without a web version, and the original of a clip that has one", async () => {
    const { c, clip, cookie } = await galleryWithClip();
    const photo = await galleryHelpers(() => server).addImage(c.id, "photo.png", 3);
    expect((await get(photo, "?video=web", { Cookie: cookie })).status).toBe(404);
    expect((await get(clip, "?video=original", { Cookie: cookie })).status).toBe(404);
    expect((await get(clip, "?video=other", { Cookie: cookie })).status).toBe(404);
    const shot = await galleryWithClip({}, "unsupported");
    expect((await get(shot.clip, "?video=web", { Cookie: shot.cookie })).status).toBe(404);
    // As shot, its original plays (a browser that can), typed as what its bytes are, with ranges.
    const played = await get(shot.clip, "?video=original", { Cookie: shot.cookie, Range: "bytes=0-99" });
    expect(played.status).toBe(206);
    expect(played.headers.get("content-type")).toBe("video/quicktime");
    expect((await bytes(played)).equals(original.subarray(0, 100))).toBe(true);
  });

  it("plays the original as its own web version when it is one", async () => {
    const { clip, cookie } = await galleryWithClip({}, "original");
    const r = await get(clip, "?video=web", { Cookie: cookie });
    expect(r.status).toBe(200);
    expect((await bytes(r)).equals(web)).toBe(true);
  });
});

describe("a clip's downloads", () => {
  it("originals: the original byte for byte, with ranges, as a photo's", async () => {
    const { clip, cookie } = await galleryWithClip();
    const r = await get(clip, "?download=single", { Cookie: cookie });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("video/quicktime");
    expect(r.headers.get("content-disposition")).toMatch(/attachment; filename="first-dance\.mov"/);
    expect((await bytes(r)).equals(original)).toBe(true);
    const part = await get(clip, "", { Cookie: cookie, Range: "bytes=50000-" });
    expect(part.status).toBe(206);
    expect((await bytes(part)).equals(original.subarray(50000))).toBe(true);
  });

  it("web: the web version named as the clip with .mp4, the original refused; off: streaming only", async () => {
    const webMode = await galleryWithClip({ downloadMode: "web" });
    expect((await get(webMode.clip, "?download=single", { Cookie: webMode.cookie })).status).toBe(403);
    const r = await get(webMode.clip, "?video=web&download=single", { Cookie: webMode.cookie });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-disposition")).toMatch(/attachment; filename="first-dance\.mp4"/);
    expect((await bytes(r)).equals(web)).toBe(true);
    // A clip delivered as shot downloads its original in "web" mode: it has nothing else.
    const shot = await galleryWithClip({ downloadMode: "web" }, "unsupported");
    const asShot = await get(shot.clip, "?video=original&download=zip", { Cookie: shot.cookie });
    expect(asShot.status).toBe(200);
    expect((await bytes(asShot)).equals(original)).toBe(true);

    const off = await galleryWithClip({ downloadMode: "off" });
    expect((await get(off.clip, "?video=web", { Cookie: off.cookie, Range: "bytes=0-9" })).status).toBe(206);
    expect((await get(off.clip, "?video=web&download=single", { Cookie: off.cookie })).status).toBe(403);
    expect((await get(off.clip, "", { Cookie: off.cookie })).status).toBe(403);
  });

  it("asks the PIN for a download, never for streaming", async () => {
    const { c, clip, cookie } = await galleryWithClip({ downloadPin: "2468" });
    expect((await get(clip, "?video=web", { Cookie: cookie, Range: "bytes=0-9" })).status).toBe(206);
    expect((await get(clip, "?video=web&download=single", { Cookie: cookie })).status).toBe(403);
    expect((await get(clip, "?download=single", { Cookie: cookie })).status).toBe(403);
    const right = await server.api("POST", `/api/gallery/${c.accessUrl}/download-pin`, { cookie, json: { pin: "2468" } });
    expect(right.status).toBe(200);
    const both = `${cookie}; ${(right.headers.get("set-cookie") ?? "").split(";")[0]}`;
    expect((await get(clip, "?download=single", { Cookie: both })).status).toBe(200);
  });
});

describe("a clip in the visitor's listing and activity", () => {
  it("lists kind, duration and web status", async () => {
    const { c, clip, cookie } = await galleryWithClip();
    const photo = await galleryHelpers(() => server).addImage(c.id, "photo.png", 5);
    const r = await server.api<{ images: Array<{ id: string; kind: string; duration: number; webStatus: string; codec: string }> }>("GET", `/api/gallery/${c.accessUrl}/all-images`, { cookie });
    expect(r.status).toBe(200);
    expect(r.body.images.find((i) => i.id === clip)).toMatchObject({ kind: "video", duration: 3.2, webStatus: "made", codec: "avc" });
    expect(r.body.images.find((i) => i.id === photo)).toMatchObject({ kind: "", duration: 0, webStatus: "", codec: "" });
  });

  it("counts a download once (not its later ranges), and never the streaming", async () => {
    const { c, clip, cookie } = await galleryWithClip();
    for (const range of ["bytes=0-", "bytes=1000-1999", "bytes=2000-"]) await bytes(await get(clip, "?video=web", { Cookie: cookie, Range: range }));
    await bytes(await get(clip, "?download=single", { Cookie: cookie, Range: "bytes=0-" }));
    await bytes(await get(clip, "?download=single", { Cookie: cookie, Range: "bytes=5000-" }));
    await bytes(await get(clip, "?download=single", { Cookie: cookie }));
    const activity = async () => {
      const r = await server.api<{ items: Array<{ singleDownloads: number }> }>("GET", `/api/collections/gallery_activity/records?filter=${encodeURIComponent(`client="${c.id}"`)}`, { token: server.ownerToken });
      return r.body.items[0]?.singleDownloads;
    };
    await expect.poll(activity).toBe(2);
  });
});
