/**
 * A gallery's expiry is the day the owner chose, in the studio's time zone (issue 37, item 12): the server
 * derives the instant it closes from `expiryDay` and keeps the day when the studio's zone changes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryHelpers } from "./gallery-fixture";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let settingsId = "";
beforeAll(async () => {
  server = await startTestServer();
  const settings = await server.api<{ items: Array<{ id: string }> }>("GET", "/api/collections/settings/records", { token: server.ownerToken });
  settingsId = settings.body.items[0]!.id;
});
afterAll(async () => server?.stop());

const { makeClient, updateClient } = galleryHelpers(() => server);

async function setZone(timeZone: string) {
  const r = await server.api("PATCH", `/api/collections/settings/records/${settingsId}`, { token: server.ownerToken, json: { timeZone } });
  expect(r.status).toBe(200);
}

async function expiryOf(id: string) {
  const r = await server.api<{ expiryDay: string; expirationDate: string }>("GET", `/api/collections/clients/records/${id}`, { token: server.ownerToken });
  return { expiryDay: r.body.expiryDay, expirationDate: r.body.expirationDate };
}

/** A day `delta` days from today (UTC), "YYYY-MM-DD". */
function dayFromToday(delta: number) {
  return new Date(Date.now() + delta * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

describe("the expiry day", () => {
  it("closes at the end of the chosen day in the studio's zone, and keeps that day when the zone changes", async () => {
    await setZone("UTC");
    const c = await makeClient({ expiryDay: "2032-06-09" });
    expect(await expiryOf(c.id)).toEqual({ expiryDay: "2032-06-09", expirationDate: "2032-06-10 00:00:00.000Z" });

    await setZone("Europe/Berlin");
    // Midnight after June 9 in Berlin (summer time, UTC+2); the day stays June 9.
    expect(await expiryOf(c.id)).toEqual({ expiryDay: "2032-06-09", expirationDate: "2032-06-09 22:00:00.000Z" });
    // The next save of the client (the owner's form sends the day again) moves nothing.
    await updateClient(c.id, { name: "Grace H.", expiryDay: "2032-06-09" });
    expect(await expiryOf(c.id)).toEqual({ expiryDay: "2032-06-09", expirationDate: "2032-06-09 22:00:00.000Z" });

    await setZone("America/Los_Angeles");
    expect(await expiryOf(c.id)).toEqual({ expiryDay: "2032-06-09", expirationDate: "2032-06-10 07:00:00.000Z" });
    await setZone("UTC");
  });

  it("takes the day of an instant from a writer that knows no day, and clears both together", async () => {
    await setZone("America/Los_Angeles");
    // 03:00 UTC on June 1 is still May 31 in Los Angeles.
    const c = await makeClient({ expirationDate: "2032-06-01 03:00:00.000Z" });
    expect(await expiryOf(c.id)).toEqual({ expiryDay: "2032-05-31", expirationDate: "2032-06-01 03:00:00.000Z" });
    await updateClient(c.id, { expiryDay: "" });
    expect(await expiryOf(c.id)).toEqual({ expiryDay: "", expirationDate: "" });
    const bad = await server.api("PATCH", `/api/collections/clients/records/${c.id}`, { token: server.ownerToken, json: { expiryDay: "June 9" } });
    expect(bad.status).toBe(400);
    await setZone("UTC");
  });

  it("lets visitors in until the day is over, in any zone", async () => {
    for (const zone of ["Pacific/Kiritimati", "Etc/GMT+12"]) {
      await setZone(zone);
      const past = await makeClient({ expiryDay: dayFromToday(-2) });
      const coming = await makeClient({ expiryDay: dayFromToday(1) });
      const answer = async (code: string) => (await server.api("POST", "/api/gallery/access", { json: { accessCode: code } })).status;
      expect(await answer(coming.accessCode)).toBe(200);
      expect(await answer(past.accessCode)).not.toBe(200);
    }
    await setZone("UTC");
  });
});
