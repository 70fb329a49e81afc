/**
 * The owner's account route and the studio's public branding, against the real server: only a studio
 * owner changes the username, which must be a free email; the access page's studio info and the logo are
 * public.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVisitorUser, startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

describe("POST /api/admin/update-username", () => {
  it("refuses anonymous callers, non-owners, invalid emails and another account's email", async () => {
    expect((await server.api("POST", "/api/admin/update-username", { json: { username: "x@y.test" } })).status).toBe(401);
    const visitor = await createVisitorUser(server);
    expect((await server.api("POST", "/api/admin/update-username", { token: visitor.token, json: { username: "x@y.test" } })).status).toBe(403);
    const invalid = await server.api<{ message: string }>("POST", "/api/admin/update-username", { token: server.ownerToken, json: { username: "owner" } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toMatch(/^Username must be a valid email address/);
    expect((await server.api("POST", "/api/admin/update-username", { token: server.ownerToken, json: { username: "visitor@studio.test" } })).status).toBe(400);
  });

  it("changes the owner's email at once and answers with a working token", async () => {
    const r = await server.api<{ token: string; record: { email: string } }>("POST", "/api/admin/update-username", { token: server.ownerToken, json: { username: "  New.Owner@Studio.test " } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.record.email).toBe("new.owner@studio.test");
    const me = await server.api<{ email: string }>("POST", "/api/collections/users/auth-refresh", { token: r.body.token });
    expect(me.status).toBe(200);
  });
});

describe("studio branding for visitors", () => {
  it("serves the studio's name and contact without a session, and 404 for a logo it does not have", async () => {
    const info = await server.api<{ companyName: string; email: string; primaryColor: string; logoUrl: string }>("GET", "/api/gallery/studio/info");
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ companyName: expect.any(String), primaryColor: "#6d28d9", logoUrl: "" });
    expect((await server.api("GET", "/api/gallery/studio/logo")).status).toBe(404);
  });
});
