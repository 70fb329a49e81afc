/**
 * Accessibility in dark (issue 27): axe-core, contrast included, on the owner's sign-in, converter, import
 * dialog and photo viewer and on the visitor's gate, grid and viewer of a dark gallery, and on the owner's
 * preview bar: no serious or critical violation. One server, one browser; the owner's device is dark
 * (`colorScheme: "dark"`, the app's "Same as the device").
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GalleryTabPage } from "./pages/GalleryTabPage";
import { VisitorGalleryPage } from "./pages/VisitorGalleryPage";
import { startAppServer, type AppServer } from "./support/app-server";
import { axeReport } from "./support/axe";
import { launchChromium } from "./support/browser";
import { uploadPhoto } from "./support/gallery-seed";
import { DARK, luminance } from "./support/luminance";
import { ownerApi, type OwnerApi } from "./support/owner-api";
import { signInOwner } from "./support/owner-session";
import { photo } from "./support/photos";

type Gallery = { id: string; accessUrl: string; accessCode: string };
let server: AppServer;
let browser: Browser;
let api: OwnerApi;
let gallery: Gallery;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  api = await ownerApi(server);
  gallery = await api<Gallery>("POST", "/api/collections/clients/records", { name: "Grace Hopper", galleryTheme: "dark", eventDate: "2026-06-13 00:00:00.000Z" });
  await Promise.all([[2400, 1600], [1600, 2400]].map(([w, h], i) => uploadPhoto(server.url, api.token, gallery.id, `p${i}.jpg`, w!, h!, i + 1, i)));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** axe once the visitor's viewer has faded in (axe reads colours through the fade's opacity). */
async function viewerReport(page: Page): Promise<string[]> {
  await page.locator(".yarl__slide_current img").waitFor();
  await page.waitForFunction(() => getComputedStyle(document.querySelector(".yarl__portal")!).opacity === "1");
  expect(await luminance(page, ".yarl__container")).toBeLessThan(DARK);
  return axeReport(page);
}

describe("dark theme accessibility", () => {
  it("passes axe on the owner's and the visitor's screens in dark", async () => {
    // axe is injected as a script: the app's CSP would refuse it.
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 }, colorScheme: "dark", bypassCSP: true });
    const page = await context.newPage();
    const report: Record<string, string[]> = {};

    await page.goto("/auth");
    await page.getByRole("button", { name: "Login" }).waitFor();
    expect(await luminance(page, "body")).toBeLessThan(DARK);
    report.signIn = await axeReport(page);
    await signInOwner(page, server);

    await page.goto("/converter");
    await page.locator("h1, h2").getByText("Standalone Image Converter").first().waitFor();
    report.converter = await axeReport(page);

    await page.goto(`/clients/${gallery.id}`);
    const tab = new GalleryTabPage(page);
    await tab.showing(2).waitFor();
    await tab.uploadPhotos([await photo(page, "new.jpg", 1200, 800, 7)]);
    await tab.dialogTitle("Upload Completed Successfully").waitFor({ timeout: 60_000 });
    expect(await luminance(page, "dialog[open]")).toBeLessThan(DARK);
    report.importDialog = await axeReport(page);
    await tab.closeDialog();
    await page.locator(".image-card-open").first().click();
    await page.locator(".owner-viewer .yarl__slide_current img").waitFor();
    await page.waitForFunction(() => getComputedStyle(document.querySelector(".owner-viewer")!).opacity === "1");
    expect(await luminance(page, ".owner-viewer")).toBeLessThan(DARK);
    report.ownerViewer = await axeReport(page);
    await page.keyboard.press("Escape");

    // The owner's preview of the dark gallery: its bar.
    const started = await context.request.post(`/api/owner/preview/${gallery.id}`, { headers: { Authorization: api.token } });
    expect(started.status()).toBe(200);
    await page.goto(`/gallery/${gallery.accessUrl}?preview=1`);
    await page.getByTestId("preview-bar").waitFor();
    await page.locator(".jgrid-cell img").first().waitFor();
    report.previewBar = await axeReport(page);

    // A visitor of the dark gallery, in a light browser: the gate is dark too.
    const visitor = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 }, bypassCSP: true });
    const v = await visitor.newPage();
    await v.goto(`/gallery/${gallery.accessUrl}`);
    await v.getByRole("button", { name: "Access Gallery" }).waitFor();
    expect(await luminance(v, "body")).toBeLessThan(DARK);
    report.gate = await axeReport(v);
    await new VisitorGalleryPage(v).enterCode(gallery.accessCode);
    await v.locator(".jgrid-cell img").first().waitFor();
    report.grid = await axeReport(v);
    await v.locator(".photo-card-open").first().click();
    report.visitorViewer = await viewerReport(v);

    expect(report).toEqual({ signIn: [], converter: [], importDialog: [], ownerViewer: [], previewBar: [], gate: [], grid: [], visitorViewer: [] });
    await visitor.close();
    await context.close();
  });
});
