/**
 * Email a studio can send (issue 25), in Chromium against the real server and a real SMTP server, with
 * Settings > Gallery address empty: 'Email gallery to client' links to the origin the owner's app runs on
 * (never PocketBase's default http://localhost:8090), in its preview as in the email, and its HTML part carries the studio's name and its logo
 * (an inline attachment the HTML names by its Content-ID); 'Send test
 * email' in Settings sends the studio that email. With SCREENSHOT_DIR set, it saves the Settings button's
 * answer and the email's HTML part as a mail program shows it, kept in docs/screenshots.
 */
import type { ParsedMail } from "mailparser";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientDetailPage } from "./pages/ClientPages";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { ownerApi } from "./support/owner-api";
import { ownerSession } from "./support/owner-session";
import { saveRegionShot } from "./support/screenshots";
import { mailTo, smtpEnv, startSmtpServer, type SmtpServer } from "./support/smtp-server";

/** The studio's logo: a 120 x 40 PNG, a sun beside the studio's initial. */
const LOGO_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" rx="8" fill="#fff7e0"/><circle cx="22" cy="20" r="11" fill="#f4b400"/><text x="40" y="27" font-family="sans-serif" font-size="17" font-weight="bold" fill="#5b21b6">LUMEN</text></svg>';
const LOGO = await sharp(Buffer.from(LOGO_SVG)).png().toBuffer();

/** The email carries the studio's logo inline (Content-ID studio-logo.png), and its HTML part shows it. */
function expectInlineLogo(mail: ParsedMail) {
  const logo = mail.attachments.find((a) => a.cid === "studio-logo.png");
  expect(logo, "an inline attachment with the logo's Content-ID").toBeDefined();
  expect(Buffer.from(logo!.content).equals(LOGO)).toBe(true);
  // mailparser turns cid: links into data: URLs; the HTML as sent names the cid.
  expect(String(mail.html)).toMatch(/<img src="(cid:studio-logo\.png|data:image\/png;base64,[^"]+)" alt="Lumen Studio"/);
}

let smtp: SmtpServer;
let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, browser] = await Promise.all([startAppServer(smtpEnv(smtp)), launchChromium()]);
  const api = await ownerApi(server);
  const settings = await api<{ items: Array<{ id: string }> }>("GET", "/api/collections/settings/records");
  await api("PATCH", `/api/collections/settings/records/${settings.items[0]!.id}`, { companyName: "Lumen Studio", email: "studio@lumen.test", galleryUrl: "" });
  const form = new FormData();
  form.set("logo", new File([new Uint8Array(LOGO)], "lumen.png", { type: "image/png" }));
  await api("PATCH", `/api/collections/settings/records/${settings.items[0]!.id}`, form);
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
    expectInlineLogo(mail);
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
    expectInlineLogo(mail);
    if (process.env.SCREENSHOT_DIR) {
      await page.setViewportSize({ width: 640, height: 520 });
      await page.setContent(String(mail.html));
      await saveRegionShot(page, "email-html", page.locator("body > div"));
    }
    await context.close();
  });
});
