/**
 * Access codes on the client form: the device refuses a code another client has (compared after the
 * contract's normalisation), warns about weak codes, generates new ones, and a clash the server finds at
 * push comes back to the form as a fixable field error instead of a parked change. The owner sees and
 * resets the wrong codes tried on a gallery's link and the wrong download PINs (with SCREENSHOT_DIR set,
 * docs/screenshots/client-access-failures.png). Expiry ends with the chosen day in the studio's time
 * zone, tried with the browser in Los Angeles and the server in UTC.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientDetailPage, NewClientPage } from "./pages/ClientPages";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { ownerSession } from "./support/owner-session";
import { ownerApi, type OwnerApi } from "./support/owner-api";
import { saveRegionShot } from "./support/screenshots";

let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: OwnerApi;

beforeAll(async () => {
  // The server runs in UTC; the expiry test's browser in Los Angeles.
  [server, browser] = await Promise.all([startAppServer({ TZ: "UTC" }), launchChromium()]);
  ({ context, page } = await ownerSession(browser, server));
  api = await ownerApi(server);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe("access codes on the client form", () => {
  it("refuses a code another client has, warns about weak codes and generates new ones", async () => {
    await page.goto("/clients/new");
    await new NewClientPage(page).create({ name: "Ann Archer", accessCode: "ANN123" });
    await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);

    await page.goto("/clients/new");
    const form = new ClientDetailPage(page);
    await new NewClientPage(page).create({ name: "Ben Baker", accessCode: "ann-123" });
    await form.accessCodeMessage(/Another client already has this access code/).waitFor();
    expect(page.url()).toMatch(/\/clients\/new$/);

    await form.accessCode().fill("1234");
    await form.accessCodeMessage(/easier to guess/).waitFor();
    await form.generateCode();
    const generated = await form.accessCode().inputValue();
    expect(generated).toMatch(/^[A-Z0-9]{6}$/);
    if (/[A-Z]/.test(generated)) expect(await form.accessCodeMessage(/easier to guess/).count()).toBe(0);
    await page.getByRole("button", { name: "Create Client" }).click();
    await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
  });

  it("brings a clash found at push back to the form, and a new code sends the client", async () => {
    await context.setOffline(true);
    await page.getByTestId("sync-status").getByText("Offline").waitFor();
    await page.goto("/clients/new");
    await new NewClientPage(page).create({ name: "Cleo Clash", accessCode: "CLASH7" });
    await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
    // Meanwhile another device gave the same code to another client.
    await api("POST", "/api/collections/clients/records", { name: "Dan Other", accessCode: "clash-7" });
    await context.setOffline(false);

    const detail = new ClientDetailPage(page);
    await detail.openDetails();
    await detail.accessCodeMessage(/Another client already has this access code/).waitFor({ timeout: 20_000 });
    await detail.generateCode();
    const fresh = await detail.accessCode().inputValue();
    await detail.save();
    await page.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 20_000 });
    const onServer = await api<{ items: Array<{ accessCode: string }> }>("GET", `/api/collections/clients/records?filter=${encodeURIComponent("name='Cleo Clash'")}`);
    expect(onServer.items.map((c) => c.accessCode)).toEqual([fresh]);
  });

  it("shows the owner the wrong codes tried on a gallery's link and the wrong download PINs, and resets them", async () => {
    const made = await api<{ id: string; accessUrl: string }>("POST", "/api/collections/clients/records", { name: "Eve Tried", accessCode: "EVE777", downloadPin: "4821" });
    const verify = (accessCode: string) =>
      fetch(`${server.url}/api/gallery/${made.accessUrl}/verify`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ accessCode }) });
    for (const code of ["EVE000", "EVE001", "EVE002"]) expect((await verify(code)).status).toBe(401);
    // One wrong PIN, with a session: four failures in all, under the loopback address's five free ones.
    const session = (await verify("EVE777")).headers.get("set-cookie")!.split(";")[0]!;
    const pin = await fetch(`${server.url}/api/gallery/${made.accessUrl}/download-pin`, { method: "POST", headers: { "Content-Type": "application/json", Cookie: session }, body: JSON.stringify({ pin: "1234" }) });
    expect(pin.status).toBe(401);
    await page.goto(`/clients/${made.id}`);
    const detail = new ClientDetailPage(page);
    await detail.heading("Eve Tried").waitFor();
    await detail.openDetails();
    const panel = page.getByTestId("access-failures");
    await panel.getByText(/3 wrong access codes tried on this gallery's link/).waitFor();
    await panel.getByText(/1 wrong download PIN tried, the last on/).waitFor();
    await saveRegionShot(page, "client-access-failures", panel);
    await panel.getByRole("button", { name: "Reset" }).click();
    await panel.getByText("No wrong access codes or download PINs have been tried on this gallery.").waitFor();
  });

  it("closes a gallery at the end of its expiry day in the studio's time zone (browser in Los Angeles, server in UTC)", async () => {
    const la = await ownerSession(browser, server, { timezoneId: "America/Los_Angeles" });
    try {
      const dayInLa = (ms: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date(ms));
      const today = dayInLa(Date.now());
      const yesterday = dayInLa(Date.now() - 24 * 3600 * 1000);

      await la.page.goto("/settings");
      await la.page.getByLabel("Time zone").waitFor();
      expect(await la.page.getByLabel("Time zone").inputValue()).toBe("America/Los_Angeles");
      // The studio's zone is on the server before the galleries are made: a gallery that reaches it first is
      // closed by the server's zone until the new zone arrives and recomputes it, which is not this test's premise.
      await expect.poll(async () => (await api<{ items: Array<{ timeZone: string }> }>("GET", "/api/collections/settings/records")).items[0]?.timeZone, { timeout: 30_000 }).toBe("America/Los_Angeles");

      const made: Record<string, { id: string; accessUrl: string }> = {};
      for (const [name, day, code] of [["Lia Today", today, "LIA777"], ["Lou Yesterday", yesterday, "LOU777"]] as const) {
        await la.page.goto("/clients/new");
        await la.page.getByLabel("Expiration Date").fill(day);
        await new NewClientPage(la.page).create({ name, accessCode: code });
        await la.page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
        for (let tries = 0; !made[name] && tries < 80; tries++) {
          const found = await api<{ items: Array<{ id: string; accessUrl: string }> }>("GET", `/api/collections/clients/records?filter=${encodeURIComponent(`name='${name}'`)}`);
          if (found.items[0]) made[name] = found.items[0];
          else await new Promise((r) => setTimeout(r, 250));
        }
        expect(made[name]).toBeTruthy();
      }
      // The chosen day is still running in Los Angeles (even when it is already tomorrow in UTC): open.
      const open = await fetch(`${server.url}/api/gallery/${made["Lia Today"]!.accessUrl}/verify`, { method: "POST", headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.7.0.1" }, body: JSON.stringify({ accessCode: "LIA777" }) });
      expect(open.status).toBe(200);
      const closed = await fetch(`${server.url}/api/gallery/${made["Lou Yesterday"]!.accessUrl}/verify`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ accessCode: "LOU777" }) });
      expect(closed.status).toBe(410);

      // The owner's app agrees: the form shows the chosen day, the badge says Active.
      await la.page.goto(`/clients/${made["Lia Today"]!.id}`);
      await la.page.getByText("Active", { exact: true }).waitFor();
      await new ClientDetailPage(la.page).openDetails();
      expect(await la.page.getByLabel("Expiration Date").inputValue()).toBe(today);
      await la.page.goto(`/clients/${made["Lou Yesterday"]!.id}`);
      await la.page.getByText("Expired", { exact: true }).waitFor();
    } finally {
      await la.context.close();
    }
  });
});
