/**
 * Email a studio can send (issue 25), in Chromium against the real server and a real SMTP server, with
 * Settings > Gallery address empty: 'Email gallery to client' links to the origin the owner's app runs on
 * (never PocketBase's default http://localhost:8090), in its preview as in the email, and its HTML part carries the studio's name; 'Send test
 * email' in Settings sends the studio that email. With SCREENSHOT_DIR set, it saves the Settings button's
 * answer and the email's HTML part as a mail program shows it, kept in docs/screenshots.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientDetailPage } from "./pages/ClientPages";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { ownerApi } from "./support/owner-api";
import { ownerSession } from "./support/owner-session";
import { saveRegionShot } from "./support/screenshots";
import { mailTo, smtpEnv, startSmtpServer, type SmtpServer } from "./support/smtp-server";

let smtp: SmtpServer;
let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, browser] = await Promise.all([startAppServer(smtpEnv(smtp)), launchChromium()]);
  const api = await ownerApi(server);
  const settings = await api<{ items: Array<{ id: string }> }>("GET", "/api/collections/settings/records");
  await api("PATCH", `/api/collections/settings/records/${settings.items[0]!.id}`, { companyName: "Lumen Studio", email: "studio@lumen.test", galleryUrl: "" });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe("studio email with the gallery address empty", () => {
  it("links the gallery email to the origin the owner's app runs on, with the studio's name in its HTML", async () => {
    const api = await ownerApi(server);
    const client = await api<{ id: string; accessUrl: string }>("POST", "/api/collections/clients/records", { name: "Ada Lovelace", email: "ada@client.test" });
    const { context, page } = await ownerSession(browser, server);
    await page.goto(`/clients/${client.id}`);
    await new ClientDetailPage(page).openDetails();
    const button = page.getByTestId("email-panel").getByRole("button", { name: "Email gallery to client" });
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    const preview = page.getByRole("dialog", { name: "Email preview" });
    await preview.getByText(`${server.url}/gallery/${client.accessUrl}`, { exact: false }).waitFor(); // this app's origin, as sent
    await preview.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => mailTo(smtp, "ada@client.test").length, { timeout: 20_000 }).toBe(1);
    const mail = mailTo(smtp, "ada@client.test")[0]!;
    expect(mail.text).toContain(`${server.url}/gallery/${client.accessUrl}`);
    expect(`${mail.text}${String(mail.html)}`).not.toContain("localhost:8090");
    expect(String(mail.html)).toContain("Lumen Studio");
    expect(String(mail.html)).toContain(`href="${server.url}/gallery/${client.accessUrl}"`);
    await context.close();
  });

  it("sends the studio a test email from Settings", async () => {
    const { context, page } = await ownerSession(browser, server);
    await page.goto("/settings");
    const area = page.getByTestId("test-email");
    await area.getByRole("button", { name: "Send test email" }).click();
    await area.getByText("Test email sent to studio@lumen.test.").waitFor();
    await saveRegionShot(page, "settings-test-email", area);
    await expect.poll(() => mailTo(smtp, "studio@lumen.test").filter((m) => m.subject?.startsWith("Test:")).length, { timeout: 10_000 }).toBe(1);
    const mail = mailTo(smtp, "studio@lumen.test").find((m) => m.subject?.startsWith("Test:"))!;
    expect(mail.text).toContain(`${server.url}/gallery/example`);
    expect(String(mail.html)).toContain("Lumen Studio");
    if (process.env.SCREENSHOT_DIR) {
      await page.setViewportSize({ width: 640, height: 520 });
      await page.setContent(String(mail.html));
      await saveRegionShot(page, "email-html", page.locator("body > div"));
    }
    await context.close();
  });
});
