/**
 * One account, one local store (issue 23, finding 4): with registration allowed, another account signing
 * in on a browser that holds the studio owner's data and unsent changes sees none of it and cannot discard
 * it; the owner finds both intact at the next sign-in, and the change then reaches the server. A tab of
 * the owner follows when another tab's session moves to another account.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NewClientPage } from "./pages/ClientPages";
import { LoginPage } from "./pages/LoginPage";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { ownerApi, type OwnerApi } from "./support/owner-api";
import { signInOwner } from "./support/owner-session";
import { saveShot } from "./support/screenshots";

const OTHER = { email: "other@studio.test", password: "other-pass-1" };

let server: AppServer;
let browser: Browser;
let api: OwnerApi;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ ALLOW_REGISTRATION: "true" }), launchChromium()]);
  // Registration as the app's API offers it: a plain account, not a studio owner.
  const res = await fetch(`${server.url}/api/collections/users/records`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...OTHER, passwordConfirm: OTHER.password }),
  });
  if (!res.ok) throw new Error(`registration: ${res.status} ${await res.text()}`);
  api = await ownerApi(server);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const clientsOnServer = async (name: string) =>
  (await api<{ items: Array<{ name: string; email: string }> }>("GET", `/api/collections/clients/records?filter=${encodeURIComponent(`name='${name}'`)}`)).items;

async function signInOther(page: Page) {
  await page.goto("/auth");
  await new LoginPage(page).signIn(OTHER.email, OTHER.password);
  await page.getByRole("button", { name: /^Visitor/ }).waitFor();
}

async function newContext(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  return { context, page: await context.newPage() };
}

describe("another account on the owner's browser", () => {
  it("sees none of the owner's clients or unsent changes, and the owner's queue reaches the server later", async () => {
    const { context, page } = await newContext();
    try {
      await signInOwner(page, server);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });

      // Offline: a client the server has not seen, waiting in the owner's queue.
      await context.setOffline(true);
      await page.getByTestId("sync-status").getByText("Offline").waitFor();
      await page.goto("/clients/new");
      await new NewClientPage(page).create({ name: "Private Priya", email: "priya@example.com" });
      await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
      await page.getByTestId("sync-details").getByText("1 change waiting to sync").waitFor();

      // The session ends without a wipe, as when the server rejects it at the next start (useSessionBootstrap).
      await page.evaluate(() => localStorage.removeItem("pocketbase_auth"));
      await page.reload();
      await page.waitForURL(/\/auth$/);
      await context.setOffline(false);

      await signInOther(page);
      await page.goto("/clients");
      await page.getByText("You haven't added any clients yet").waitFor();
      expect(await page.getByText("Private Priya").count()).toBe(0);
      expect(await page.getByText("priya@example.com").count()).toBe(0);
      await saveShot(page, "shared-device-other-account");

      // Nothing of the owner's is waiting here, so signing out asks nothing and discards nothing.
      await page.getByRole("button", { name: /^Visitor/ }).click();
      await page.getByRole("menuitem", { name: "Logout" }).click();
      await page.waitForURL(/\/auth$/);
      await page.getByTestId("toast").getByText("Logged out", { exact: true }).waitFor();
      expect(await page.getByText("Sign out and discard unsynced changes?").count()).toBe(0);
      expect(await clientsOnServer("Private Priya")).toEqual([]);

      // The owner again: the client and its queued create are there, and the create reaches the server.
      await signInOwner(page, server);
      await expect.poll(() => clientsOnServer("Private Priya"), { timeout: 20_000 }).toHaveLength(1);
      await page.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 20_000 });
      const onServer = await clientsOnServer("Private Priya");
      expect(onServer[0]).toMatchObject({ name: "Private Priya", email: "priya@example.com" });
      await page.goto("/clients");
      await page.getByRole("row").filter({ hasText: "Private Priya" }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("reloads an owner's tab when another tab signs in as another account, and pushes nothing of the owner's with its token", async () => {
    const { context, page: ownerTab } = await newContext();
    try {
      await signInOwner(ownerTab, server);
      await ownerTab.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      const otherTab = await context.newPage();
      await otherTab.goto("/");
      const res = await fetch(`${server.url}/api/collections/users/auth-with-password`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ identity: OTHER.email, password: OTHER.password }),
      });
      const session = (await res.json()) as { token: string; record: unknown };
      const batches: string[] = [];
      for (const tab of [ownerTab, otherTab]) tab.on("request", (r) => /\/api\/batch\b/.test(r.url()) && batches.push(r.headers().authorization ?? ""));

      await context.setOffline(true);
      await ownerTab.getByTestId("sync-status").getByText("Offline").waitFor();
      await ownerTab.goto("/clients/new");
      await new NewClientPage(ownerTab).create({ name: "Waiting Wanda" });
      await ownerTab.getByTestId("sync-details").getByText("1 change waiting to sync").waitFor();

      // The other tab's session becomes another account's (the storage event reaches the owner's tab).
      await otherTab.evaluate((value) => localStorage.setItem("pocketbase_auth", value), JSON.stringify(session));
      await context.setOffline(false);

      // The owner's tab follows: it shows the other account, with none of the owner's clients, and no
      // request ever carried the owner's queue with the other account's token.
      await ownerTab.getByRole("button", { name: /^Visitor/ }).waitFor();
      await ownerTab.goto("/clients");
      await ownerTab.getByText("You haven't added any clients yet").waitFor();
      await ownerTab.waitForTimeout(1500); // a sync would have pushed by now
      expect(batches.filter((auth) => auth === session.token)).toEqual([]);
      expect(await clientsOnServer("Waiting Wanda")).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
