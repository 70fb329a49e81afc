/**
 * Status words that said one thing while the screen said another (issue 37), in Chromium against the real
 * server: the right code on the code-only page takes the wrong code's toast off the gallery's cover, and
 * "Copy Access Message" for a gallery made offline says it is not on the server yet (its link would open
 * "Gallery Not Found") until the device has synced it, and stops saying so once the server has it.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NewClientPage } from "./pages/ClientPages";
import { VisitorGalleryPage } from "./pages/VisitorGalleryPage";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { ownerApi } from "./support/owner-api";
import { ownerSession } from "./support/owner-session";
import { saveRegionShot } from "./support/screenshots";

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("status words", () => {
  it("takes the wrong code's toast away once the right code opens the gallery", async () => {
    const api = await ownerApi(server);
    const made = await api<{ accessUrl: string }>("POST", "/api/collections/clients/records", { name: "Rita Right", accessCode: "RITA77" });
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto("/gallery/access");
    const door = new VisitorGalleryPage(page);
    await door.enterCode("WRONG1", "View Gallery");
    const refusal = page.getByTestId("toast").filter({ hasText: "Invalid access code" });
    await refusal.waitFor();
    await door.enterCode("RITA77", "View Gallery");
    await page.waitForURL(new RegExp(`/gallery/${made.accessUrl}$`));
    await page.getByRole("heading", { name: "Rita Right's Gallery" }).first().waitFor();
    expect(await refusal.count(), "the wrong code's toast over the cover").toBe(0);
    await context.close();
  });

  it("says a gallery made offline is not on the server yet instead of copying a link that is not found", async () => {
    const { context, page } = await ownerSession(browser, server, { viewport: { width: 1280, height: 800 } });
    await context.setOffline(true);
    await page.getByTestId("sync-status").getByText("Offline").waitFor();
    await page.goto("/clients/new");
    await new NewClientPage(page).create({ name: "Offline Otto" });
    await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
    const note = page.getByRole("status").filter({ hasText: "until then the link would show Gallery Not Found" });
    await note.waitFor();
    await page.getByRole("button", { name: "Copy Access Message" }).click();
    await page.getByTestId("toast").getByText("Not on the server yet").waitFor();
    await saveRegionShot(page, "share-not-synced", page.locator(".share"));

    await context.setOffline(false);
    await page.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 30_000 });
    await note.waitFor({ state: "detached" });
    // Synced: the server has the gallery at the link the message gives.
    const accessUrl = (await page.locator(".share code").first().textContent())!.replace("/gallery/", "");
    const api = await ownerApi(server);
    const onServer = await api<{ items: Array<{ name: string }> }>("GET", `/api/collections/clients/records?filter=${encodeURIComponent(`accessUrl='${accessUrl}'`)}`);
    expect(onServer.items.map((c) => c.name)).toEqual(["Offline Otto"]);
    await context.close();
  });
});
