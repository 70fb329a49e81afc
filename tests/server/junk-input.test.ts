/**
 * Junk input (issue 24): on the gallery doors a body that is not a JSON object with a code is a 400, never a
 * wrong code (401); bidi override and isolate controls never reach a stored client name.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryHelpers } from "./gallery-fixture";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

const { makeClient } = galleryHelpers(() => server);

describe("junk bodies", () => {
  it("answers 400 to a body that is not a JSON object on /verify and /access, and 401 to a wrong code", async () => {
    const c = await makeClient({ accessCode: "JUNK42" });
    for (const pathname of [`/api/gallery/${c.accessUrl}/verify`, "/api/gallery/access"]) {
      // at most 10 code requests a minute per address (the limiter): 4 bodies on 2 routes, then the wrong code
      for (const body of ["{}", '{"accessCode":123}', "[1,2]", '{"accessCode":"  "}']) {
        const res = await fetch(server.url + pathname, { method: "POST", headers: { "Content-Type": "application/json" }, body });
        expect(res.status, `${pathname} ${body}`).toBe(400);
      }
    }
    const wrong = await fetch(`${server.url}/api/gallery/${c.accessUrl}/verify`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ accessCode: "NOPE42" }) });
    expect(wrong.status).toBe(401);
  });
});

describe("names", () => {
  it("strips bidi override and isolate controls from a client's name", async () => {
    const c = await makeClient({ name: "Ada \u202Enamweol\u202C \u2066Lovelace\u2069" });
    const r = await server.api<{ name: string }>("GET", `/api/collections/clients/records/${c.id}`, { token: server.ownerToken });
    expect(r.body.name).toBe("Ada namweol Lovelace");
  });
});
