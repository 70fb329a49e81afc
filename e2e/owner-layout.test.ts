/**
 * The owner's screens on a 390 px phone and a tablet (issue #13): the header's pending-changes text shows
 * whole on a phone. The grid's keyboard model and the tabs' arrow keys on a desktop (issue 43). With
 * SCREENSHOT_DIR set, it also saves the screenshots kept in docs/screenshots.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NewClientPage } from "./pages/ClientPages";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { uploadPhoto } from "./support/gallery-seed";
import { ownerSession } from "./support/owner-session";
import { ownerToken } from "./support/owner-api";
import { saveShot } from "./support/screenshots";
import { GalleryTabPage } from "./pages/GalleryTabPage";
import { photo } from "./support/photos";

let server: AppServer;
let browser: Browser;
let client: { id: string };

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  const token = await ownerToken(server);
  const post = async <T,>(route: string, body: unknown, method = "POST") =>
    (await (await fetch(`${server.url}${route}`, { method, headers: { Authorization: token, "Content-Type": "application/json" }, body: JSON.stringify(body) })).json()) as T;
  const settings = await (await fetch(`${server.url}/api/collections/settings/records`, { headers: { Authorization: token } })).json() as { items: Array<{ id: string }> };
  await post(`/api/collections/settings/records/${settings.items[0]!.id}`, { companyName: "Lumen Studio", enableWatermark: true }, "PATCH");
  client = await post("/api/collections/clients/records", { name: "Harbour Wedding", email: "ada@example.com", eventDate: "2026-05-10 00:00:00.000Z" });
  await post("/api/collections/clients/records", { name: "Spring Portraits", email: "grace@example.com" });
  await Promise.all([0, 1, 2, 3].map((i) => uploadPhoto(server.url, token, client.id, `harbour-${i + 1}.jpg`, 1200, 800, i + 1, i)));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the owner's screens on a phone and a tablet", () => {
  it("shows the header's pending changes whole on a 390 px phone", async () => {
    const { context, page } = await ownerSession(browser, server, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto(`/clients/${client.id}`);
    await page.getByTestId("watermark-notice").waitFor();
    await saveShot(page, "owner-phone-reapply-watermark", 0);
    // The proofing panel is folded on a phone (issue 43): its title and summary, and a button that opens it.
    const proofing = page.getByRole("region", { name: "Favourites & selections" });
    const newList = proofing.getByText("New list");
    expect(await newList.isVisible()).toBe(false);
    await proofing.getByRole("button", { name: "Show favourites & selections" }).click();
    await newList.waitFor();
    await proofing.getByRole("button", { name: "Hide favourites & selections" }).click();
    await newList.waitFor({ state: "hidden" });
    await context.setOffline(true);
    await page.goto("/clients/new");
    await new NewClientPage(page).create({ name: "Offline Olivia", email: "olivia@example.com" });
    await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
    const details = page.getByTestId("sync-details");
    await details.getByText("1 change waiting to sync").waitFor();
    const box = await details.evaluate((el) => ({ right: el.getBoundingClientRect().right, scroll: el.scrollWidth, client: el.clientWidth }));
    expect(box.scroll).toBeLessThanOrEqual(box.client);
    expect(box.right).toBeLessThanOrEqual(390);
    await saveShot(page, "owner-phone-header-pending", 0);
    await page.goto("/settings");
    await page.getByTestId("offline-copy").scrollIntoViewIfNeeded();
    await saveShot(page, "owner-phone-settings-offline-copy", 0);
    await context.close();
  });

  it.skipIf(!process.env.SCREENSHOT_DIR)("tablet screenshots of the dashboard, a client's page and settings", async () => {
    const { context, page } = await ownerSession(browser, server, { viewport: { width: 820, height: 1180 } });
    await page.getByRole("link", { name: "Harbour Wedding" }).first().waitFor();
    await saveShot(page, "owner-tablet-dashboard", 0);
    await page.goto(`/clients/${client.id}`);
    await page.getByRole("list", { name: "Images" }).getByRole("img").first().waitFor();
    await saveShot(page, "owner-tablet-client", 0);
    await page.goto("/settings");
    await page.getByTestId("offline-copy").getByText(/Thumbnails of \d+ of \d+ galleries/).waitFor({ timeout: 30_000 });
    await saveShot(page, "owner-tablet-settings", 0);
    await context.close();
  });

  it("moves through the grid with the arrows, selects with Space, Shift and Ctrl+A, deletes and views by key, and the tabs follow the arrows", async () => {
    const { context, page } = await ownerSession(browser, server, { viewport: { width: 1280, height: 900 } });
    await page.goto(`/clients/${client.id}`);
    const open = (n: number) => page.getByRole("button", { name: `View harbour-${n}.jpg`, exact: true });
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    const count = page.locator(".actions-count.muted");
    await open(4).waitFor();
    await open(1).focus();
    await page.keyboard.press("ArrowRight");
    expect(await focused()).toBe("View harbour-2.jpg");
    await page.keyboard.press("Space");
    await count.getByText("1 selected").waitFor();
    expect(await page.getByRole("checkbox", { name: "Select harbour-2.jpg" }).isChecked()).toBe(true);
    await page.keyboard.press("Shift+ArrowRight");
    await page.keyboard.press("Shift+ArrowRight");
    await count.getByText("3 selected").waitFor();
    expect(await focused()).toBe("View harbour-4.jpg");
    await saveShot(page, "grid-keyboard-focus", 0);
    await page.keyboard.press("Home");
    expect(await focused()).toBe("View harbour-1.jpg");
    await page.keyboard.press("Escape");
    await count.getByText("0 selected").waitFor();
    await page.keyboard.press("ControlOrMeta+a");
    await count.getByText("4 selected").waitFor();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Delete");
    const dialog = page.getByRole("dialog", { name: "Delete Image" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await open(1).focus();
    const viewer = page.locator(".viewer, .yarl__root");
    for (const key of ["Enter", "f"]) {
      await page.keyboard.press(key);
      await viewer.waitFor();
      await page.keyboard.press("Escape");
      await viewer.waitFor({ state: "detached" });
    }
    await count.getByText("0 selected").waitFor();

    const tabs = page.getByRole("tablist");
    await tabs.getByRole("tab", { name: "Gallery" }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await tabs.getByRole("tab", { name: "Client Details" }).getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("ArrowRight");
    expect(await tabs.getByRole("tab", { name: "Gallery" }).getAttribute("aria-selected")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Gallery");
    await context.close();
  });

  it("imports photos the system shares with the installed app into the gallery the owner picks", async () => {
    const { context, page } = await ownerSession(browser, server, { viewport: { width: 1280, height: 900 } });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    // The manifest says where the system sends files, and its install screenshots are there.
    const manifest = (await page.evaluate(async () => (await fetch("/manifest.webmanifest")).json())) as { screenshots: Array<{ src: string }> };
    expect(manifest).toMatchObject({ id: "/", share_target: { action: "/share-target", method: "POST", enctype: "multipart/form-data" }, file_handlers: [{ action: "/import" }] });
    for (const shot of manifest.screenshots) expect((await page.request.get(shot.src)).status(), shot.src).toBe(200);
    const file = await photo(page, "shared.jpg", 900, 600, 90);
    // What the operating system does with the manifest's share_target: a multipart POST the worker answers.
    const landed = await page.evaluate(async ({ bytes, name }) => {
      const form = new FormData();
      form.append("photos", new File([Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))], name, { type: "image/jpeg" }));
      const response = await fetch("/share-target", { method: "POST", body: form });
      return new URL(response.url).pathname + new URL(response.url).search;
    }, { bytes: file.buffer.toString("base64"), name: file.name });
    expect(landed).toBe("/import?shared=1");
    await page.goto(landed);
    await page.getByText("1 file to import. Which client's gallery do they go into?").waitFor();
    await page.getByRole("button", { name: "Import into Spring Portraits" }).click();
    await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
    await new GalleryTabPage(page).dialogTitle("Upload Completed Successfully").waitFor({ timeout: 60_000 });
    await page.getByRole("list", { name: "Images" }).getByRole("img", { name: "shared.jpg", exact: true }).waitFor();
    // Taken once: the worker's cache is empty now.
    await page.goto("/import");
    await page.getByText("No files arrived.", { exact: false }).waitFor();
    await context.close();
  });
});
