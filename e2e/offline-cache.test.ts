/**
 * Every gallery available at the shoot (issue #13): a fresh browser profile signs in, sync fills the
 * offline copy, and with the network off a gallery never opened on this device shows every thumbnail.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GalleryTabPage } from "./pages/GalleryTabPage";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { uploadPhoto } from "./support/gallery-seed";
import { ownerSession } from "./support/owner-session";
import { ownerToken } from "./support/owner-api";

let server: AppServer;
let browser: Browser;
let older: { id: string };

async function api<T>(token: string, method: string, route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${route}`, { method, headers: { Authorization: token, "Content-Type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  const token = await ownerToken(server);
  older = await api(token, "POST", "/api/collections/clients/records", { name: "Harbour Wedding", eventDate: "2025-05-10 00:00:00.000Z" });
  const newer = await api<{ id: string }>(token, "POST", "/api/collections/clients/records", { name: "Spring Portraits", eventDate: "2026-04-02 00:00:00.000Z" });
  await Promise.all([
    ...[0, 1, 2].map((i) => uploadPhoto(server.url, token, older.id, `harbour-${i + 1}.jpg`, 1200, 800, i + 1, i)),
    ...[0, 1].map((i) => uploadPhoto(server.url, token, newer.id, `portrait-${i + 1}.jpg`, 800, 1200, i + 7, i)),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the offline copy", () => {
  it("shows every thumbnail of a gallery never opened on this device, offline", async () => {
    const { context, page } = await ownerSession(browser, server);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto("/settings");
    const copy = page.getByTestId("offline-copy");
    await copy.getByText("Thumbnails of 2 of 2 galleries and previews of 2 are kept offline.").waitFor({ timeout: 30_000 });
    expect(await copy.getByRole("combobox").inputValue()).toBe("5");

    await context.setOffline(true);
    await page.goto(`/clients/${older.id}`);
    const gallery = new GalleryTabPage(page);
    await gallery.showing(3).waitFor();
    for (const name of ["harbour-1.jpg", "harbour-2.jpg", "harbour-3.jpg"]) {
      const thumb = gallery.thumbnail(name);
      await thumb.waitFor();
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    }
    expect(await page.getByText("Image Unavailable").count()).toBe(0);
    await context.close();
  });
});
