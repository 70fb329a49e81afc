/** Unknown /api/ paths get a JSON 404, never the app's HTML with 200; known routes still answer. */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // The built app, as a deployment serves it: unknown paths fall back to its index.html.
  mkdirSync(path.join(server.dataDir, "public"), { recursive: true });
  writeFileSync(path.join(server.dataDir, "public", "index.html"), "<!doctype html><title>Studio Gallery</title>");
});
afterAll(async () => server?.stop());

describe("unknown API paths", () => {
  it("still serves the app's page for an unknown app path", async () => {
    const res = await fetch(`${server.url}/some/app/route`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/Studio Gallery/);
  });

  it("answers JSON 404 for an unknown /api/ path and still serves the known ones", async () => {
    const res = await fetch(`${server.url}/api/no-such-route/x`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(((await res.json()) as { status: number }).status).toBe(404);
    expect((await server.api("GET", "/api/health")).status).toBe(200);
    expect((await server.api("GET", "/api/sync/now")).status).toBe(200);
    expect((await server.api("GET", "/api/collections/clients/records", { token: server.ownerToken })).status).toBe(200);
  });
});
