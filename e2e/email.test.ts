/**
 * 'Email gallery to client' in Chromium against the real server and a real SMTP server (issue 12): the
 * button first shows a preview with the client's name and link (issue 25), and the email sent is the one
 * previewed. Asked while the owner's device is offline, the client's page shows the message as queued and nothing is sent;
 * after reconnecting it arrives once, to the client's address, with the gallery's link and access code, and
 * the page says it was sent. Against a server without SMTP the page says email is not set up, and a request
 * made offline syncs without failing and is shown as not sent. The expiry reminder the server sends (its
 * job run at a chosen time) shows in the client's Activity with how it went. With SCREENSHOT_DIR set, it also saves the
 * client form's delivery controls, the email preview and the email panel (queued, sent) kept in docs/screenshots.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientDetailPage } from "./pages/ClientPages";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { ownerApi } from "./support/owner-api";
import { ownerSession } from "./support/owner-session";
import { saveRegionShot, saveShot } from "./support/screenshots";
import { upsertSuperuser } from "../scripts/lib/pocketbase.mjs";
import { mailTo, recipients, smtpEnv, startSmtpServer, type SmtpServer } from "./support/smtp-server";

let smtp: SmtpServer;
let server: AppServer;
let noMail: AppServer;
let browser: Browser;

interface Client {
  id: string;
  accessUrl: string;
  accessCode: string;
}

/** One request as the owner (the shared sign-in helper). */
async function asOwner<T>(app: AppServer, method: string, route: string, body?: unknown): Promise<T> {
  return (await ownerApi(app))<T>(method, route, body);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, noMail, browser] = await Promise.all([startAppServer(smtpEnv(smtp)), startAppServer(), launchChromium()]);
  const settings = await asOwner<{ items: Array<{ id: string }> }>(server, "GET", "/api/collections/settings/records");
  await asOwner(server, "PATCH", `/api/collections/settings/records/${settings.items[0]!.id}`, { companyName: "Lumen Studio", galleryUrl: `${server.url}/` });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.stop(), noMail?.stop()]);
  await smtp?.close();
});

describe("email gallery to client", () => {
  it("queues the email while the owner is offline and sends it once, with the link and code, after reconnecting", async () => {
    const client = await asOwner<Client>(server, "POST", "/api/collections/clients/records", { name: "Ada Lovelace", email: "ada@client.test", downloadMode: "web", downloadPin: "2580" });
    const { context, page } = await ownerSession(browser, server);
    await page.goto(`/clients/${client.id}`);
    await new ClientDetailPage(page).openDetails();
    const panel = page.getByTestId("email-panel");
    const button = panel.getByRole("button", { name: "Email gallery to client" });
    await expect.poll(() => button.isEnabled()).toBe(true); // online, the server said mail is set up
    expect(await panel.getByText("Email is not set up on the server").count()).toBe(0);
    await saveRegionShot(page, "client-delivery-controls", page.getByRole("group", { name: "Delivery" }));

    await context.setOffline(true);
    await button.click(); // the preview is made on the device, so it shows offline too
    const preview = page.getByTestId("email-preview");
    const link = `${server.url}/gallery/${client.accessUrl}`;
    await preview.getByText(link, { exact: false }).waitFor();
    const subject = await preview.getByTestId("email-preview-subject").innerText();
    const text = await preview.getByTestId("email-preview-text").innerText();
    expect(subject).toBe("Your photos from Lumen Studio are ready");
    expect(text).toContain("Hello Ada Lovelace,");
    expect(text).toContain(client.accessCode);
    await saveShot(page, "email-preview");
    await page.getByRole("dialog", { name: "Email preview" }).getByRole("button", { name: "Send" }).click();
    const queued = panel.getByTestId("email-queued");
    await queued.getByText("Gallery email queued.").waitFor();
    await saveRegionShot(page, "client-email-queued", page.getByRole("heading", { name: "Email", exact: true }), panel);
    await page.waitForTimeout(500);
    expect(mailTo(smtp, "ada@client.test")).toHaveLength(0); // nothing has left the device

    await context.setOffline(false);
    await expect.poll(() => mailTo(smtp, "ada@client.test").length, { timeout: 20_000 }).toBe(1);
    const mail = mailTo(smtp, "ada@client.test")[0]!;
    expect(recipients(mail)).toEqual(["ada@client.test"]);
    expect(mail.subject).toBe(subject); // what the preview showed is what the client got
    expect(String(mail.text).trim()).toBe(text.trim());
    expect(mail.text).toContain(link);
    await queued.waitFor({ state: "detached" });
    await panel.getByTestId("last-mail").getByText(/^Gallery email: sent /).waitFor();
    await saveRegionShot(page, "client-email-sent", page.getByRole("heading", { name: "Email", exact: true }), panel);

    // Later syncs and reloads send nothing more.
    await page.reload();
    await page.getByTestId("sync-details").getByText("All changes synced").waitFor();
    await page.waitForTimeout(500);
    expect(mailTo(smtp, "ada@client.test")).toHaveLength(1);
    await context.close();
  });

  it("shows the expiry reminder the server sent in the client's activity", async () => {
    const inThreeDays = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const client = await asOwner<Client>(server, "POST", "/api/collections/clients/records", { name: "Mary Somerville", email: "mary@client.test", expirationDate: `${inThreeDays} 00:00:00.000Z` });
    // The hourly job, run now through the superusers' route.
    await upsertSuperuser(server.dataDir, "ops@studio.test", "ops-pass-12345");
    const auth = await fetch(`${server.url}/api/collections/_superusers/auth-with-password`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ identity: "ops@studio.test", password: "ops-pass-12345" }) });
    const { token } = (await auth.json()) as { token: string };
    const run = await fetch(`${server.url}/api/owner/run-reminders`, { method: "POST", headers: { "content-type": "application/json", authorization: token }, body: JSON.stringify({ now: new Date().toISOString() }) });
    expect(run.status).toBe(200);
    await expect.poll(() => mailTo(smtp, "mary@client.test").length, { timeout: 20_000 }).toBe(1);
    expect(mailTo(smtp, "mary@client.test")[0]!.subject).toBe("Your gallery from Lumen Studio expires in 7 days");

    const { context, page } = await ownerSession(browser, server);
    await page.goto(`/clients/${client.id}`);
    await new ClientDetailPage(page).openDetails();
    const history = page.getByTestId("activity-card").getByTestId("mail-history");
    await history.getByText(/^7-day expiry reminder: sent \w+ \d{1,2}, \d{4}, /).waitFor();
    await saveRegionShot(page, "client-activity-emails", page.getByTestId("activity-card"));
    await context.close();
  });

  it("says email is not set up when the server has no SMTP, and a request made offline fails nothing", async () => {
    const client = await asOwner<Client>(noMail, "POST", "/api/collections/clients/records", { name: "Grace Hopper", email: "grace@client.test" });
    const { context, page } = await ownerSession(browser, noMail);
    await page.goto(`/clients/${client.id}`);
    await new ClientDetailPage(page).openDetails();
    const panel = page.getByTestId("email-panel");
    await panel.getByText("Email is not set up on the server (SMTP_HOST and SMTP_FROM)").waitFor();
    expect(await panel.getByRole("button", { name: "Email gallery to client" }).isDisabled()).toBe(true);

    // Offline the device cannot know: the request is queued, syncs without a conflict, and shows as not sent.
    // (The app reopens offline from its service worker once it controls the page.)
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
    await context.setOffline(true);
    await page.reload();
    await new ClientDetailPage(page).openDetails();
    await panel.getByRole("button", { name: "Email gallery to client" }).click();
    await page.getByRole("dialog", { name: "Email preview" }).getByRole("button", { name: "Send" }).click();
    await panel.getByTestId("email-queued").waitFor();
    await context.setOffline(false);
    await page.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 20_000 });
    await panel.getByTestId("last-mail").getByText(/^Gallery email: not sent \(email is not set up\)/).waitFor();
    await panel.getByText("Email is not set up on the server").waitFor();
    expect(smtp.messages.filter((m) => recipients(m).includes("grace@client.test"))).toHaveLength(0);
    await context.close();
  });
});
