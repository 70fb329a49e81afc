/**
 * Issue 25, point 7, in Chromium against the real server: the download PIN asked from the viewer's
 * Download button can be typed there and reaches the download; on a 390 px phone the checkbox and the heart
 * of narrow portrait tiles never overlap; the sidebar shows 15 characters of a name; the owner's viewer
 * covers the grid with an opaque backdrop, zooms, swipes, sets the cover and deletes (issue 43), and the
 * owner's grid keeps a long name's extension in view.
 * Issue 43: a visitor made to wait (429) sees the time left and no verdict on the code, the button disabled
 * until then; a gallery whose server fails (500, a proxy's 502) or does not answer offers "Try again" and the
 * studio's contact, never "not found". The server believes X-Forwarded-For from loopback, so the waiting
 * visitor comes from an address of their own and the file's other visitors never meet its wait.
 * With SCREENSHOT_DIR set, it saves the phone grid, the viewer's PIN dialog, the owner's viewer and the error
 * states kept in docs/screenshots.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "./support/app-server";
import { VisitorGalleryPage } from "./pages/VisitorGalleryPage";
import { launchChromium } from "./support/browser";
import { uploadPhoto } from "./support/gallery-seed";
import { ownerApi } from "./support/owner-api";
import { ownerSession } from "./support/owner-session";
import { saveShot } from "./support/screenshots";
import { visitorSession } from "./support/visitor-session";

let server: AppServer;
let browser: Browser;
let gallery: { id: string; accessUrl: string; accessCode: string };

const LONG_NAME = "Wedding_Dance_042.jpg";
/** Tall, narrow portraits among landscapes: on a phone some tiles are well under 90 px wide. */
const PHOTOS: Array<[string, number, number]> = [
  [LONG_NAME, 2400, 1600], ["p-02.jpg", 800, 2400], ["p-03.jpg", 1000, 2400], ["p-04.jpg", 2400, 1600],
  ["p-05.jpg", 700, 2400], ["p-06.jpg", 1600, 2400], ["p-07.jpg", 900, 2400], ["p-08.jpg", 2400, 1350],
];

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ TRUSTED_PROXY_HEADER: "X-Forwarded-For" }), launchChromium()]);
  const api = await ownerApi(server);
  const settings = await api<{ items: Array<{ id: string }> }>("GET", "/api/collections/settings/records");
  await api("PATCH", `/api/collections/settings/records/${settings.items[0]!.id}`, { companyName: "Lumen Studio", email: "hello@lumen.example" });
  gallery = await api("POST", "/api/collections/clients/records", { name: "Nora & Ivo", downloadMode: "originals", downloadPin: "2580" });
  await Promise.all(PHOTOS.map(([name, w, h], i) => uploadPhoto(server.url, api.token, gallery.id, name, w, h, i + 3, i)));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("visitor screens", () => {
  it("asks the download PIN inside the viewer, where it can be typed, and the download follows", async () => {
    // Saving goes through the service worker's stream (a save-file picker needs a person).
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 }, acceptDownloads: true });
    await context.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);
    const page = await context.newPage();
    await page.goto(`/gallery/${gallery.accessUrl}`);
    await new VisitorGalleryPage(page).enterCode(gallery.accessCode);
    const grid = page.getByRole("list", { name: "Gallery", exact: true });
    await grid.getByRole("img").first().waitFor();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });

    // The sidebar: a long name shows its first 15 characters, none of them clipped.
    const name = page.getByRole("list", { name: "Gallery Images" }).locator(".sidebar-name").filter({ hasText: "Wedding" });
    expect(await name.textContent()).toBe("Wedding_Dance_0…");
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    await grid.locator(".photo-card-open").first().click();
    const viewer = page.locator(".yarl__root");
    await viewer.getByRole("button", { name: "Download", exact: true }).click();
    const pin = page.getByRole("textbox", { name: "Download PIN" });
    await pin.pressSequentially("2580");
    expect(await pin.inputValue()).toBe("2580");
    await saveShot(page, "visitor-viewer-pin");
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Continue" }).click();
    const download = await downloading;
    expect(PHOTOS.map(([n]) => n)).toContain(download.suggestedFilename());
    await page.getByRole("heading", { name: "Download Complete" }).waitFor();
    await context.close();
  });

  it("keeps the checkbox and the heart of every phone tile apart", async () => {
    const { context, page } = await visitorSession(browser, server, gallery, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const grid = page.getByRole("list", { name: "Gallery", exact: true });
    await grid.getByRole("img").nth(PHOTOS.length - 1).waitFor();
    const tiles = await page.locator(".photo-card").evaluateAll((cards) =>
      cards.map((card) => {
        const box = (sel: string) => card.querySelector(sel)!.getBoundingClientRect();
        const [a, b, c] = [box(".photo-card-check"), box(".photo-card-heart"), card.getBoundingClientRect()];
        const overlaps = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        const inside = b.left >= c.left && b.right <= c.right && b.top >= c.top && b.bottom <= c.bottom;
        return { width: c.width, overlaps, inside };
      }),
    );
    expect(tiles.length).toBe(PHOTOS.length);
    expect(tiles.some((t) => t.width < 88)).toBe(true); // the case that overlapped
    for (const t of tiles) expect(t).toMatchObject({ overlaps: false, inside: true });
    await grid.locator(".photo-card-open img.is-loaded").nth(3).waitFor();
    await grid.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 8));
    await saveShot(page, "visitor-grid-phone-narrow");
    await context.close();
  });
});

describe("visitor errors that say what happened", () => {
  it("waits out too many codes from the network with the time left, and gives the right code no verdict", async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 }, extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.43" } });
    const page = await context.newPage();
    await page.clock.install(); // the wait's end is reached by moving the page's clock, not by waiting a minute
    await page.goto(`/gallery/${gallery.accessUrl}`);
    const field = page.getByLabel("Access Code");
    const button = page.getByRole("button", { name: "Access Gallery" });
    const wait = page.getByTestId("access-wait");
    // Wrong codes from the visitor's network until the door makes it wait, then the right code in the page.
    for (let i = 0, status = 0; status !== 429; i++) {
      expect(i, "the door never made the network wait").toBeLessThan(12);
      const res = await fetch(`${server.url}/api/gallery/${gallery.accessUrl}/verify`, { method: "POST", headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.43" }, body: JSON.stringify({ accessCode: `WRONG${i}` }) });
      status = res.status;
    }
    await field.fill(gallery.accessCode);
    await button.click();
    await wait.getByText("Too many codes were tried from your network, so this one was not checked.", { exact: true }).waitFor();
    expect(await page.getByText(/Invalid access code/).count()).toBe(0);
    expect(await field.getAttribute("aria-invalid")).toBeNull();
    expect(await button.isDisabled()).toBe(true);
    const secondsLeft = async () => Number((await wait.locator(".access-wait-left").textContent())!.match(/(\d+) seconds?/)![1]);
    const first = await secondsLeft();
    expect(first).toBeGreaterThan(20);
    expect(first).toBeLessThanOrEqual(120);
    await page.clock.fastForward(5_000);
    await expect.poll(secondsLeft).toBeLessThanOrEqual(first - 4);
    await saveShot(page, "visitor-wait", 0);
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, "visitor-wait-phone", 0);
    await page.clock.fastForward((first + 1) * 1000);
    await wait.locator(".access-wait-left").getByText("You can try your code again now.").waitFor();
    expect(await button.isEnabled()).toBe(true);
    await context.close();
  });

  it("offers Try again and the studio's contact when the server fails or does not answer, and Not Found only on a 404", async () => {
    // The page's own requests are routed (a service worker's would pass by the routes).
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 }, serviceWorkers: "block" });
    const page = await context.newPage();
    // A first visit remembers the studio: during an upgrade its proxy answers 502 to everything, studio included.
    await page.goto(`/gallery/${gallery.accessUrl}`);
    await page.getByRole("button", { name: "Access Gallery" }).waitFor();
    const badGateway = "<html><body><h1>502 Bad Gateway</h1></body></html>";
    await page.route("**/api/**", (route) => route.fulfill({ status: 502, contentType: "text/html", body: badGateway }));
    await page.reload();
    const retry = page.getByRole("button", { name: "Try Again" });
    await page.getByRole("heading", { name: "The gallery can't open right now" }).waitFor();
    expect(await page.getByRole("link", { name: "Contact the photographer" }).getAttribute("href")).toBe("mailto:hello@lumen.example");
    await page.getByText("A gallery by Lumen Studio").waitFor();
    expect(await page.getByText(/not found/i).count()).toBe(0);
    await saveShot(page, "visitor-server-error", 0);
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, "visitor-server-error-phone", 0);
    await page.setViewportSize({ width: 1280, height: 860 });

    // The server is back: Try again opens the gate.
    await page.unroute("**/api/**");
    await retry.click();
    await page.getByRole("button", { name: "Access Gallery" }).waitFor();

    // A server error of the gallery's own request, then a server that does not answer at all.
    await page.route(`**/api/gallery/${gallery.accessUrl}?*`, (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"status":500,"message":"Something went wrong."}' }));
    await page.reload();
    await page.getByRole("heading", { name: "The gallery can't open right now" }).waitFor();
    await page.unroute(`**/api/gallery/${gallery.accessUrl}?*`);
    await page.route("**/api/**", (route) => route.abort("connectionrefused"));
    await retry.click();
    await page.getByRole("heading", { name: "The gallery's server isn't answering" }).waitFor();
    await retry.waitFor();
    await page.unroute("**/api/**");

    // A gallery that does not exist is still not found.
    await page.goto("/gallery/nosuchgallery");
    await page.getByRole("heading", { name: "Gallery Not Found" }).waitFor();
    await context.close();
  });
});

describe("owner screens", () => {
  it("shows a long name's extension in the grid and an opaque viewer over it", async () => {
    const { context, page } = await ownerSession(browser, server);
    await page.goto(`/clients/${gallery.id}`);
    const card = page.locator(".image-card").filter({ has: page.getByRole("button", { name: `View ${LONG_NAME}` }) });
    await card.waitFor();
    await page.setViewportSize({ width: 700, height: 900 }); // narrow cards: the name is cut
    const ext = card.locator(".image-card-ext");
    expect(await ext.textContent()).toBe(".jpg");
    const [extBox, cardBox] = [await ext.boundingBox(), await card.boundingBox()];
    expect(extBox!.width).toBeGreaterThan(0);
    expect(extBox!.x + extBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);

    await card.getByRole("button", { name: `View ${LONG_NAME}` }).click();
    const viewer = page.getByRole("dialog", { name: LONG_NAME });
    await viewer.waitFor();
    const cover = await viewer.evaluate((el) => {
      const alpha = getComputedStyle(el).backgroundColor.match(/rgba\([^)]*,\s*([\d.]+)\)/)?.[1];
      const corners = [[2, 2], [innerWidth - 2, innerHeight - 2], [innerWidth / 2, innerHeight - 2]] as const;
      return { alpha: alpha === undefined ? 1 : Number(alpha), onTop: corners.every(([x, y]) => el.contains(document.elementFromPoint(x, y))) };
    });
    expect(cover).toEqual({ alpha: 1, onTop: true });
    // The viewer kept in docs/screenshots, on a desktop and on a 390 px phone.
    if (process.env.SCREENSHOT_DIR) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await viewer.locator(".yarl__slide_current img").waitFor();
      await saveShot(page, "owner-viewer");
      await page.setViewportSize({ width: 390, height: 844 });
      await saveShot(page, "owner-viewer-phone");
    }
    // Zoom (+, and the toolbar's Zoom out) on the preview fetched from the server, a swipe (a drag with the
    // mouse), 'Set as cover', and the Delete key, which asks in the gallery's own dialog.
    await page.setViewportSize({ width: 1280, height: 800 });
    const open = page.locator(".owner-viewer");
    const scale = () => open.locator(".yarl__slide_current .yarl__slide_wrapper").evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
    await open.locator(".yarl__slide_current img").waitFor();
    await page.keyboard.press("+");
    await expect.poll(scale).toBeGreaterThan(1);
    await open.getByRole("button", { name: "Zoom out" }).click();
    await expect.poll(scale).toBe(1);
    await page.mouse.move(900, 400);
    await page.mouse.down();
    await page.mouse.move(400, 400, { steps: 8 });
    await page.mouse.up();
    await open.getByText("2 of 8").waitFor();
    await open.getByRole("button", { name: "Set as cover" }).click();
    await open.getByRole("button", { name: "Cover", exact: true }).waitFor();
    await page.keyboard.press("Delete");
    await open.waitFor({ state: "detached" });
    await page.getByRole("dialog", { name: "Delete Image" }).getByRole("button", { name: "Cancel" }).click();
    await context.close();
  });
});
