/**
 * Activity in Chromium against the real server (issue 12): a visitor opens a gallery and downloads a zip of
 * two photos; the owner's client page shows the views, visitors and the zip with its photos, and the
 * dashboard's 'Recent activity' lists the gallery. With SCREENSHOT_DIR set, it saves both screens (docs/screenshots).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { VisitorGalleryPage } from "./pages/VisitorGalleryPage";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { ownerSession } from "./support/owner-session";
import { makeJpeg } from "./support/photos";
import { uploadJpegRecord } from "./support/gallery-seed";
import { ownerApi, type OwnerApi } from "./support/owner-api";
import { saveShot } from "./support/screenshots";

let server: AppServer;
let browser: Browser;
let api: OwnerApi;

async function seed(page: Page, name: string) {
  const client = await api<{ id: string; accessUrl: string; accessCode: string }>("POST", "/api/collections/clients/records", { name });
  for (const [i, file] of ["a.jpg", "b.jpg"].entries()) await uploadJpegRecord(api, client.id, file, i, await makeJpeg(page, 320, 240, i + 1));
  return client;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  api = await ownerApi(server);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it("shows a visitor's views and zip on the client's page and in the dashboard's recent activity", async () => {
  const visitor = await browser.newContext({ baseURL: server.url, acceptDownloads: true });
  await visitor.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);
  const page = await visitor.newPage();
  await page.goto("/gallery/access");
  const client = await seed(page, "Dora Maar");
  const gallery = new VisitorGalleryPage(page);
  await page.goto(`/gallery/${client.accessUrl}`);
  await gallery.enterCode(client.accessCode);
  await gallery.sidebarRows().nth(1).waitFor();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
  await page.getByRole("button", { name: "Select All", exact: true }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download Selected (2)" }).click();
  await downloading;
  await page.getByRole("heading", { name: "Download Complete" }).waitFor();
  await expect
    .poll(async () => (await api<{ items: { zipDownloads: number; zipPhotos: number }[] }>("GET", "/api/collections/gallery_activity/records")).items[0])
    .toMatchObject({ zipDownloads: 1, zipPhotos: 2 });
  await visitor.close();

  const owner = await ownerSession(browser, server);
  const recent = owner.page.getByTestId("recent-activity");
  await recent.getByRole("link", { name: "Dora Maar" }).waitFor();
  // One word for one figure (issue 37): the dashboard and the card both count the photos downloaded.
  expect(await recent.textContent()).toContain("1 view · 2 photos downloaded");
  await saveShot(owner.page, "dashboard-recent-activity", 0);
  await recent.getByRole("link", { name: "Dora Maar" }).click();
  await owner.page.getByRole("tab", { name: "Client Details" }).click();
  const card = owner.page.getByTestId("activity-card");
  await card.getByText("1 (2 photos)").waitFor();
  const stats = await card.locator("dl > div").allTextContents();
  expect(stats.slice(0, 2)).toEqual(["Views1", "Visitors1"]);
  expect(stats).toContain("Photos downloaded2");
  expect(stats).toContain("Downloaded one by one0");
  expect(stats).toContain("Failed code attempts0");
  await card.scrollIntoViewIfNeeded();
  await saveShot(owner.page, "client-activity-card", 0);
  await owner.context.close();
});
