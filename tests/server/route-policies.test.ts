/**
 * Every route of the route tables (pb_hooks/lib/handlers/routes.js) against the real server: each refuses what its
 * policy refuses before its handler runs (a visitor without the gallery's session, a caller who is not the
 * studio owner or not a superuser), lets in what it lets in, and no route answers 500 for want of a table.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryHelpers, type Client } from "./gallery-fixture";
import { createVisitorUser, startTestServer, type TestServer } from "./test-server";

interface Route {
  method: string;
  path: string;
  policy: "publicRoute" | "visitorSession" | "ownerOnly" | "superuserOnly";
}

function tableRoutes(): Route[] {
  (globalThis as { __hooks?: string }).__hooks = path.resolve(import.meta.dirname, "../../pb_hooks");
  return (createRequire(import.meta.url)("../../pb_hooks/lib/handlers/routes.js") as { allRoutes: () => Route[] }).allRoutes();
}

let server: TestServer;
let gallery: Client;
let other: Client;
let visitorToken: string;
const { makeClient, unlock } = galleryHelpers(() => server);

beforeAll(async () => {
  server = await startTestServer();
  gallery = await makeClient();
  other = await makeClient({ name: "Ada Lovelace" });
  visitorToken = (await createVisitorUser(server)).token;
});
afterAll(async () => server?.stop());

/** The route's path for this gallery: every other parameter an id nobody has. */
function pathOf(route: Route, client: Client): string {
  return route.path
    .replace("{accessUrl}", client.accessUrl)
    .replace("{clientId}", client.id)
    .replace(/\{[a-zA-Z]+\.\.\.\}/, "x")
    .replace(/\{[a-zA-Z]+\}/g, "abcdefghijklmno");
}

/** Calls the route for the gallery with an empty JSON body (none for a GET) and the given cookie or token. */
function call(r: Route, client: Client, opts: { cookie?: string; token?: string } = {}) {
  return server.api(r.method, pathOf(r, client), { ...opts, ...(r.method === "GET" ? {} : { json: {} }) });
}

describe("route policies", () => {
  const routes = tableRoutes();

  it("refuses a visitor without the gallery's session on every visitorSession route (401), a session of another gallery too", async () => {
    const otherCookie = await unlock(other);
    const guarded = routes.filter((r) => r.policy === "visitorSession");
    expect(guarded.length).toBeGreaterThan(10);
    for (const r of guarded) {
      for (const cookie of [undefined, otherCookie]) {
        const answer = await call(r, gallery, { cookie });
        expect(answer.status, `${r.method} ${r.path} ${cookie ? "with another gallery's session" : "without a session"}`).toBe(401);
      }
    }
  });

  it("lets the gallery's own session through to the handler", async () => {
    const cookie = await unlock(gallery);
    const state = await server.api("GET", `/api/gallery/${gallery.accessUrl}/proofing/state`, { cookie });
    expect(state.status).toBe(200);
    const images = await server.api("GET", `/api/gallery/${gallery.accessUrl}/images`, { cookie });
    expect(images.status).toBe(200);
  });

  it("refuses every ownerOnly route without a sign-in (401) and to another account (403), and lets the owner in", async () => {
    const owned = routes.filter((r) => r.policy === "ownerOnly");
    expect(owned.length).toBeGreaterThanOrEqual(4);
    for (const r of owned) {
      expect((await call(r, gallery)).status, `${r.method} ${r.path}`).toBe(401);
      expect((await call(r, gallery, { token: visitorToken })).status, `${r.method} ${r.path}`).toBe(403);
    }
    expect((await server.api("GET", "/api/owner/mail-status", { token: server.ownerToken })).status).toBe(200);
  });

  it("refuses every superuserOnly route to anyone but a superuser", async () => {
    const superOnly = routes.filter((r) => r.policy === "superuserOnly");
    expect(superOnly.length).toBeGreaterThanOrEqual(1);
    for (const r of superOnly) {
      expect((await call(r, gallery)).status, `${r.method} ${r.path}`).toBe(401);
      expect((await call(r, gallery, { token: server.ownerToken })).status, `${r.method} ${r.path}`).toBe(403);
    }
    expect((await server.api("POST", "/api/owner/run-reminders", { json: {}, token: server.superToken })).status).toBe(200);
  });

  it("reaches the handler of every public route (no 5xx: the dispatcher finds each route in its table)", async () => {
    for (const r of routes.filter((x) => x.policy === "publicRoute")) {
      const answer = await call(r, gallery);
      expect(answer.status, `${r.method} ${r.path}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
    }
  });
});
