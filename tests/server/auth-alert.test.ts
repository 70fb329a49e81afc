/**
 * PocketBase's "Login from a new location" email (issue 37) against the real server and a real SMTP server:
 * when the owner signs in from a device PocketBase has not seen, the alert goes out in the studio's language
 * under the studio's name, never PocketBase's English template naming its app or its dashboard.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer } from "./support/smtp-server";
import { OWNER, startTestServer, type TestServer } from "./test-server";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port), SMTP_FROM: "Lumen Studio <hello@lumen.test>" });
  const settings = await server.api<{ items: Array<{ id: string }> }>("GET", "/api/collections/settings/records", { token: server.ownerToken });
  const set = await server.api("PATCH", `/api/collections/settings/records/${settings.body.items[0]!.id}`, { token: server.ownerToken, json: { language: "de", companyName: "Lumen Fotografie" } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** Signs the owner in as a browser with this user agent. */
async function signInAs(userAgent: string) {
  const r = await fetch(`${server.url}/api/collections/users/auth-with-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "User-Agent": userAgent },
    body: JSON.stringify({ identity: OWNER.email, password: OWNER.password }),
  });
  expect(r.status).toBe(200);
}

describe("sign-in alert", () => {
  it("tells the owner of a sign-in from a new device in the studio's language, naming the studio", async () => {
    await signInAs("Laptop/1.0");
    await signInAs("Unknown phone/9.9");
    const alerts = () => smtp.messages.filter((m) => m.to && JSON.stringify(m.to).includes(OWNER.email));
    for (let i = 0; i < 100 && alerts().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    const mail = alerts().at(-1);
    expect(mail, `no alert arrived; subjects: ${smtp.messages.map((m) => m.subject).join(", ")}`).toBeDefined();
    expect(mail!.subject).toBe("Neue Anmeldung bei Lumen Fotografie");
    expect(mail!.text).toContain("Wenn Sie das waren, ist nichts zu tun.");
    expect(String(mail!.html)).toContain("<p>Hallo,</p>");
    expect(`${mail!.subject}${mail!.text}${String(mail!.html)}`).not.toMatch(/Login from a new location|Acme|localhost:8090|\/_\//);
  });
});
