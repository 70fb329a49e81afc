/**
 * A gallery's look (issue 27): the cover style and the typeface pairing, the studio's default from Settings >
 * Branding, overridden per gallery. The owner picks them on radio cards; a visitor of a gallery left to the
 * studio gets the studio's split cover and classic pairing, whose fonts come from this server and no other
 * pairing's; the client form then gives the gallery its own (synced to the server); then, per gallery, each cover style in light and dark on a desktop and a phone shows the layout it
 * promises ("full": the photo across the page under the text; "split": the photo beside the text, above it on a
 * phone; "minimal": no cover photo) and passes axe; the system pairing downloads no font.
 * One server, one browser, one visitor context per viewport (reloads). With SCREENSHOT_DIR set it saves
 * cover-{style}-{theme}-{desktop|phone}, typefaces-classic-desktop, settings-gallery-look and client-gallery-look
 * (docs/screenshots).
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "./support/app-server";
import { axeReport } from "./support/axe";
import { launchChromium } from "./support/browser";
import { uploadPhoto } from "./support/gallery-seed";
import { ownerApi, type OwnerApi } from "./support/owner-api";
import { ownerSession } from "./support/owner-session";
import { saveRegionShot, saveShot } from "./support/screenshots";
import { visitorSession } from "./support/visitor-session";

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const STYLES = ["full", "split", "minimal"] as const;
const THEMES = ["light", "dark"] as const;
/** The classic pairing's files, and those of the other pairings, which its visitor must not download. */
const CLASSIC_FONTS = /\/assets\/(playfair-display-latin-600|lato-latin-(400|700))-normal-[\w-]+\.woff2$/;

type Gallery = { id: string; accessUrl: string; accessCode: string };
type Box = { x: number; y: number; width: number; height: number };
let server: AppServer;
let browser: Browser;
let api: OwnerApi;
let gallery: Gallery;
let settingsId = "";

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  api = await ownerApi(server);
  gallery = await api<Gallery>("POST", "/api/collections/clients/records", { name: "Ada & Grace", eventDate: "2026-06-13 00:00:00.000Z" });
  await Promise.all([[2400, 1600], [1600, 2400], [2000, 1400]].map(([w, h], i) => uploadPhoto(server.url, api.token, gallery.id, `p${i}.jpg`, w!, h!, i + 3, i)));
  settingsId = (await api<{ items: Array<{ id: string }> }>("GET", "/api/collections/settings/records")).items[0]!.id;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every woff2 the context's pages ask for, as full URLs. */
function fontRequests(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on("request", (r) => void (r.url().endsWith(".woff2") && urls.push(r.url())));
  return urls;
}

/** The cover's photo, text and title boxes (null: not there), once the photo (if any) has decoded. */
async function coverLayout(page: Page) {
  await page.locator(".gallery-cover h1").waitFor();
  return page.locator(".gallery-cover").evaluate(async (cover) => {
    const photo = cover.querySelector<HTMLImageElement>(".gallery-cover-photo");
    if (photo) await photo.decode().catch(() => undefined);
    const box = (el: Element | null): Box | null => (el ? (({ x, y, width, height }) => ({ x, y, width, height }))(el.getBoundingClientRect()) : null);
    return {
      style: cover.getAttribute("data-cover-style"),
      page: document.documentElement.clientWidth,
      photo: box(photo),
      text: box(cover.querySelector(".gallery-cover-text")),
      title: box(cover.querySelector("h1")),
      imagesInCover: [...cover.querySelectorAll("img")].filter((img) => !img.closest(".gallery-cover-brand")).length,
      background: getComputedStyle(cover).backgroundImage,
    };
  });
}

/** The layout facts each style promises on a viewport. */
function expectLayout(layout: Awaited<ReturnType<typeof coverLayout>>, style: (typeof STYLES)[number], viewport: keyof typeof VIEWPORTS) {
  expect(layout.style).toBe(style);
  const { photo, text, title } = layout;
  if (style === "minimal") {
    expect(photo).toBeNull();
    expect(layout.imagesInCover).toBe(0);
    expect(layout.background).toBe("none");
    // The name centred on the page.
    expect(Math.abs(title!.x + title!.width / 2 - layout.page / 2)).toBeLessThan(2);
    return;
  }
  expect(photo).not.toBeNull();
  if (style === "full") {
    // Across the page's whole width, with the text laid over it.
    expect(photo!.x).toBe(0);
    expect(photo!.width).toBe(layout.page);
    expect(text!.y).toBeGreaterThanOrEqual(photo!.y);
    expect(text!.y + text!.height).toBeLessThanOrEqual(photo!.y + photo!.height + 1);
  } else if (viewport === "desktop") {
    // Side by side: the photo on the left half, the text to its right at the same height.
    expect(photo!.x).toBe(0);
    expect(Math.abs(photo!.width - layout.page / 2)).toBeLessThan(2);
    expect(text!.x).toBeGreaterThanOrEqual(photo!.x + photo!.width - 1);
    expect(text!.y).toBeLessThan(photo!.y + photo!.height);
    expect(text!.y + text!.height).toBeGreaterThan(photo!.y);
  } else {
    // Stacked: the photo full width, the text below it.
    expect(photo!.width).toBe(layout.page);
    expect(text!.y).toBeGreaterThanOrEqual(photo!.y + photo!.height - 1);
  }
}

describe("a gallery's cover style and typefaces", () => {
  it("the owner sets the studio's default in Settings > Branding; a gallery left to the studio shows it, with the pairing's own fonts from this server; the client form gives the gallery its own", async () => {
    const owner = await ownerSession(browser, server);
    await owner.page.goto("/settings");
    await owner.page.getByRole("tab", { name: "Branding" }).click();
    const cover = owner.page.getByRole("group", { name: "Gallery cover" });
    const fonts = owner.page.getByRole("group", { name: "Typefaces" });
    await cover.getByRole("radio", { name: "Photo beside the text" }).check();
    await fonts.getByRole("radio", { name: /^Classic/ }).check();
    await owner.page.waitForFunction(() => document.fonts.check('600 24px "Playfair Display"'));
    await saveRegionShot(owner.page, "settings-gallery-look", cover, fonts);
    await owner.page.getByRole("button", { name: "Save Branding" }).click();
    await expect.poll(async () => (await api<{ coverStyle: string; typefaces: string }>("GET", `/api/collections/settings/records/${settingsId}`)), { timeout: 30_000 }).toMatchObject({ coverStyle: "split", typefaces: "classic" });

    const { context, page } = await visitorSession(browser, server, gallery, { viewport: VIEWPORTS.desktop });
    const requested = fontRequests(context);
    await page.reload(); // counts the fonts from a fresh page
    expectLayout(await coverLayout(page), "split", "desktop");
    await page.evaluate(() => document.fonts.ready);
    const applied = await page.evaluate(() => ({
      heading: getComputedStyle(document.querySelector(".gallery-cover h1")!).fontFamily,
      body: getComputedStyle(document.querySelector(".gallery-cover-meta")!).fontFamily,
      loaded: [...document.fonts].filter((f) => f.status === "loaded").map((f) => `${f.family.replace(/"/g, "")} ${f.weight}`).sort(),
    }));
    await saveShot(page, "typefaces-classic-desktop");
    expect(applied.heading).toMatch(/^"Playfair Display"/);
    expect(applied.body).toMatch(/^Lato/);
    expect(applied.loaded).toEqual(expect.arrayContaining(["Lato 400", "Playfair Display 600"]));
    expect(requested.length).toBeGreaterThan(0);
    for (const url of requested) expect(url.startsWith(`${server.url}/assets/`) && CLASSIC_FONTS.test(url), url).toBe(true);
    // The page's HTML preloads the three files (pb_hooks/lib/handlers/visitor_pages.js), and the faces take those
    // answers: the page loaded each file once, by the preload (the visitor's service worker fetches it too).
    const fontLoads = await page.evaluate(() => performance.getEntriesByType("resource").filter((r) => r.name.endsWith(".woff2")).map((r) => `${(r as PerformanceResourceTiming).initiatorType} ${r.name}`));
    expect(fontLoads.map((f) => f.split(" ")[0])).toEqual(["link", "link", "link"]);
    expect(new Set(fontLoads.map((f) => f.split(" ")[1])).size).toBe(3);
    await context.close();

    // The client form overrides the studio's choice for this gallery, and "the studio's" is where it starts.
    await owner.page.goto(`/clients/${gallery.id}`);
    await owner.page.getByRole("tab", { name: "Client Details" }).click();
    const ownCover = owner.page.getByRole("group", { name: "Gallery cover" });
    expect(await ownCover.getByRole("radio", { name: /^The studio's default/ }).isChecked()).toBe(true);
    await ownCover.getByRole("radio", { name: "Text only" }).check();
    await owner.page.getByRole("group", { name: "Typefaces" }).getByRole("radio", { name: /^Modern/ }).check();
    await saveRegionShot(owner.page, "client-gallery-look", ownCover, owner.page.getByRole("group", { name: "Typefaces" }));
    await owner.page.getByRole("button", { name: "Save Changes" }).click();
    await expect.poll(async () => (await api<{ coverStyle: string; typefaces: string }>("GET", `/api/collections/clients/records/${gallery.id}`)), { timeout: 30_000 }).toMatchObject({ coverStyle: "minimal", typefaces: "modern" });
    await owner.context.close();
    await api("PATCH", `/api/collections/settings/records/${settingsId}`, { coverStyle: "", typefaces: "" });
  }, 120_000);

  it.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])("each style in light and dark on a %s: its layout, axe, and no font downloaded with the system pairing", async (viewport) => {
    const { context, page } = await visitorSession(browser, server, gallery, { viewport: VIEWPORTS[viewport], bypassCSP: true });
    const requested = fontRequests(context);
    const report: Record<string, string[]> = {};
    for (const theme of THEMES) {
      for (const style of STYLES) {
        await api("PATCH", `/api/collections/clients/records/${gallery.id}`, { coverStyle: style, galleryTheme: theme, typefaces: "system" });
        await page.reload();
        expectLayout(await coverLayout(page), style, viewport);
        await page.locator(".jgrid-cell img").first().waitFor();
        await saveShot(page, `cover-${style}-${theme}-${viewport}`);
        // Axe on every desktop combination, and on the phone's stacked split (the layout only a phone has).
        if (viewport === "desktop" || style === "split") report[`${style} ${theme}`] = await axeReport(page);
      }
    }
    expect(Object.values(report).flat()).toEqual([]);
    expect(Object.keys(report)).toHaveLength(viewport === "desktop" ? 6 : 2);
    expect(requested).toEqual([]);
    await context.close();
  }, 120_000);
});
