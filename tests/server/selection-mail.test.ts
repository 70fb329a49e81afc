/**
 * The studio's "selection submitted" email in the studio's language (issue 27): settings.language decides
 * (English when blank), never the gallery's or the visitor's, and the submission's day is written in full in
 * that language, in the studio's time zone, like the gallery emails' dates.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proofingHelpers, type Gallery } from "./proofing-fixture";
import { addPhoto } from "./studio-fixture";
import { startSmtpServer } from "./support/smtp-server";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let settingsId = "";
const { unlock, base, makeList } = proofingHelpers(() => server);

const FRENCH_MONTHS = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"];

beforeAll(async () => {
  [server, smtp] = await Promise.all([startTestServer(), startSmtpServer()]);
  const settings = await server.api<{ items: Array<{ id: string }> }>("GET", "/api/collections/settings/records", { token: server.ownerToken });
  settingsId = settings.body.items[0]!.id;
  const set = await server.api("PATCH", "/api/settings", {
    token: server.superToken,
    json: { meta: { senderAddress: "gallery@lumen.test", senderName: "Lumen Studio" }, smtp: { enabled: true, host: "127.0.0.1", port: smtp.port, tls: false } },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

async function studio(fields: Record<string, unknown>) {
  const r = await server.api("PATCH", `/api/collections/settings/records/${settingsId}`, { token: server.ownerToken, json: { email: "studio@lumen.test", galleryUrl: "https://photos.lumen.test/", ...fields } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** A gallery in `language` whose visitor "Anna" picks one photo and submits; the studio's email about it. */
async function submitted(language: string) {
  const r = await server.api<Gallery>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "Ada Lovelace", language } });
  const gallery = r.body;
  const image = await addPhoto(server, gallery.id, "a.png", 1);
  const list = await makeList(gallery, "Album", 30);
  const cookie = await unlock(gallery, "Anna");
  expect((await server.api("PUT", `${base(gallery)}/lists/${list}/${image}`, { cookie })).status).toBe(200);
  const before = smtp.messages.length;
  expect((await server.api("PUT", `${base(gallery)}/submission`, { cookie })).status).toBe(200);
  await expect.poll(() => smtp.messages.length, { timeout: 5000 }).toBe(before + 1);
  return { mail: smtp.messages[before]!, gallery };
}

describe("the studio's selection email", () => {
  it("is in the studio's language with the day in it, whatever the gallery's language", async () => {
    await studio({ language: "fr", timeZone: "Europe/Paris" });
    const { mail, gallery } = await submitted("de");
    // Today in Paris, as the French emails write a day (the test may straddle midnight: either side is fine).
    const days = [-60_000, 0].map((earlier) => {
      const paris = new Date(new Date(Date.now() + earlier).toLocaleString("en-US", { timeZone: "Europe/Paris" }));
      return `${paris.getDate() === 1 ? "1er" : paris.getDate()} ${FRENCH_MONTHS[paris.getMonth()]} ${paris.getFullYear()}`;
    });
    expect(mail.subject).toBe("Anna (galerie de Ada Lovelace) a envoyé sa sélection");
    expect(days.some((day) => mail.text?.includes(`Anna (galerie de Ada Lovelace) a envoyé sa sélection le ${day}.`)), mail.text).toBe(true);
    expect(mail.text).toContain("Album\u202f: 1 choisie sur 30");
    expect(mail.text).toContain(`Galerie\u202f: https://photos.lumen.test/gallery/${gallery.accessUrl}`);
    expect(mail.text).toContain("Favoris\u202f: 0");
    expect(mail.html).toContain("déverrouiller la sélection");
  });

  it("is in English when the studio has no language", async () => {
    await studio({ language: "", timeZone: "" });
    const { mail } = await submitted("fr");
    expect(mail.subject).toBe("Anna (Ada Lovelace's gallery) submitted their selection");
    expect(mail.text).toMatch(/submitted their selection on (January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}\./);
    expect(mail.text).toContain("Album: 1 of 30 chosen");
  });
});
