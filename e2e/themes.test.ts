/**
 * Light and dark (issue 27). A gallery set to dark is dark where a visitor looks (the page, the grid, the
 * sidebar, the name dialog, the viewer) and passes axe, contrast included, on a desktop and a phone; a gallery
 * left to the studio follows Settings > Branding's theme, and one set to light stays light. The owner's app
 * follows the device (`colorScheme: "dark"`), passes axe in dark, and Settings > Appearance forces light back.
 * With SCREENSHOT_DIR set, it saves theme-dark-gallery-desktop/-phone and theme-dark-owner (docs/screenshots).
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "./support/app-server";
import { axeReport } from "./support/axe";
import { DARK, luminance } from "./support/luminance";
import { launchChromium } from "./support/browser";
import { uploadPhoto } from "./support/gallery-seed";
import { ownerApi, type OwnerApi } from "./support/owner-api";
import { ownerSession } from "./support/owner-session";
import { saveShot } from "./support/screenshots";
import { visitorSession } from "./support/visitor-session";

const VIEWPORTS = { desktop: { width: 1280, height: 860 }, phone: { width: 390, height: 844 } } as const;
type Gallery = { id: string; accessUrl: string; accessCode: string };
let server: AppServer;
let browser: Browser;
let api: OwnerApi;
let dark: Gallery;

async function createGallery(name: string, galleryTheme: string): Promise<Gallery> {
  return api<Gallery>("POST", "/api/collections/clients/records", { name, galleryTheme, eventDate: "2026-06-13 00:00:00.000Z" });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  api = await ownerApi(server);
  dark = await createGallery("Grace Hopper", "dark");
  await Promise.all([[2400, 1600], [1600, 2400], [2000, 2000]].map(([w, h], i) => uploadPhoto(server.url, api.token, dark.id, `p${i}.jpg`, w!, h!, i + 1, i)));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(Object.entries(VIEWPORTS))("a dark gallery on a %s", (name, viewport) => {
  it("is dark on the page, grid, sidebar, dialog and viewer, and passes axe", async () => {
    const { context, page } = await visitorSession(browser, server, dark, { viewport, bypassCSP: true });
    await page.locator(".jgrid-cell img").first().waitFor();
    expect(await luminance(page, "body")).toBeLessThan(DARK);
    expect(await luminance(page, ".gallery-main")).toBeLessThan(DARK);
    if (name === "desktop") expect(await luminance(page, ".gallery-sidebar")).toBeLessThan(DARK);
    await saveShot(page, `theme-dark-gallery-${name}`);
    const report: Record<string, string[]> = { gallery: await axeReport(page) };
    await page.getByRole("list", { name: "Gallery", exact: true }).getByRole("button", { name: /^Add .* to favourites$/ }).first().click();
    const who = page.getByRole("dialog", { name: "Who's choosing?" });
    await who.getByLabel("Your name").waitFor();
    expect(await luminance(page, "dialog[open]")).toBeLessThan(DARK);
    report.dialog = await axeReport(page);
    await who.getByRole("button", { name: "Cancel" }).click();
    await page.locator(".photo-card-open").first().click();
    await page.locator(".yarl__slide_current img").waitFor();
    await page.waitForFunction(() => getComputedStyle(document.querySelector(".yarl__portal")!).opacity === "1");
    expect(await luminance(page, ".yarl__container")).toBeLessThan(DARK);
    report.viewer = await axeReport(page);
    expect(report).toEqual({ gallery: [], dialog: [], viewer: [] });
    await context.close();
  });
});

describe("the studio's gallery theme", () => {
  it("darkens a gallery left to the studio, not one set to light", async () => {
    const [studio] = (await api<{ items: Array<{ id: string }> }>("GET", "/api/collections/settings/records")).items;
    await api("PATCH", `/api/collections/settings/records/${studio!.id}`, { galleryTheme: "dark" });
    const byStudio = await createGallery("Studio's choice", "");
    const light = await createGallery("Always light", "light");
    const themeOf = async (g: Gallery) => {
      const { context, page } = await visitorSession(browser, server, g);
      await page.locator(".gallery-main").waitFor();
      const value = await luminance(page, "body");
      await context.close();
      return value;
    };
    expect(await themeOf(byStudio)).toBeLessThan(DARK);
    expect(await themeOf(light)).toBeGreaterThan(0.8);
    await api("PATCH", `/api/collections/settings/records/${studio!.id}`, { galleryTheme: "" });
  });
});

describe("the owner's app", () => {
  it("follows a dark device, passes axe, and Settings > Appearance forces light", async () => {
    const { context, page } = await ownerSession(browser, server, { viewport: VIEWPORTS.desktop, colorScheme: "dark", bypassCSP: true });
    await page.goto("/clients");
    await page.getByText("Grace Hopper").first().waitFor();
    expect(await luminance(page, "body")).toBeLessThan(DARK);
    await saveShot(page, "theme-dark-owner");
    const report: Record<string, string[]> = { clients: await axeReport(page) };
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    report.dashboard = await axeReport(page);
    await page.goto(`/clients/${dark.id}`);
    await page.getByRole("list", { name: "Images" }).scrollIntoViewIfNeeded();
    await page.locator(".image-card img").first().waitFor();
    report.galleryTab = await axeReport(page);
    await page.getByRole("tab", { name: "Client Details" }).click();
    await page.getByLabel("Gallery theme").waitFor();
    report.clientDetails = await axeReport(page);
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Branding" }).click();
    await page.getByLabel("Gallery theme").waitFor();
    report.branding = await axeReport(page);
    const appearance = page.getByLabel("Theme of this app");
    await appearance.waitFor();
    expect(report).toEqual({ clients: [], dashboard: [], galleryTab: [], clientDetails: [], branding: [] });
    await appearance.selectOption("light");
    expect(await luminance(page, "body")).toBeGreaterThan(0.8);
    // Kept on the device: a new page opens light on the dark device too.
    await page.reload();
    await appearance.waitFor();
    expect(await luminance(page, "body")).toBeGreaterThan(0.8);
    await appearance.selectOption("system");
    expect(await luminance(page, "body")).toBeLessThan(DARK);
    await context.close();
  });
});
