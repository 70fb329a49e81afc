/**
 * A gallery's look (issue 27): the cover style and the typeface pairing are the studio's default
 * (settings) unless the gallery has its own (clients), and the visitor's info carries the effective
 * values. The server refuses any value outside the lists, from the owner's app or anyone else.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let settingsId = "";
beforeAll(async () => {
  server = await startTestServer();
  const s = await server.api<{ items: Array<{ id: string }> }>("GET", "/api/collections/settings/records", { token: server.ownerToken });
  settingsId = s.body.items[0]!.id;
});
afterAll(async () => server?.stop());

const createClient = (json: Record<string, unknown>) => server.api<{ id: string; accessUrl: string; data?: Record<string, { message: string }> }>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "Look", ...json } });
const setStudio = (json: Record<string, unknown>) => server.api<{ data?: Record<string, { message: string }> }>("PATCH", `/api/collections/settings/records/${settingsId}`, { token: server.ownerToken, json });
const lookOf = async (accessUrl: string) => {
  const r = await server.api<{ coverStyle: string; typefaces: string }>("GET", `/api/gallery/${accessUrl}`);
  expect(r.status).toBe(200);
  return { coverStyle: r.body.coverStyle, typefaces: r.body.typefaces };
};

describe("a gallery's cover style and typefaces", () => {
  it("refuses an unknown cover style or pairing, on a gallery and on the studio", async () => {
    const badCover = await createClient({ coverStyle: "poster" });
    expect(badCover.status).toBe(400);
    expect(Object.keys(badCover.body.data ?? {})).toEqual(["coverStyle"]);
    const badFonts = await createClient({ typefaces: "comic-sans" });
    expect(badFonts.status).toBe(400);
    expect(Object.keys(badFonts.body.data ?? {})).toEqual(["typefaces"]);
    const good = await createClient({ coverStyle: "split", typefaces: "elegant" });
    expect(good.status).toBe(200);
    expect((await server.api("PATCH", `/api/collections/clients/records/${good.body.id}`, { token: server.ownerToken, json: { coverStyle: "fullscreen" } })).status).toBe(400);
    const studio = await setStudio({ coverStyle: "Split", typefaces: "classic" });
    expect(studio.status).toBe(400);
    expect(Object.keys(studio.body.data ?? {})).toEqual(["coverStyle"]);
    expect((await setStudio({ typefaces: "serif" })).status).toBe(400);
  });

  it("hands the visitor the gallery's own values, else the studio's, else full and system", async () => {
    const own = (await createClient({ coverStyle: "minimal", typefaces: "modern" })).body;
    const byStudio = (await createClient({ coverStyle: "", typefaces: "" })).body;
    expect(await lookOf(byStudio.accessUrl)).toEqual({ coverStyle: "full", typefaces: "system" });
    expect((await setStudio({ coverStyle: "split", typefaces: "classic" })).status).toBe(200);
    expect(await lookOf(byStudio.accessUrl)).toEqual({ coverStyle: "split", typefaces: "classic" });
    expect(await lookOf(own.accessUrl)).toEqual({ coverStyle: "minimal", typefaces: "modern" });
    expect((await setStudio({ coverStyle: "", typefaces: "" })).status).toBe(200);
  });
});
