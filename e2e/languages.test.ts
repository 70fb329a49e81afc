/**
 * Issue 27 in Chromium against the real server: a visitor whose browser says de-DE sees the gate, the
 * cover (with its date), the grid, the viewer and the download dialog in German, and no English text of a
 * known list; the owner sets a gallery to French and a visitor with an English browser gets French, from the
 * page the server writes (html lang, title) to the screens; a visitor can switch language from the header.
 * Expected words come from the catalogues themselves (src/locales), so the test checks the wiring, not a
 * translator's wording.
 */
import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { uploadPhoto } from "./support/gallery-seed";
import { ownerApi } from "./support/owner-api";
import { saveShot } from "./support/screenshots";

type Catalogue = Record<string, string>;
const catalogue = (locale: string): Catalogue => JSON.parse(readFileSync(new URL(`../src/locales/${locale}/visitor-gallery.json`, import.meta.url), "utf8")) as Catalogue;
const DE = catalogue("de");
const FR = catalogue("fr");

/** English texts of the visitor's screens (the specification's words) a German visitor must never see. */
const EN = {
  accessGallery: "Access Gallery",
  gateText: "Please enter your access code to view this private gallery",
  selectAll: "Select All",
  sidebarTitle: "Gallery Images",
  viewPhotos: "View photos",
  slideshow: "Slideshow",
  downloadAll: "Download All",
  inThisGallery: "in this gallery",
  previous: "Previous image",
};
const ENGLISH = Object.values(EN);

let server: AppServer;
let browser: Browser;
const galleries: Record<"de" | "fr", { id: string; accessUrl: string; accessCode: string }> = {} as never;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  const api = await ownerApi(server);
  galleries.de = await api("POST", "/api/collections/clients/records", { name: "Lena Berger", eventDate: "2026-06-05 00:00:00.000Z", downloadMode: "originals" });
  galleries.fr = await api("POST", "/api/collections/clients/records", { name: "Camille Roux", downloadMode: "originals", language: "fr" });
  await Promise.all(
    (["de", "fr"] as const).flatMap((g, k) => [0, 1, 2].map((i) => uploadPhoto(server.url, api.token, galleries[g].id, `photo-${i + 1}.jpg`, 1600, 1067, i + 5 * k, i))),
  );
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function visit(locale: string, accessUrl: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, locale, viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await page.goto(`/gallery/${accessUrl}`);
  return { context, page };
}

function noEnglish(text: string) {
  for (const english of ENGLISH) expect(text, `"${english}" in a German session`).not.toContain(english);
}

describe("languages", () => {
  it("shows a German browser the gallery in German, dates included, and no English", async () => {
    const { context, page } = await visit("de-DE", galleries.de.accessUrl);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    expect(await page.title()).toMatch(/^Galerie/);

    // The gate
    await page.getByRole("heading", { name: DE.gateTitle!.replace("{name}", "Lena Berger") }).waitFor();
    noEnglish(await page.locator("body").innerText());
    await page.getByLabel(DE.accessCode!).fill(galleries.de.accessCode);
    await page.getByRole("button", { name: DE.accessGallery }).click();

    // The cover, its date in German, and the grid
    const germanDate = new Intl.DateTimeFormat("de", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(new Date("2026-06-05T00:00:00Z"));
    await page.getByText(germanDate).first().waitFor();
    await page.getByRole("list", { name: DE.gridLabel }).getByRole("img").first().waitFor();
    await page.getByRole("button", { name: DE.selectAll }).waitFor();
    noEnglish(await page.locator("body").innerText());
    await saveShot(page, "language-de-gallery");

    // The viewer
    await page.getByRole("list", { name: DE.gridLabel }).locator(".photo-card-open").first().click();
    await page.getByRole("button", { name: DE.next }).waitFor();
    noEnglish(await page.locator("body").innerText());
    await context.close();
  });

  it("shows a French gallery in French to a visitor whose browser is English", async () => {
    const { context, page } = await visit("en-US", galleries.fr.accessUrl);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
    expect(await page.title()).toMatch(/^Galerie/);
    await page.getByRole("heading", { name: FR.gateTitle!.replace("{name}", "Camille Roux") }).waitFor();
    await page.getByLabel(FR.accessCode!).fill(galleries.fr.accessCode);
    await page.getByRole("button", { name: FR.accessGallery }).click();
    await page.getByRole("button", { name: FR.selectAll }).waitFor();
    expect(await page.locator("body").innerText()).not.toContain(EN.selectAll);

    // The visitor switches to English from the header; the choice stays for the next visit.
    await page.getByRole("combobox", { name: FR.language }).selectOption("en");
    await page.waitForFunction(() => document.documentElement.lang === "en", undefined, { timeout: 30_000 });
    await page.getByRole("button", { name: EN.accessGallery }).or(page.getByRole("button", { name: EN.selectAll })).first().waitFor();
    await context.close();
  });
});
