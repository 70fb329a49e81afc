/**
 * Gallery emails never carry a wrong link (issue 25), against the real server and a real SMTP server: with
 * Settings > Gallery address empty, the link is built on the origin the owner's app asked from (the Origin
 * header of its request, the sync's /api/batch included), never PocketBase's default
 * http://localhost:8090; a request that names no origin is refused with the reason, and nothing is sent.
 * Each message has an HTML part in the studio's name and colour beside the text. 'Send test email' sends the
 * studio the gallery email as a client would get it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer } from "./support/smtp-server";
import { startTestServer, type TestServer } from "./test-server";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port), SMTP_FROM: "Lumen Studio <hello@lumen.test>" });
  const settings = await server.api<{ items: Array<{ id: string }> }>("GET", "/api/collections/settings/records", { token: server.ownerToken });
  const r = await server.api("PATCH", `/api/collections/settings/records/${settings.body.items[0]!.id}`, {
    token: server.ownerToken,
    json: { companyName: "Lumen & Co", email: "studio@lumen.test", galleryUrl: "", primaryColor: "#0f766e" },
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
}

async function makeClient(email: string): Promise<Client> {
  const r = await server.api<Client>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "Ada Lovelace", email } });
  expect(r.status).toBe(200);
  return r.body;
}

/** The owner's app asking for the gallery email through the sync's batch, from `origin` (or none). */
async function askEmail(client: Client, at: number, origin?: string): Promise<number> {
  const res = await fetch(`${server.url}/api/batch`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: server.ownerToken, ...(origin ? { Origin: origin } : {}) },
    body: JSON.stringify({ requests: [{ method: "PATCH", url: `/api/collections/clients/records/${client.id}`, body: { galleryEmailAt: at } }] }),
  });
  return res.status;
}

const mailsTo = (address: string) => smtp.messages.filter((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text === address);
const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
};

describe("gallery email links with the Gallery address empty", () => {
  it("links to the origin the owner's app asked from, as text and as branded HTML", async () => {
    const client = await makeClient("ada@client.test");
    expect(await askEmail(client, 1_800_000_000_000, "https://photos.lumen.test")).toBe(200);
    await until(() => mailsTo("ada@client.test").length > 0);
    const [mail] = mailsTo("ada@client.test");
    expect(mail, "no gallery email arrived").toBeDefined();
    const link = `https://photos.lumen.test/gallery/${client.accessUrl}`;
    expect(mail!.text).toContain(link);
    expect(`${mail!.text}${String(mail!.html)}`).not.toContain("localhost:8090");
    const html = String(mail!.html);
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain("Lumen &amp; Co"); // the studio's name, escaped
    expect(html).toContain("#0f766e"); // its colour
  });

  it("refuses to send when no origin is known, and says why", async () => {
    const client = await makeClient("grace@client.test");
    expect(await askEmail(client, 1_800_000_000_001)).toBe(200);
    let log: Array<{ status: string; error: string }> = [];
    await until(() => {
      void server
        .api<{ items: typeof log }>("GET", `/api/collections/mail_log/records?filter=${encodeURIComponent(`client='${client.id}'`)}`, { token: server.ownerToken })
        .then((r) => (log = r.body.items));
      return log.length > 0 && log[0]!.status !== "sending";
    });
    expect(log).toMatchObject([{ status: "failed", error: expect.stringContaining("Settings > Gallery address") }]);
    expect(mailsTo("grace@client.test")).toHaveLength(0);
  });
});

describe("send test email", () => {
  const ask = (origin?: string) =>
    fetch(`${server.url}/api/owner/test-email`, { method: "POST", headers: { Authorization: server.ownerToken, ...(origin ? { Origin: origin } : {}) } });

  it("sends the studio the gallery email as a client gets it, linking to the app's origin", async () => {
    const res = await ask("https://photos.lumen.test");
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ to: "studio@lumen.test" });
    await until(() => mailsTo("studio@lumen.test").length > 0);
    const mail = mailsTo("studio@lumen.test")[0]!;
    expect(mail.subject).toBe("Test: Your photos from Lumen & Co are ready");
    expect(mail.text).toContain("https://photos.lumen.test/gallery/example");
    expect(String(mail.html)).toContain("Lumen &amp; Co");
  });

  it("says why when it cannot make the link, and only the owner may ask", async () => {
    const res = await ask();
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("Settings > Gallery address");
    expect((await fetch(`${server.url}/api/owner/test-email`, { method: "POST" })).status).toBe(401);
  });
});
