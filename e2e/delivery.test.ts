/**
 * Delivery controls in Chromium against the real server (issue 12): with downloads off the visitor sees no
 * download control at all; in web size with a PIN, the first download asks for the PIN once and the zip
 * holds the 2,048 px previews, not the originals. With SCREENSHOT_DIR set, it saves the PIN dialog kept in
 * docs/screenshots.
 */
import type { Browser, Page } from "playwright-core";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractEntry, readZipDirectory } from "../workers/zip/readZip";
import { VisitorGalleryPage } from "./pages/VisitorGalleryPage";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { makeJpeg } from "./support/photos";
import { uploadJpegRecord } from "./support/gallery-seed";
import { ownerApi, type OwnerApi } from "./support/owner-api";

let server: AppServer;
let browser: Browser;
let api: OwnerApi;

interface Seeded {
  accessUrl: string;
  accessCode: string;
  previews: Buffer[];
}

async function seed(page: Page, name: string, fields: Record<string, unknown>): Promise<Seeded> {
  const client = await api<{ id: string; accessUrl: string; accessCode: string }>("POST", "/api/collections/clients/records", { name, ...fields });
  const previews: Buffer[] = [];
  for (const [i, file] of ["a.jpg", "b.jpg"].entries()) {
    const preview = await makeJpeg(page, 320, 240, i + 1);
    await uploadJpegRecord(api, client.id, file, i, await makeJpeg(page, 640, 480, i + 1), preview);
    previews.push(preview);
  }
  return { ...client, previews };
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  api = await ownerApi(server);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("delivery controls in the visitor gallery", () => {
  it("shows no download control when downloads are off", async () => {
    const page = await browser.newPage({ baseURL: server.url });
    await page.goto("/gallery/access");
    const off = await seed(page, "View Only", { downloadMode: "off" });
    const gallery = new VisitorGalleryPage(page);
    await page.goto(`/gallery/${off.accessUrl}`);
    await gallery.enterCode(off.accessCode);
    await gallery.sidebarRows().nth(1).waitFor();
    await page.getByRole("button", { name: "Select All", exact: true }).click();
    await page.getByRole("button", { name: "Deselect All", exact: true }).waitFor();
    expect(await page.getByRole("button", { name: /download/i }).count()).toBe(0);
    await page.close();
  });

  it("asks the PIN once before the first download and zips the web-size previews", async () => {
    const context = await browser.newContext({ baseURL: server.url, acceptDownloads: true });
    await context.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);
    const page = await context.newPage();
    await page.goto("/gallery/access");
    const web = await seed(page, "Web Size", { downloadMode: "web", downloadPin: "2580" });
    const gallery = new VisitorGalleryPage(page);
    await page.goto(`/gallery/${web.accessUrl}`);
    await gallery.enterCode(web.accessCode);
    await gallery.sidebarRows().nth(1).waitFor();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
    await page.getByRole("button", { name: "Select All", exact: true }).click();
    await page.getByRole("button", { name: "Download Selected (2)" }).click();
    const pin = page.getByRole("textbox", { name: "Download PIN" });
    await pin.fill("1111");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("That PIN is not right. Please try again.").waitFor();
    if (process.env.SCREENSHOT_DIR) {
      await page.evaluate(() => document.querySelectorAll('[data-testid="toast"]').forEach((t) => t.remove()));
      await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, "visitor-download-pin.png") });
    }
    await pin.fill("2580");
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Continue" }).click();
    const zip = new Blob([readFileSync((await (await downloading).path())!)]);
    await page.getByRole("heading", { name: "Download Complete" }).waitFor();
    const entries = await readZipDirectory(zip);
    const contents = await Promise.all(entries.map(async (e) => Buffer.from(await (await extractEntry(zip, e)).arrayBuffer())));
    for (const preview of web.previews) expect(contents.filter((c) => c.equals(preview))).toHaveLength(1);
    await page.getByRole("button", { name: "Done" }).click();
    // Once proven, the PIN is not asked again in this session.
    const again = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download Selected (2)" }).click();
    await again;
    expect(await pin.isVisible()).toBe(false);
    await context.close();
  });
});
