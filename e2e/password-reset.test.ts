/**
 * A way back into a lost account (issue 25) in Chromium, against the real server and a real SMTP server:
 * a wrong password is said at the field; "Forgot password?" mails a reset link that leads to the app's
 * own reset page at the origin the app runs on; the new password set there signs in. Without SMTP the page
 * says plainly that email is not set up. With SCREENSHOT_DIR set, it saves the reset request and the
 * recovered sign-in kept in docs/screenshots.
 */
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LoginPage } from "./pages/LoginPage";
import { OWNER, startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { saveRegionShot } from "./support/screenshots";
import { mailTo, smtpEnv, startSmtpServer, type SmtpServer } from "./support/smtp-server";

let smtp: SmtpServer;
let server: AppServer;
let noMail: AppServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, noMail, browser] = await Promise.all([startAppServer(smtpEnv(smtp)), startAppServer(), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.stop(), noMail?.stop()]);
  await smtp?.close();
});

async function authPage(app: AppServer): Promise<Page> {
  const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  await page.goto("/auth");
  return page;
}

describe("forgot password", () => {
  it("says a wrong password at the field, mails a reset link to the app's page, and the new password signs in", async () => {
    const page = await authPage(server);
    const login = new LoginPage(page);
    await login.signIn(OWNER.email, "not-the-password");
    await page.getByRole("alert").getByText("Wrong email or password").waitFor();
    expect(await page.getByLabel("Password").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText("Login failed").count()).toBe(0);

    await page.getByRole("button", { name: "Forgot password?" }).click();
    const forgot = page.getByRole("region", { name: "Reset your password" });
    expect(await forgot.getByLabel("Email").inputValue()).toBe(OWNER.email); // carried over from the form
    await saveRegionShot(page, "forgot-password", page.locator(".auth-card"));
    await forgot.getByRole("button", { name: "Send reset link" }).click();
    await forgot.getByText(/a link to reset the password is on its way/).waitFor();

    await expect.poll(() => mailTo(smtp, OWNER.email).filter((m) => /Reset your/.test(m.subject ?? "")).length, { timeout: 15_000 }).toBe(1);
    const mail = mailTo(smtp, OWNER.email).find((m) => /Reset your/.test(m.subject ?? ""))!;
    const link = /(https?:\/\/\S+\/auth\/reset-password\/\S+)/.exec(mail.text ?? "")?.[1];
    expect(link, mail.text).toMatch(new RegExp(`^${server.url}/auth/reset-password/`)); // the app's origin, not localhost:8090
    expect(String(mail.html)).toContain(link);

    await page.goto(link!);
    await page.getByLabel("New password", { exact: true }).fill("recovered-pass-5");
    await page.getByLabel("Confirm new password").fill("recovered-pass-5");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL(`${server.url}/auth`);
    await page.getByTestId("toast").getByText("Password changed").waitFor();
    await page.getByLabel("Username").fill(OWNER.email);
    await page.getByLabel("Password").fill("recovered-pass-5");
    const dir = process.env.SCREENSHOT_DIR;
    if (dir) await page.locator(".auth-screen").screenshot({ path: path.join(dir, "recovered-sign-in.png") });
    await login.submit().click();
    await page.waitForURL(`${server.url}/`);
    await page.getByTestId("sync-details").getByText("All changes synced").waitFor();
    await page.context().close();
  });

  it("says plainly when the server has no email, and how to set a new password there", async () => {
    const page = await authPage(noMail);
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await page.getByText("Email is not set up on this server, so no reset link can be sent.", { exact: false }).waitFor();
    await page.getByText(/npm run reset-owner-password/).waitFor();
    expect(await page.getByRole("button", { name: "Send reset link" }).count()).toBe(0);
    await page.getByRole("button", { name: "Back to sign in" }).click();
    await page.getByRole("button", { name: /Login/ }).waitFor();
    await page.context().close();
  });
});
