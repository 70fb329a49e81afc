/**
 * Keep less (issue 24): password-reset mails limited per account (five addresses in one second send one
 * mail) and per address (3 an hour), and PocketBase's request log keeps no client IP and at most a day.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer } from "./support/smtp-server";
import { OWNER, startTestServer, type TestServer } from "./test-server";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port), SMTP_FROM: "Lumen Studio <hello@lumen.test>" });
  const r = await server.api("PATCH", "/api/settings", { token: server.superToken, json: { trustedProxy: { headers: ["X-Forwarded-For"], useLeftmostIP: true } } });
  expect(r.status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const askReset = (email: string, address: string) =>
  fetch(`${server.url}/api/collections/users/request-password-reset`, { method: "POST", headers: { "Content-Type": "application/json", "X-Forwarded-For": address }, body: JSON.stringify({ email }) });

describe("password-reset requests", () => {
  it("sends one mail for five requests from five addresses in a second, answering each alike", async () => {
    const answers = await Promise.all([1, 2, 3, 4, 5].map((i) => askReset(OWNER.email, `10.30.0.${i}`)));
    expect(answers.map((a) => a.status)).toEqual([204, 204, 204, 204, 204]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.messages.filter((m) => m.to && JSON.stringify(m.to).includes(OWNER.email))).toHaveLength(1);
  });

  it("limits one address to 3 requests an hour", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await askReset(`nobody${i}@studio.test`, "10.31.0.1")).status);
    expect(statuses).toEqual([204, 204, 204, 429]);
  });
});

describe("request log", () => {
  it("keeps no client IP and at most a day", async () => {
    const s = await server.api<{ logs: { logIP: boolean; maxDays: number } }>("GET", "/api/settings", { token: server.superToken });
    expect(s.body.logs.logIP).toBe(false);
    expect(s.body.logs.maxDays).toBeLessThanOrEqual(1);
  });
});
