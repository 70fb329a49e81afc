/**
 * Direct delivery (issue 39): with the files in a bucket, the image route answers a visitor, after all its checks,
 * with a redirect to a short-lived presigned URL, and the bucket (the signature-checking test S3) serves the bytes.
 * One PocketBase and one verifying S3 for the file; URLs live S3_URL_TTL=60 s here, and the bucket's clock is
 * moved past that to see one refused.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3Client, s3ConfigFromEnv } from "../../scripts/lib/s3.mjs";
import { galleryHelpers, pngBytes, type Client } from "./gallery-fixture";
import { startS3Server } from "./s3-server";
import { startTestServer, type TestServer } from "./test-server";

const TTL = 60;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let server: TestServer;
let bucket: ReturnType<typeof s3Client>;
beforeAll(async () => {
  s3 = await startS3Server();
  bucket = s3Client(s3ConfigFromEnv(s3.env)!);
  server = await startTestServer({ ...s3.env, S3_URL_TTL: String(TTL) });
});
afterAll(async () => {
  await server?.stop();
  await s3?.stop();
});

const { makeClient, updateClient, addImage, unlock } = galleryHelpers(() => server, "Berenice Abbott");
const sha = (b: Buffer | Uint8Array) => createHash("sha256").update(b).digest("hex");
const image = (id: string, query: string, cookie: string) => fetch(`${server.url}/api/gallery/image/${id}${query}`, { headers: { Cookie: cookie }, redirect: "manual" });

/** The redirect's target, checked to be a presigned URL of the bucket, and what the bucket answers for it. */
async function followed(res: Response) {
  expect(res.status).toBe(302);
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  const location = new URL(res.headers.get("location")!);
  expect(location.origin).toBe(s3.endpoint);
  expect(location.searchParams.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
  expect(Number(location.searchParams.get("X-Amz-Expires"))).toBeLessThanOrEqual(TTL);
  const fromBucket = await fetch(location);
  return { location, fromBucket, bytes: Buffer.from(await fromBucket.arrayBuffer()) };
}

async function storedKey(id: string, field: "original" | "thumbnail") {
  const r = await server.api<{ collectionId: string; original: string; thumbnail: string }>("GET", `/api/collections/images/records/${id}`, { token: server.ownerToken });
  return `${r.body.collectionId}/${id}/${r.body[field]}`;
}

describe("direct delivery from the bucket", () => {
  let client: Client;
  let photo: string;
  let cookie: string;
  beforeAll(async () => {
    client = await makeClient();
    photo = await addImage(client.id, "Hochzeit Müller.png", 7);
    cookie = await unlock(client);
  });

  it("redirects a visitor's thumbnail and original to the bucket, which serves the stored bytes with the right headers", async () => {
    const thumb = await followed(await image(photo, "?thumbnail=true", cookie));
    expect(thumb.fromBucket.status).toBe(200);
    expect(sha(thumb.bytes)).toBe(sha((await bucket.get(await storedKey(photo, "thumbnail")))!));
    expect(thumb.fromBucket.headers.get("content-type")).toBe("image/png");
    expect(thumb.fromBucket.headers.get("content-disposition")).toMatch(/^inline; filename="/);
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(thumb.fromBucket.headers.get("cache-control") ?? "")?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(TTL / 2); // never kept past the URL's life

    const original = await followed(await image(photo, "", cookie));
    expect(sha(original.bytes)).toBe(sha(pngBytes(7)));
    expect(original.fromBucket.headers.get("content-disposition")).toBe(`attachment; filename="Hochzeit M_ller.png"; filename*=UTF-8''Hochzeit%20M%C3%BCller.png`);
    // The same file asked again in the same window gets the same URL: the browser's cache works.
    expect((await image(photo, "", cookie)).headers.get("location")).toBe(original.location.href);
  });

  it("gives nothing to a request without a session, with another gallery's session, or for a photo in the trash", async () => {
    expect((await image(photo, "?thumbnail=true", "")).status).toBe(404);
    const other = await makeClient();
    await addImage(other.id, "other.png", 8);
    const otherCookie = await unlock(other);
    const refused = await image(photo, "?thumbnail=true", otherCookie);
    expect(refused.status).toBe(404);
    expect(refused.headers.get("location")).toBeNull();

    const trashed = await addImage(client.id, "trashed.png", 9);
    expect((await image(trashed, "?thumbnail=true", cookie)).status).toBe(302);
    const patched = await server.api("PATCH", `/api/collections/images/records/${trashed}`, { token: server.ownerToken, json: { trashedAt: "2026-11-28 10:00:00.000Z" } });
    expect(patched.status).toBe(200);
    const gone = await image(trashed, "?thumbnail=true", cookie);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("location")).toBeNull();
  });

  it("asks for the PIN before it hands out a download's URL, and downloads are off when the gallery says so", async () => {
    const c = await makeClient({ downloadPin: "4821" });
    const id = await addImage(c.id, "pinned.png", 10);
    const visitor = await unlock(c);
    const refused = await image(id, "", visitor);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("location")).toBeNull();
    expect((await server.api("POST", `/api/gallery/${c.accessUrl}/download-pin`, { cookie: visitor, json: { pin: "0000" } })).status).toBe(401);
    expect((await image(id, "?size=2048&download=zip", visitor)).status).toBe(403);
    const right = await server.api("POST", `/api/gallery/${c.accessUrl}/download-pin`, { cookie: visitor, json: { pin: "4821" } });
    const both = `${visitor}; ${(right.headers.get("set-cookie") ?? "").split(";")[0]}`;
    expect(sha((await followed(await image(id, "", both))).bytes)).toBe(sha(pngBytes(10)));

    await updateClient(c.id, { downloadMode: "off" });
    expect((await image(id, "", both)).status).toBe(403);
    expect((await image(id, "?thumbnail=true", both)).status).toBe(302); // viewing stays open
  });

  it("stops handing out URLs the moment a gallery is disabled mid-visit", async () => {
    const c = await makeClient();
    const id = await addImage(c.id, "visit.png", 11);
    const visitor = await unlock(c);
    expect((await image(id, "?thumbnail=true", visitor)).status).toBe(302);
    await updateClient(c.id, { enabled: false });
    const after = await image(id, "?thumbnail=true", visitor);
    expect(after.status).not.toBe(302);
    expect(after.headers.get("location")).toBeNull();
    // Disabling revoked the session: enabled again, the gallery asks for its code before any URL.
    await updateClient(c.id, { enabled: true });
    expect((await image(id, "?thumbnail=true", visitor)).status).toBe(404);
    expect((await image(id, "?thumbnail=true", await unlock(c))).status).toBe(302);
  });

  it("hands out URLs the bucket refuses once their life is over", async () => {
    const res = await image(photo, "?thumbnail=true", cookie);
    const url = res.headers.get("location")!;
    expect((await fetch(url)).status).toBe(200);
    s3.advanceClock(TTL + 1);
    try {
      const late = await fetch(url);
      expect(late.status).toBe(403);
      expect(await late.text()).toContain("Request has expired");
    } finally {
      s3.advanceClock(-(TTL + 1));
    }
  });

  it("lets the visitor's page load from the bucket (CSP), and keeps the owner's own reads streamed", async () => {
    const page = await fetch(`${server.url}/gallery/${client.accessUrl}`);
    const csp = page.headers.get("content-security-policy") ?? "";
    for (const directive of ["img-src", "media-src", "connect-src"]) expect(csp).toMatch(new RegExp(`${directive} [^;]*${s3.endpoint.replace(/[.:/]/g, "\\$&")}`));
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval';/); // nothing else widened
    const owner = await fetch(`${server.url}/api/gallery/image/${photo}`, { headers: { Authorization: server.ownerToken }, redirect: "manual" });
    expect(owner.status).toBe(200);
    expect(sha(Buffer.from(await owner.arrayBuffer()))).toBe(sha(pngBytes(7)));
  });
});
