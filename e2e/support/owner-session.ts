/** The studio owner signed in through the app's sign-in screen, with the first sync settled. */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { LoginPage } from "../pages/LoginPage";
import { OWNER, type AppServer } from "./app-server";

/**
 * Signs the owner in on this page (from /auth) and waits for the dashboard's first sync and, unless the
 * context blocks service workers (`serviceWorker: false`), for the service worker.
 */
export async function signInOwner(page: Page, server: Pick<AppServer, "url">, { serviceWorker = true } = {}): Promise<void> {
  await page.goto("/auth");
  await new LoginPage(page).signIn(OWNER.email, OWNER.password);
  await page.waitForURL(`${server.url}/`);
  await page.getByTestId("sync-details").getByText("All changes synced").waitFor();
  // Ready for offline work, as a photographer's installed app is: the service worker controls the page, so
  // the photo tools' code loads without a network (a test that went offline before this raced its precache).
  if (serviceWorker) await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 60_000 });
}

/** A new browser context signed in as the owner. */
export async function ownerSession(browser: Browser, server: AppServer, options: BrowserContextOptions & { streamDownloads?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const { streamDownloads, ...contextOptions } = options;
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, ...contextOptions });
  // Streamed saving to a chosen file needs a person at the save dialog; tests take the service-worker stream.
  if (streamDownloads) await context.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);
  const page = await context.newPage();
  await signInOwner(page, server);
  return { context, page };
}
