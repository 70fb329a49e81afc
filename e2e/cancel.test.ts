/**
 * 'Cancel' in the progress dialogs, in Chromium with the real workers: a 50-photo import cancelled midway
 * keeps the photos it had finished, each whole (its row, all its files and exactly one outbox entry), and
 * says so; a conversion cancelled midway keeps the files it had converted.
 */
import sharp from "sharp";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GalleryTabPage } from "./pages/GalleryTabPage";
import { NewClientPage } from "./pages/ClientPages";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { ownerSession } from "./support/owner-session";
import type { TestFile } from "./support/photos";

let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  ({ context, page } = await ownerSession(browser, server));
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** Small but real JPEGs (noise, so they take a moment each to decode and encode), made with libvips. */
async function photos(count: number, prefix: string): Promise<TestFile[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `${prefix}${String(i + 1).padStart(3, "0")}.jpg`,
      mimeType: "image/jpeg",
      buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: "#000", noise: { type: "gaussian", mean: 100 + i, sigma: 20 } } })
        .jpeg({ quality: 70 })
        .toBuffer(),
    })),
  );
}

interface StoreState {
  rows: number;
  /** Rows whose five files are not all there and non-empty. */
  incompleteBlobs: string[];
  /** Rows without exactly one outbox entry. */
  wrongOutbox: string[];
  /** Files or outbox entries of images without a row. */
  orphans: number;
}

/** What the device store holds for one client's images, read straight from IndexedDB. */
function storeState(clientId: string): Promise<StoreState> {
  return page.evaluate(
    (clientId) =>
      new Promise<StoreState>((resolve, reject) => {
        const open = indexedDB.open("studio-gallery");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(["images", "imageBlobs", "outbox"]);
          const all = (store: string) =>
            new Promise<Array<Record<string, unknown>>>((ok) => {
              const req = tx.objectStore(store).getAll();
              req.onsuccess = () => ok(req.result as Array<Record<string, unknown>>);
            });
          void Promise.all([all("images"), all("imageBlobs"), all("outbox")]).then(([images, blobs, outbox]) => {
            const rows = images.filter((r) => r.client === clientId);
            const ids = new Set(rows.map((r) => r.id as string));
            const allIds = new Set(images.map((r) => r.id as string));
            const kinds = ["original", "thumbnail", "medium", "large", "preview"];
            const blobOf = new Map(blobs.map((b) => [b.id as string, b]));
            const imageEntries = outbox.filter((e) => e.collection === "images");
            resolve({
              rows: rows.length,
              incompleteBlobs: [...ids].filter((id) => !kinds.every((k) => ((blobOf.get(id)?.[k] as Blob | undefined)?.size ?? 0) > 0)),
              wrongOutbox: [...ids].filter((id) => imageEntries.filter((e) => e.recordId === id).length !== 1),
              orphans: blobs.filter((b) => !allIds.has(b.id as string)).length + imageEntries.filter((e) => !allIds.has(e.recordId as string)).length,
            });
          });
        };
      }),
    clientId,
  );
}

describe("cancelling work in progress", () => {
  it("cancels a 50-photo import midway and keeps exactly the finished photos, each whole", async () => {
    await page.goto("/clients/new");
    await new NewClientPage(page).create({ name: "Cancel Cora" });
    await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
    const clientId = page.url().split("/").pop()!;
    await page.getByTestId("sync-details").getByText("All changes synced").waitFor();
    const files = await photos(50, "shoot_");
    // Offline, as at a shoot: sync does not take the outbox entries away while we look at them.
    await context.setOffline(true);
    try {
      const gallery = new GalleryTabPage(page);
      await gallery.uploadPhotos(files);
      await gallery.dialogTitle("Uploading Images").waitFor();
      const deadline = Date.now() + 60_000;
      while ((await storeState(clientId)).rows < 3 && Date.now() < deadline) await page.waitForTimeout(100);
      await gallery.dialog().getByRole("button", { name: "Cancel" }).click();

      await gallery.dialogTitle("Import Cancelled").waitFor({ timeout: 30_000 });
      const summary = (await gallery.dialog().getByRole("status").textContent()) ?? "";
      const [, saved, notImported] = /Import cancelled: (\d+) photos? saved, (\d+) not imported\./.exec(summary) ?? [];
      expect(summary).toMatch(/^Import cancelled:/);
      expect(Number(saved) + Number(notImported)).toBe(50);
      expect(Number(saved)).toBeGreaterThanOrEqual(3);
      expect(Number(saved)).toBeLessThan(50);
      expect(await gallery.dialog().getByRole("button", { name: "Close" }).isEnabled()).toBe(true);
      expect(await gallery.dialog().getByRole("button", { name: "Cancel" }).count()).toBe(0);

      // Workers were stopped, not left running: nothing arrives after the dialog says it is done.
      await page.waitForTimeout(1500);
      const state = await storeState(clientId);
      expect(state).toEqual({ rows: Number(saved), incompleteBlobs: [], wrongOutbox: [], orphans: 0 });
      await gallery.closeDialog();
      await gallery.showing(Number(saved)).waitFor();
      await page.getByTestId("toast").getByText(summary).waitFor();
    } finally {
      await context.setOffline(false);
    }
  });

  it("cancels a conversion midway and keeps the converted files", async () => {
    // Sixty photos: at a fifth of the way, most are still to go, so 'Cancel' is still there on a fast or a busy machine.
    const files = await photos(60, "convert_");
    await page.goto("/converter");
    await page.getByLabel("Target Format").selectOption("webp");
    await page.getByLabel("Choose images").setInputFiles(files);
    await page.getByRole("button", { name: "Convert", exact: true }).click();
    await page.getByRole("heading", { name: "Converting Images", exact: true }).waitFor();
    // Midway by the dialog's own progress (a progress toast can be replaced by the next one before it is seen).
    const percent = async () => Number(((await page.getByRole("dialog").getByText(/^\d+%$/).first().textContent()) ?? "0").replace("%", ""));
    await expect.poll(percent, { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(20);
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).dispatchEvent("click");

    await page.getByRole("heading", { name: "Conversion Cancelled", exact: true }).waitFor({ timeout: 30_000 });
    const summary = (await page.getByRole("dialog").getByRole("status").textContent()) ?? "";
    const [, kept, cancelled] = /Conversion cancelled: (\d+) image\(s\) converted, (\d+) not converted\./.exec(summary) ?? [];
    expect(Number(kept) + Number(cancelled)).toBe(60);
    expect(Number(kept)).toBeGreaterThanOrEqual(1);
    expect(Number(kept)).toBeLessThan(60);
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    // The converted files are listed, ready to download.
    expect(await page.getByRole("button", { name: /^Download convert_\d+\.webp$/ }).count()).toBe(Number(kept));
  });
});
