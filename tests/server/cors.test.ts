/** CORS only for the app's own origin, and PocketBase never in dev mode (which logs SQL with values). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveArgs } from "../../scripts/lib/pocketbase.mjs";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

describe("CORS and dev mode", () => {
  it("does not allow another origin to read gallery or owner API answers", async () => {
    for (const pathname of ["/api/gallery/studio/info", "/api/collections/clients/records"]) {
      const res = await fetch(server.url + pathname, { headers: { Origin: "https://evil.example", Authorization: server.ownerToken } });
      await res.text();
      expect(res.headers.get("access-control-allow-origin")).not.toBe("*");
      expect(res.headers.get("access-control-allow-origin")).not.toBe("https://evil.example");
    }
  });

  it("allows the app's own origin", async () => {
    const res = await fetch(server.url + "/api/health", { headers: { Origin: server.url } });
    await res.text();
    expect(res.headers.get("access-control-allow-origin")).toBe(server.url);
  });

  it("starts PocketBase with dev mode off", () => {
    expect(serveArgs({ host: "127.0.0.1", port: 8090, dataDir: "data" })).toContain("--dev=false");
  });
});
