/**
 * The studio's mail is the studio's (issue 37), against the real server and a real SMTP server, with
 * registration on: the account flows the app does not use (email verification, email change) answer 204 as
 * PocketBase does and send nothing, however often anyone asks; and every PocketBase mail template
 * (verification, password reset, email change, one-time password, login alert) links to the configured
 * origin (the Gallery address, else APP_ORIGIN), never PocketBase's default http://localhost:8090. The flow
 * the app uses, the password reset, is limited per address and per account (keep-less.test.ts).
 */
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer } from "./support/smtp-server";
import { OWNER, startTestServer, type TestServer } from "./test-server";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer;
let settingsId: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port), SMTP_FROM: "Lumen Studio <hello@lumen.test>", ALLOW_REGISTRATION: "true" });
  const settings = await server.api<{ items: Array<{ id: string }> }>("GET", "/api/collections/settings/records", { token: server.ownerToken });
  settingsId = settings.body.items[0]!.id;
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text ?? "";
const body = (m: ParsedMail) => `${m.subject ?? ""}\n${m.text ?? ""}\n${String(m.html || "")}`;

/** A superuser's test email of one PocketBase template (the dashboard's "Send test email"); resolves when it arrived. */
async function testEmail(template: string, address: string): Promise<ParsedMail> {
  const r = await server.api("POST", "/api/settings/test/email", { token: server.superToken, json: { email: address, template, collection: "users" } });
  expect(r.status, JSON.stringify(r.body)).toBe(204);
  for (let i = 0; i < 100 && !smtp.messages.some((m) => to(m) === address); i++) await new Promise((r) => setTimeout(r, 50));
  const mail = smtp.messages.find((m) => to(m) === address);
  expect(mail, `no ${template} test email arrived`).toBeDefined();
  return mail!;
}

async function setGalleryUrl(galleryUrl: string) {
  const r = await server.api("PATCH", `/api/collections/settings/records/${settingsId}`, { token: server.ownerToken, json: { galleryUrl } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

describe("flows the app does not use", () => {
  it("answer verification and email-change requests as PocketBase does and mail nobody", async () => {
    const made = await server.api("POST", "/api/collections/users/records", {
      json: { email: "stranger@mail.test", password: "stranger-pass-1", passwordConfirm: "stranger-pass-1" },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const auth = await server.api<{ token: string }>("POST", "/api/collections/users/auth-with-password", { json: { identity: "stranger@mail.test", password: "stranger-pass-1" } });
    expect(auth.status).toBe(200);

    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      for (const email of ["stranger@mail.test", OWNER.email, "victim@mail.test"]) {
        statuses.push((await server.api("POST", "/api/collections/users/request-verification", { json: { email } })).status);
      }
      statuses.push((await server.api("POST", "/api/collections/users/request-email-change", { token: auth.body.token, json: { newEmail: `victim${i}@mail.test` } })).status);
      statuses.push((await server.api("POST", "/api/collections/users/request-email-change", { token: server.ownerToken, json: { newEmail: `owner${i}@mail.test` } })).status);
    }
    expect(statuses.every((s) => s === 204), statuses.join(" ")).toBe(true);
    // One-time passwords are off in the users collection: refused, nothing sent.
    expect((await server.api("POST", "/api/collections/users/request-otp", { json: { email: OWNER.email } })).status).toBe(403);

    // A mail sent after them arrives (PocketBase sends a verification mail in the background), and nothing else did.
    await testEmail("otp", "sentinel@mail.test");
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.messages.map(to)).toEqual(["sentinel@mail.test"]);
  });
});

describe("PocketBase's mail templates", () => {
  const templates = ["verification", "password-reset", "email-change", "otp", "login-alert"];
  const links = (m: ParsedMail) => [...String(m.html || "").matchAll(/href="([^"]*)"/g)].map((x) => x[1]!);

  it("link to the Gallery address", async () => {
    await setGalleryUrl("https://photos.lumen.test/");
    for (const template of templates) {
      const mail = await testEmail(template, `${template}@gallery-address.test`);
      expect(body(mail)).not.toMatch(/localhost:8090|127\.0\.0\.1/);
      if (["verification", "password-reset", "email-change"].includes(template)) expect(links(mail).length, template).toBeGreaterThan(0);
      for (const link of links(mail)) expect(link, template).toMatch(/^https:\/\/photos\.lumen\.test\//);
    }
  });

  it("link to APP_ORIGIN when no Gallery address is set", async () => {
    await setGalleryUrl("");
    for (const template of ["verification", "email-change"]) {
      const mail = await testEmail(template, `${template}@app-origin.test`);
      expect(body(mail)).not.toContain("localhost:8090");
      expect(links(mail).length, template).toBeGreaterThan(0);
      for (const link of links(mail)) expect(link.startsWith(`${server.url}/`), link).toBe(true);
    }
  });
});
