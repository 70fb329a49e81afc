/**
 * The studio's emails against the real server and a real SMTP server (issue 12): SMTP configured from the
 * environment at start, the gallery email with the studio's template, link and code, sent once per request
 * (a request synced twice, or re-saved, sends nothing more), expiry reminders 7 days and 1 day before,
 * each once, switchable per gallery and studio-wide; and, without SMTP, nothing fails.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer } from "./support/smtp-server";
import { startTestServer, type TestServer } from "./test-server";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port), SMTP_FROM: "Lumen Studio <hello@lumen.test>" });
  const settings = await server.api<{ items: Array<{ id: string }> }>("GET", "/api/collections/settings/records", { token: server.ownerToken });
  const id = settings.body.items[0]!.id;
  const r = await server.api("PATCH", `/api/collections/settings/records/${id}`, {
    token: server.ownerToken,
    json: { companyName: "Lumen Studio", galleryUrl: "https://photos.lumen.test/", emailTemplate: "Dear {client}, see {link} with code {code}. Love, {studio}" },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

interface Client {
  id: string;
  accessUrl: string;
  accessCode: string;
}

async function makeClient(fields: Record<string, unknown>): Promise<Client> {
  const r = await server.api<Client>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "Ada Lovelace", email: "ada@client.test", ...fields } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

const patch = (id: string, json: Record<string, unknown>) => server.api("PATCH", `/api/collections/clients/records/${id}`, { token: server.ownerToken, json });
const to = (i: number) => (Array.isArray(smtp.messages[i]!.to) ? smtp.messages[i]!.to[0] : smtp.messages[i]!.to)?.text;
const runReminders = (now: number) => server.api<{ sent: number }>("POST", "/api/owner/run-reminders", { token: server.superToken, json: { now: new Date(now).toISOString() } });
const until = async (count: number) => {
  for (let i = 0; i < 100 && smtp.messages.length < count; i++) await new Promise((r) => setTimeout(r, 50));
};

describe("gallery email", () => {
  it("sends the studio's template with the link and code, once per request", async () => {
    smtp.messages.length = 0;
    const c = await makeClient({ name: "Grace Hopper", email: "grace@client.test", accessCode: "MAIL42" });
    expect(smtp.messages).toHaveLength(0); // creating a client sends nothing
    expect((await patch(c.id, { galleryEmailAt: 1_800_000_000_000 })).status).toBe(200);
    await until(1);
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(to(0)).toBe("grace@client.test");
    expect(mail.from?.text).toContain("hello@lumen.test");
    expect(mail.subject).toBe("Your photos from Lumen Studio are ready");
    expect(mail.text).toContain(`Dear Grace Hopper, see https://photos.lumen.test/gallery/${c.accessUrl} with code MAIL42. Love, Lumen Studio`);

    // The same request synced again (a retried push), and other edits, send nothing more.
    await patch(c.id, { galleryEmailAt: 1_800_000_000_000, notes: "retried" });
    await patch(c.id, { notes: "edited" });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages).toHaveLength(1);
    const log = await server.api<{ items: Array<{ kind: string; status: string }> }>("GET", `/api/collections/mail_log/records?filter=client='${c.id}'`, { token: server.ownerToken });
    expect(log.body.items).toEqual([expect.objectContaining({ kind: "gallery", status: "sent" })]);

    // A new request is a new email.
    await patch(c.id, { galleryEmailAt: 1_800_000_100_000 });
    await until(2);
    expect(smtp.messages).toHaveLength(2);
  });

  it("tells the owner mail is configured, and visitors cannot read the mail log", async () => {
    const status = await server.api<{ configured: boolean }>("GET", "/api/owner/mail-status", { token: server.ownerToken });
    expect(status.body.configured).toBe(true);
    expect((await server.api("GET", "/api/owner/mail-status")).status).toBe(401);
    const anonymous = await server.api<{ items: unknown[] }>("GET", "/api/collections/mail_log/records");
    expect(anonymous.body.items ?? []).toHaveLength(0);
  });
});

describe("expiry reminders", () => {
  it("sends the 7-day and the 1-day reminder once each, to open galleries with reminders on", async () => {
    smtp.messages.length = 0;
    const now = Date.parse("2030-03-01T12:00:00Z");
    const soon = await makeClient({ name: "Soon", email: "soon@client.test", expirationDate: new Date(now + 6.5 * DAY).toISOString() });
    await makeClient({ name: "Later", email: "later@client.test", expirationDate: new Date(now + 20 * DAY).toISOString() });
    await makeClient({ name: "Opted Out", email: "out@client.test", expirationDate: new Date(now + 3 * DAY).toISOString(), noReminders: true });
    await makeClient({ name: "Dormant", email: "dormant@client.test", expirationDate: new Date(now + 3 * DAY).toISOString(), enabled: false });
    await makeClient({ name: "No Email", email: "", expirationDate: new Date(now + 3 * DAY).toISOString() });

    expect((await runReminders(now)).body.sent).toBe(1);
    expect(to(0)).toBe("soon@client.test");
    expect(smtp.messages[0]!.subject).toBe("Your gallery from Lumen Studio expires in 7 days");
    expect(smtp.messages[0]!.text).toContain(`https://photos.lumen.test/gallery/${soon.accessUrl}`);
    expect(smtp.messages[0]!.text).toContain(soon.accessCode);

    // The cron runs every hour: nothing is sent twice.
    expect((await runReminders(now + 3600_000)).body.sent).toBe(0);
    expect((await runReminders(now + 5 * DAY)).body.sent).toBe(0);

    // Within a day of expiry: the 1-day reminder, once.
    expect((await runReminders(now + 6 * DAY)).body.sent).toBe(1);
    expect(smtp.messages[1]!.subject).toBe("Your gallery from Lumen Studio expires tomorrow");
    expect((await runReminders(now + 6.2 * DAY)).body.sent).toBe(0);
    // After expiry: nothing.
    expect((await runReminders(now + 7 * DAY)).body.sent).toBe(0);
    expect(smtp.messages).toHaveLength(2);
  });

  it("sends none when the studio switched reminders off", async () => {
    smtp.messages.length = 0;
    const now = Date.parse("2031-03-01T12:00:00Z");
    await makeClient({ name: "Studio Off", email: "off@client.test", expirationDate: new Date(now + 2 * DAY).toISOString() });
    const settings = await server.api<{ items: Array<{ id: string }> }>("GET", "/api/collections/settings/records", { token: server.ownerToken });
    await server.api("PATCH", `/api/collections/settings/records/${settings.body.items[0]!.id}`, { token: server.ownerToken, json: { noReminders: true } });
    try {
      expect((await runReminders(now)).body.sent).toBe(0);
    } finally {
      await server.api("PATCH", `/api/collections/settings/records/${settings.body.items[0]!.id}`, { token: server.ownerToken, json: { noReminders: false } });
    }
    expect((await runReminders(now)).body.sent).toBe(1);
  });

  it("runs the job only for superusers", async () => {
    expect((await server.api("POST", "/api/owner/run-reminders", { token: server.ownerToken, json: {} })).status).toBe(403);
  });
});

describe("without SMTP", () => {
  it("saves the request, records that mail is not configured, and fails nothing", async () => {
    const plain = await startTestServer();
    try {
      const made = await plain.api<Client>("POST", "/api/collections/clients/records", { token: plain.ownerToken, json: { name: "Offline Studio", email: "x@client.test" } });
      const r = await plain.api("PATCH", `/api/collections/clients/records/${made.body.id}`, { token: plain.ownerToken, json: { galleryEmailAt: 1_800_000_000_000 } });
      expect(r.status).toBe(200);
      expect((await plain.api<{ configured: boolean }>("GET", "/api/owner/mail-status", { token: plain.ownerToken })).body.configured).toBe(false);
      const log = await plain.api<{ items: Array<{ status: string }> }>("GET", "/api/collections/mail_log/records", { token: plain.ownerToken });
      expect(log.body.items.map((i) => i.status)).toEqual(["not-configured"]);
      expect((await plain.api<{ sent: number }>("POST", "/api/owner/run-reminders", { token: plain.superToken, json: {} })).body.sent).toBe(0);
    } finally {
      await plain.stop();
    }
  });
});

describe("emails in the gallery's language (issue 27)", () => {
  it("sends a reminder in the gallery's language, its expiry day in the studio's time zone (PocketBase has no Intl)", async () => {
    smtp.messages.length = 0;
    const settings = await server.api<{ items: Array<{ id: string }> }>("GET", "/api/collections/settings/records", { token: server.ownerToken });
    const id = settings.body.items[0]!.id;
    await server.api("PATCH", `/api/collections/settings/records/${id}`, { token: server.ownerToken, json: { timeZone: "America/Los_Angeles" } });
    try {
      // 03:00 UTC on June 1 is still May 31 in Los Angeles.
      const expiry = Date.parse("2032-06-01T03:00:00Z");
      await makeClient({ name: "Lena", email: "lena@client.test", expirationDate: new Date(expiry).toISOString(), language: "de" });
      await makeClient({ name: "Ann", email: "ann@client.test", expirationDate: new Date(expiry + 60_000).toISOString() });
      expect((await runReminders(expiry - 3 * DAY)).body.sent).toBe(2);
      const byTo = (address: string) => smtp.messages.find((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text === address)!;
      const german = byTo("lena@client.test");
      expect(german.subject).toBe("Ihre Galerie von Lumen Studio läuft in 7 Tagen ab");
      expect(german.text).toContain("(31. Mai 2032)");
      expect(german.html).toContain("Galerie öffnen");
      const english = byTo("ann@client.test");
      expect(english.subject).toBe("Your gallery from Lumen Studio expires in 7 days");
      expect(english.text).toContain("(May 31, 2032)");
    } finally {
      await server.api("PATCH", `/api/collections/settings/records/${id}`, { token: server.ownerToken, json: { timeZone: "" } });
    }
  });
});
