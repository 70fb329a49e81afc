/**
 * axe-core on every visitor and owner screen (proofing's name dialog too), on a desktop and a 390 px phone: no serious or critical
 * violation. The report names each rule and the elements that break it, so a failure says what to fix.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VisitorGalleryPage } from "./pages/VisitorGalleryPage";
import { startAppServer, type AppServer } from "./support/app-server";
import { axeReport } from "./support/axe";
import { launchChromium } from "./support/browser";
import { uploadPhoto } from "./support/gallery-seed";
import { ownerSession } from "./support/owner-session";
import { ownerToken } from "./support/owner-api";

const VIEWPORTS = { desktop: { width: 1280, height: 860 }, phone: { width: 390, height: 844 } } as const;

let server: AppServer;
let browser: Browser;
let token = "";
let gallery: { id: string; accessUrl: string; accessCode: string };



beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  token = await ownerToken(server);
  const res = await fetch(`${server.url}/api/collections/clients/records`, {
    method: "POST",
    headers: { Authorization: token, "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Ada Lovelace", eventDate: "2026-06-13 00:00:00.000Z" }),
  });
  gallery = (await res.json()) as typeof gallery;
  await Promise.all([[2400, 1600], [1600, 2400], [2000, 2000]].map(([w, h], i) => uploadPhoto(server.url, token, gallery.id, `p${i}.jpg`, w!, h!, i + 1, i)));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(Object.entries(VIEWPORTS))("accessibility on a %s", (_, viewport) => {
  it("finds no serious or critical problem on the visitor's screens", async () => {
    // axe is injected as a script: the app's CSP would refuse it.
    const context = await browser.newContext({ baseURL: server.url, viewport, bypassCSP: true });
    const page = await context.newPage();
    const report: Record<string, string[]> = {};
    await page.goto("/gallery/access");
    await page.getByRole("button", { name: "View Gallery" }).waitFor();
    report.access = await axeReport(page);
    await page.goto(`/gallery/${gallery.accessUrl}`);
    await page.getByRole("button", { name: "Access Gallery" }).waitFor();
    report.gate = await axeReport(page);
    await new VisitorGalleryPage(page).enterCode(gallery.accessCode);
    await page.locator(".jgrid-cell img").first().waitFor();
    report.gallery = await axeReport(page);
    // Proofing's name dialog at the first heart (issue 26), then the page with who is choosing.
    await page.getByRole("list", { name: "Gallery", exact: true }).getByRole("button", { name: /^Add .* to favourites$/ }).first().click();
    const who = page.getByRole("dialog", { name: "Who's choosing?" });
    await who.getByLabel("Your name").waitFor();
    report.nameDialog = await axeReport(page);
    await who.getByLabel("Your name").fill("Ada");
    await who.getByRole("button", { name: "Continue" }).click();
    await page.getByTestId("proof-person").waitFor();
    report.choosing = await axeReport(page);
    await page.locator(".photo-card-open").first().click();
    await page.locator(".yarl__slide_current img").waitFor();
    // Measured once the viewer has faded in (axe reads colours through the fade's opacity).
    await page.waitForFunction(() => getComputedStyle(document.querySelector(".yarl__portal")!).opacity === "1");
    report.viewer = await axeReport(page);
    await page.keyboard.press("Escape");
    await page.goto("/gallery/nosuchgallery");
    await page.getByRole("heading", { name: "Gallery Not Found" }).waitFor();
    report.notFound = await axeReport(page);
    expect(report).toEqual({ access: [], gate: [], gallery: [], nameDialog: [], choosing: [], viewer: [], notFound: [] });
    await context.close();
  });

  it("finds no serious or critical problem on the owner's screens", async () => {
    const { context, page } = await ownerSession(browser, server, { viewport, bypassCSP: true });
    const report: Record<string, string[]> = {};
    const visit = async (name: string, url: string, ready: () => Promise<unknown>) => {
      if (url) await page.goto(url);
      await ready();
      report[name] = await axeReport(page);
    };
    await visit("dashboard", "/", () => page.getByRole("heading", { level: 1 }).first().waitFor());
    await visit("clients", "/clients", () => page.getByText("Ada Lovelace").first().waitFor());
    // The proofing panel (one person per visitor run above) stands before the grid: its photos render once in view.
    await visit("galleryTab", `/clients/${gallery.id}`, async () => {
      await page.getByRole("list", { name: "Images" }).scrollIntoViewIfNeeded();
      await page.locator("img").nth(2).waitFor();
    });
    // A photo card's focus ring is drawn inside the card, whose overflow would clip one drawn outside.
    await page.locator(".image-card-open").first().focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    const ring = await page.locator(".image-card-open").first().evaluate((el) => ({ style: getComputedStyle(el).outlineStyle, offset: parseFloat(getComputedStyle(el).outlineOffset), width: parseFloat(getComputedStyle(el).outlineWidth) }));
    expect(ring.style).toBe("solid");
    expect(ring.offset + ring.width).toBeLessThanOrEqual(0);
    await page.getByRole("tab", { name: "Client Details" }).click();
    await visit("clientDetails", "", () => page.getByLabel("Notes").waitFor());
    for (const tab of ["General", "Security", "Branding"]) {
      await visit(`settings${tab}`, tab === "General" ? "/settings" : "", async () => {
        await page.getByRole("tab", { name: tab }).click();
        await page.getByRole("tabpanel").waitFor();
      });
    }
    await visit("clientConverter", `/clients/${gallery.id}/converter`, () => page.locator(".card").getByText("Image Converter").first().waitFor());
    await visit("converter", "/converter", () => page.locator("h1, h2").getByText("Standalone Image Converter").first().waitFor());
    expect(report).toEqual(Object.fromEntries(Object.keys(report).map((k) => [k, []])));

    // The account menu claims role=menu, so it follows that pattern: focus in, arrows, focus back on Escape.
    await page.goto("/");
    const trigger = page.locator(".user-button");
    await trigger.focus();
    await page.keyboard.press("Enter");
    const focusedItem = () => page.evaluate(() => (document.activeElement?.getAttribute("role") === "menuitem" ? document.activeElement.textContent : null));
    const first = await focusedItem();
    expect(first).toBeTruthy();
    await page.keyboard.press("ArrowUp");
    expect(await focusedItem()).toBe("Logout");
    await page.keyboard.press("ArrowDown");
    expect(await focusedItem()).toBe(first);
    await page.keyboard.press("Escape");
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });
});
