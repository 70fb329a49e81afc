/**
 * Offline work in Chromium with the browser's own offline switch: a client created and changed with the
 * network off survives a reload, and reaches the server once the network is back. Two tabs of the app:
 * one syncs for both, and the other takes over when it closes. Offline before the service worker holds the
 * app, the header and the import say why photos cannot be processed.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientDetailPage, NewClientPage } from "./pages/ClientPages";
import { GalleryTabPage } from "./pages/GalleryTabPage";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { ownerSession, signInOwner } from "./support/owner-session";
import { photo } from "./support/photos";
import { ownerToken } from "./support/owner-api";
import { LoginPage } from "./pages/LoginPage";
import { OWNER } from "./support/app-server";
import { saveRegionShot } from "./support/screenshots";

let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

let token: string | undefined;
/** One sign-in for the whole file: sign-ins are limited to 20 a minute. */
const cachedOwnerToken = async () => (token ??= await ownerToken(server));

async function clientsOnServer(name: string): Promise<Array<{ name: string; notes: string }>> {
  const res = await fetch(`${server.url}/api/collections/clients/records?filter=${encodeURIComponent(`name='${name}'`)}`, { headers: { Authorization: await cachedOwnerToken() } });
  return ((await res.json()) as { items: Array<{ name: string; notes: string }> }).items;
}

describe("offline client work", () => {
  it("keeps a client made offline across a reload and syncs it when the network returns", async () => {
    await signInOwner(page, server);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await context.setOffline(true);
    await page.getByTestId("sync-status").getByText("Offline").waitFor();
    await page.goto("/clients/new");
    await new NewClientPage(page).create({ name: "Offline Olivia", email: "olivia@example.com" });
    await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
    const detail = new ClientDetailPage(page);
    await detail.heading("Offline Olivia").waitFor();
    await detail.openDetails();
    await detail.notes().fill("Shot at the lake, golden hour");
    await detail.save();
    await page.getByTestId("toast").getByText("Client updated").waitFor();
    await page.getByTestId("sync-details").getByText("2 changes waiting to sync").waitFor();

    await page.reload();
    await detail.heading("Offline Olivia").waitFor();
    await detail.openDetails();
    expect(await detail.notes().inputValue()).toBe("Shot at the lake, golden hour");
    expect(await clientsOnServer("Offline Olivia")).toEqual([]);

    await context.setOffline(false);
    await page.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 20_000 });
    const onServer = await clientsOnServer("Offline Olivia");
    expect(onServer).toHaveLength(1);
    expect(onServer[0]).toMatchObject({ name: "Offline Olivia", notes: "Shot at the lake, golden hour" });
  });

  it("shows the storage this device uses and has left in Settings", async () => {
    await page.goto("/settings");
    const card = page.getByTestId("device-storage");
    await card.getByText(/Used: .+ · Available: .+/).waitFor();
    const text = (await card.textContent()) ?? "";
    expect(text).toMatch(/Used: [\d.]+ (Bytes|KB|MB|GB)/);
    expect(text).toMatch(/Available: [\d.]+ (KB|MB|GB|TB)/);
  });
});

describe("honest upload status", () => {
  it("says photos imported offline are on this device, per client and in the header, until the server has them", async () => {
    const { context: owner, page: tab } = await ownerSession(browser, server);
    try {
      await tab.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await tab.goto("/clients/new");
      await new NewClientPage(tab).create({ name: "Status Stella" });
      await tab.waitForURL(/\/clients\/[a-z0-9]{15}$/);
      await tab.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 20_000 });

      await owner.setOffline(true);
      await tab.getByTestId("sync-status").getByText("Offline").waitFor();
      const gallery = new GalleryTabPage(tab);
      await gallery.uploadPhotos([await photo(tab, "lake.jpg", 640, 480, 51), await photo(tab, "dock.jpg", 480, 640, 52)]);
      await gallery.dialogTitle("Saved on this device · uploads when online (2 photos)").waitFor({ timeout: 60_000 });
      expect(await tab.getByText(/uploaded|Upload Completed Successfully/i).count()).toBe(0);
      await tab.getByTestId("sync-details").getByText("2 image uploads waiting").waitFor();
      await gallery.closeDialog();
      await tab.getByTestId("upload-state").getByText("Queued · 2 photos on this device").waitFor();
      await tab.getByRole("link", { name: "Back to Clients" }).click();
      const row = tab.getByRole("row").filter({ hasText: "Status Stella" });
      await row.getByTestId("upload-state").getByText("Queued · 2", { exact: true }).waitFor();

      await owner.setOffline(false);
      await row.getByTestId("upload-state").getByText("Uploaded").waitFor({ timeout: 30_000 });
      await tab.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 20_000 });
    } finally {
      await owner.close();
    }
  });
});

describe("two tabs", () => {
  /** Requests that only a syncing tab makes: the clock probe and pushes. */
  const isSyncRequest = (url: string) => /\/api\/(sync\/now|batch)\b/.test(url);

  it("syncs from one tab only, shows the other tab's changes as synced, and hands over when that tab closes", async () => {
    const { context: tabs, page: first } = await ownerSession(browser, server);
    try {
      const syncRequests = new Map<Page, number>();
      const count = (tab: Page) => tab.on("request", (r) => isSyncRequest(r.url()) && syncRequests.set(tab, (syncRequests.get(tab) ?? 0) + 1));
      count(first);
      const second = await tabs.newPage();
      count(second);
      await second.goto("/clients/new");
      await new NewClientPage(second).create({ name: "Second Tab Sam" });
      await second.waitForURL(/\/clients\/[a-z0-9]{15}$/);

      // The first tab holds the sync lock: it pushes the second tab's change, and both show it synced.
      await expect.poll(() => clientsOnServer("Second Tab Sam"), { timeout: 20_000 }).toHaveLength(1);
      for (const tab of [first, second]) await tab.getByTestId("sync-details").getByText(/^All changes synced · Last synced /).waitFor({ timeout: 20_000 });
      expect(syncRequests.get(first) ?? 0).toBeGreaterThan(0);
      expect(syncRequests.get(second) ?? 0).toBe(0);

      await first.close();
      await second.goto("/clients/new");
      await new NewClientPage(second).create({ name: "After Close Alex" });
      await expect.poll(() => clientsOnServer("After Close Alex"), { timeout: 20_000 }).toHaveLength(1);
      expect(syncRequests.get(second) ?? 0).toBeGreaterThan(0);
    } finally {
      await tabs.close();
    }
  });
});

describe("before the app is ready for offline work", () => {
  it("says so in the header, and an import made offline then names the reason instead of failing blind", async () => {
    // A first visit whose service worker never gets to hold the app (its script is refused here).
    const fresh = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    await fresh.route("**/sw.js", (route) => route.abort());
    const tab = await fresh.newPage();
    await tab.goto("/auth");
    await new LoginPage(tab).signIn(OWNER.email, OWNER.password);
    await tab.getByTestId("sync-details").getByText("All changes synced").waitFor();
    await tab.getByTestId("sync-details").getByText("Getting ready for offline work…").waitFor();
    await tab.goto("/clients/new");
    await new NewClientPage(tab).create({ name: "Unready Una" });
    await tab.waitForURL(/\/clients\/[a-z0-9]{15}$/);

    await fresh.setOffline(true);
    await tab.getByTestId("sync-details").getByText("Not ready for offline work: connect once to finish").waitFor();
    const gallery = new GalleryTabPage(tab);
    await gallery.uploadPhotos([await photo(tab, "early.jpg", 900, 600, 71)]);
    await gallery.dialogTitle("Upload Completed with Issues").waitFor({ timeout: 60_000 });
    await tab.getByText("The photo tools are not on this device yet.", { exact: false }).waitFor();
    await saveRegionShot(tab, "offline-not-ready", tab.getByTestId("sync-status"), tab.getByRole("dialog"));
    await fresh.close();
  });
});
