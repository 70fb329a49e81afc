/**
 * Gallery cookies behind TLS (issue 37): over HTTPS (here: `X-Forwarded-Proto: https` from the trusted proxy
 * address, loopback) the session and PIN cookies are `__Host-` cookies (Secure, Path=/, no Domain), which a
 * sibling subdomain cannot plant, and an unprefixed cookie of the same gallery is not read there, so a
 * planted session holding the planter's person is worth nothing. Over plain HTTP (development) they keep
 * their plain names and `/api/gallery/` path, and work.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryHelpers } from "./gallery-fixture";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

const { makeClient } = galleryHelpers(() => server, "Cookie Jar");
const HTTPS = { "X-Forwarded-Proto": "https" };

async function call(method: string, pathname: string, headers: Record<string, string>, json?: unknown) {
  const res = await fetch(server.url + pathname, {
    method,
    headers: { ...headers, ...(json === undefined ? {} : { "Content-Type": "application/json" }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  await res.arrayBuffer();
  return { status: res.status, setCookie: res.headers.get("set-cookie") ?? "" };
}

describe("gallery cookies", () => {
  it("are __Host- cookies over HTTPS, and the unprefixed name is not read there", async () => {
    const c = await makeClient({ downloadMode: "originals", downloadPin: "4821" });
    const verified = await call("POST", `/api/gallery/${c.accessUrl}/verify`, HTTPS, { accessCode: c.accessCode });
    expect(verified.status).toBe(200);
    expect(verified.setCookie).toMatch(new RegExp(`^__Host-sg_gallery_${c.id}=`));
    expect(verified.setCookie).toMatch(/; Path=\/;/);
    expect(verified.setCookie).toMatch(/; Secure/);
    expect(verified.setCookie).toMatch(/; HttpOnly/);
    expect(verified.setCookie).not.toMatch(/Domain=/i);
    const cookie = verified.setCookie.split(";")[0]!;
    expect((await call("GET", `/api/gallery/${c.accessUrl}/all-images`, { ...HTTPS, Cookie: cookie })).status).toBe(200);

    // The same token under the plain name, as a sibling subdomain could plant it, opens nothing over HTTPS.
    const planted = `sg_gallery_${c.id}=${cookie.slice(cookie.indexOf("=") + 1)}`;
    expect((await call("GET", `/api/gallery/${c.accessUrl}/all-images`, { ...HTTPS, Cookie: planted })).status).toBe(401);

    const pin = await call("POST", `/api/gallery/${c.accessUrl}/download-pin`, { ...HTTPS, Cookie: cookie }, { pin: "4821" });
    expect(pin.status).toBe(200);
    expect(pin.setCookie).toMatch(new RegExp(`^__Host-sg_dlpin_${c.id}=.*; Path=/;.*; Secure`));
  });

  it("keep their plain names and path over plain HTTP, where they work", async () => {
    const c = await makeClient({ downloadMode: "originals", downloadPin: "4821" });
    const verified = await call("POST", `/api/gallery/${c.accessUrl}/verify`, {}, { accessCode: c.accessCode });
    expect(verified.status).toBe(200);
    expect(verified.setCookie).toMatch(new RegExp(`^sg_gallery_${c.id}=.*; Path=/api/gallery/;`));
    expect(verified.setCookie).not.toMatch(/Secure/);
    const cookie = verified.setCookie.split(";")[0]!;
    expect((await call("GET", `/api/gallery/${c.accessUrl}/all-images`, { Cookie: cookie })).status).toBe(200);
    const pin = await call("POST", `/api/gallery/${c.accessUrl}/download-pin`, { Cookie: cookie }, { pin: "4821" });
    expect(pin.status).toBe(200);
    expect(pin.setCookie).toMatch(new RegExp(`^sg_dlpin_${c.id}=.*; Path=/api/gallery/;`));
  });
});
