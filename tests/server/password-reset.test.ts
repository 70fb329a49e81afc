/**
 * A way back into a lost owner account (issue 25), against the real server and a real SMTP server:
 * PocketBase's password-reset email links to the app's own reset page at the app's origin (never
 * PocketBase's default http://localhost:8090, nor a host the request names), as HTML and text; the token
 * it carries sets a new password that signs in. The sign-in page learns whether email can be sent at all.
 * Without email, `npm run reset-owner-password` takes the new password from stdin.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/pocketbase.mjs";
import { startSmtpServer } from "./support/smtp-server";
import { OWNER, startTestServer, type TestServer } from "./test-server";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer;
let noMail: TestServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, noMail] = await Promise.all([
    startTestServer({ SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port), SMTP_FROM: "Lumen Studio <hello@lumen.test>" }),
    startTestServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), noMail?.stop()]);
  await smtp?.close();
});

const resetMails = () => smtp.messages.filter((m) => /Reset your .* password/.test(m.subject ?? ""));

describe("password reset", () => {
  it("says whether the server can send the reset email", async () => {
    expect((await server.api("GET", "/api/auth/recovery")).body).toEqual({ email: true });
    expect((await noMail.api("GET", "/api/auth/recovery")).body).toEqual({ email: false });
  });

  it("mails a link to the app's reset page at the app's origin, whose token sets a new password", async () => {
    const asked = await fetch(`${server.url}/api/collections/users/request-password-reset`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Host: "evil.test", Origin: "https://evil.test", "X-Forwarded-Host": "evil.test" },
      body: JSON.stringify({ email: OWNER.email }),
    });
    expect(asked.status).toBe(204);
    for (let i = 0; i < 100 && resetMails().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    const mail = resetMails()[0]!;
    expect(mail, "no reset email arrived").toBeDefined();
    const link = new RegExp(`${server.url}/auth/reset-password/([\\w.-]+)`).exec(mail.text ?? "");
    expect(link, mail.text).not.toBeNull();
    expect(String(mail.html)).toContain(`href="${link![0]}"`);
    expect(`${mail.text}${String(mail.html)}`).not.toMatch(/localhost:8090|evil\.test|\/_\//);

    const confirmed = await server.api("POST", "/api/collections/users/confirm-password-reset", {
      json: { token: link![1], password: "new-pass-42", passwordConfirm: "new-pass-42" },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(204);
    const signIn = await server.api("POST", "/api/collections/users/auth-with-password", { json: { identity: OWNER.email, password: "new-pass-42" } });
    expect(signIn.status).toBe(200);
  });

  it("without email, reset-owner-password sets the password it reads from stdin", async () => {
    const run = (input: string) =>
      spawnSync(process.execPath, [path.join(ROOT, "scripts/reset-owner-password.mjs")], { input, env: { ...process.env, DATA_DIR: noMail.dataDir }, encoding: "utf8" });
    expect(run("short\n").status).toBe(1); // refused, nothing changed
    const done = run("stdin-pass-9\n");
    expect(done.status, done.stderr).toBe(0);
    const signIn = (password: string) => noMail.api("POST", "/api/collections/users/auth-with-password", { json: { identity: OWNER.email, password } });
    expect((await signIn("stdin-pass-9")).status).toBe(200);
    expect((await signIn(OWNER.password)).status).toBe(400);
  });
});
