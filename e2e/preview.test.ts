/**
 * 'Preview as client' (issue 27): from Client Details the owner opens the gallery in French and dark, as
 * the client sees it, without the code: French texts, a dark page, the preview's bar; a heart is not saved,
 * and the server records no activity and no person. The bar switches the theme and closes the tab. Offline,
 * the panel says the preview needs the server. And no flash of the wrong theme: with the app's scripts
 * refused, a dark gallery's page and the owner's app set to dark are already dark (the server's attribute,
 * public/appearance.js), and the offline owner's app has that script from its service worker.
 * With SCREENSHOT_DIR set, it saves preview-panel, preview-as-client and preview-as-client-dark (docs/screenshots).
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { uploadPhoto } from "./support/gallery-seed";
import { DARK, luminance } from "./support/luminance";
import { ownerApi, type OwnerApi } from "./support/owner-api";
import { ownerSession } from "./support/owner-session";
import { saveRegionShot, saveShot } from "./support/screenshots";

type Gallery = { id: string; accessUrl: string; accessCode: string };
let server: AppServer;
let browser: Browser;
let api: OwnerApi;
let gallery: Gallery;

const countOf = async (collection: string, clientId: string) =>
  (await api<{ totalItems: number }>("GET", `/api/collections/${collection}/records?filter=${encodeURIComponent(`client="${clientId}"`)}`)).totalItems;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  api = await ownerApi(server);
  gallery = await api<Gallery>("POST", "/api/collections/clients/records", { name: "Grace Hopper", galleryTheme: "light", eventDate: "2026-06-13 00:00:00.000Z" });
  await Promise.all([[2400, 1600], [1600, 2400], [2000, 2000]].map(([w, h], i) => uploadPhoto(server.url, api.token, gallery.id, `p${i}.jpg`, w!, h!, i + 1, i)));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("preview as client", () => {
  it("opens the gallery in French and dark without the code, and records nothing", async () => {
    const { context, page } = await ownerSession(browser, server, { viewport: { width: 1280, height: 860 } });
    await page.goto(`/clients/${gallery.id}`);
    await page.getByRole("tab", { name: "Client Details" }).click();
    const panel = page.locator(".preview-panel");
    await panel.getByLabel("Language").selectOption("fr");
    await panel.getByLabel("Theme").selectOption("dark");
    await saveRegionShot(page, "preview-panel", panel);
    const opened = context.waitForEvent("page");
    await panel.getByRole("button", { name: "Preview as client" }).click();
    const preview = await opened;
    const bar = preview.getByTestId("preview-bar");
    await bar.getByText("Aperçu", { exact: true }).waitFor();
    await preview.locator(".jgrid-cell img").first().waitFor();
    expect(new URL(preview.url()).pathname).toBe(`/gallery/${gallery.accessUrl}`);
    expect(await preview.evaluate(() => document.documentElement.lang)).toBe("fr");
    // The gallery's own texts are French too (the visitor's catalogue), and no code was asked.
    await preview.getByRole("link", { name: "Aller aux photos" }).waitFor({ state: "attached" });
    expect(await preview.getByRole("button", { name: "Accéder à la galerie" }).count()).toBe(0);
    expect(await luminance(preview, "body")).toBeLessThan(DARK);
    expect(await luminance(preview, ".gallery-main")).toBeLessThan(DARK);
    await saveShot(preview, "preview-as-client-dark");

    // A heart is not saved: the page says so, and no name is asked.
    await preview.locator(".photo-card-heart").first().click();
    await preview.getByText("Non enregistré : ceci est un aperçu.").waitFor();
    expect(await preview.getByRole("dialog").count()).toBe(0);
    expect(await countOf("gallery_activity", gallery.id)).toBe(0);
    expect(await countOf("proof_people", gallery.id)).toBe(0);
    expect(await countOf("proof_favourites", gallery.id)).toBe(0);

    // The bar switches to light (the page reloads in it) and closes the preview's tab.
    await bar.getByLabel("Thème").selectOption("light");
    await preview.waitForURL(/theme=light/);
    await preview.locator(".jgrid-cell img").first().waitFor();
    expect(await luminance(preview, "body")).toBeGreaterThan(0.8);
    await preview.getByTestId("preview-bar").getByText("Aperçu", { exact: true }).waitFor();
    await saveShot(preview, "preview-as-client");
    const closed = preview.waitForEvent("close");
    await preview.getByTestId("preview-bar").getByRole("button", { name: "Fermer l’aperçu" }).click();
    await closed;
    expect(await countOf("gallery_activity", gallery.id)).toBe(0);

    // Offline, the panel says the preview needs the server.
    await context.setOffline(true);
    await panel.getByRole("button", { name: "Preview as client" }).click();
    await panel.getByRole("alert").getByText(/You are offline/).waitFor();
    await context.close();
  });

  it("draws a dark gallery and the owner's dark app dark before any of their scripts run", async () => {
    const darkGallery = await api<Gallery>("POST", "/api/collections/clients/records", { name: "Dark Room", galleryTheme: "dark" });
    const context = await browser.newContext({ baseURL: server.url });
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`/gallery/${darkGallery.accessUrl}`);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await luminance(page, "body")).toBeLessThan(DARK);
    // A light gallery's page stays light.
    await page.goto(`/gallery/${gallery.accessUrl}`);
    expect(await luminance(page, "body")).toBeGreaterThan(0.8);
    // The owner's app on a device set to dark (in a light browser), with its bundle refused.
    await page.evaluate(() => localStorage.setItem("studio-gallery.appearance", "dark"));
    await page.goto("/auth");
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await luminance(page, "body")).toBeLessThan(DARK);
    await context.close();
  });

  it("has the theme script offline, from the owner's service worker", async () => {
    const { context, page } = await ownerSession(browser, server);
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
    await context.setOffline(true);
    await page.evaluate(() => localStorage.setItem("studio-gallery.appearance", "dark"));
    await page.reload();
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    const script = await page.evaluate(async () => (await fetch("/appearance.js")).text());
    expect(script).toContain("studio-gallery.appearance");
    expect(await luminance(page, "body")).toBeLessThan(DARK);
    await context.close();
  });
});
