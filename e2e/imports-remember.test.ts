/**
 * Imports that remember (issue 23, findings 7 and 8), in Chromium against the real server: a zip imported
 * twice adds nothing the second time and says how many duplicates it skipped, 'Import them anyway' adds
 * them; the same photo twice in one pick is one photo. An import cut short by a reload names, on the next
 * start, exactly the files that never reached the gallery, and choosing them again completes it.
 */
import sharp from "sharp";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildZip } from "../workers/zip/test-zip";
import { GalleryTabPage } from "./pages/GalleryTabPage";
import { NewClientPage } from "./pages/ClientPages";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { ownerSession } from "./support/owner-session";
import { photo, type TestFile } from "./support/photos";
import { saveRegionShot } from "./support/screenshots";

let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = "";

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  ({ context, page } = await ownerSession(browser, server));
  token = await page.evaluate(() => JSON.parse(localStorage.getItem("pocketbase_auth") ?? "{}").token as string);
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function createClient(name: string): Promise<string> {
  await page.goto("/clients/new");
  await new NewClientPage(page).create({ name });
  await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
  return page.url().split("/").pop()!;
}

async function waitForSynced() {
  await page.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 120_000 });
}

async function serverNames(clientId: string): Promise<string[]> {
  const res = await fetch(`${server.url}/api/collections/images/records?perPage=500&fields=originalName&filter=${encodeURIComponent(`client='${clientId}'`)}`, { headers: { Authorization: token } });
  return ((await res.json()) as { items: Array<{ originalName: string }> }).items.map((i) => i.originalName).sort();
}

/** The names of the client's photos in the device's store, read straight from IndexedDB. */
function storedNames(clientId: string): Promise<string[]> {
  return page.evaluate(
    (clientId) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open("studio-gallery");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction("images").objectStore("images").getAll();
          req.onsuccess = () => {
            open.result.close();
            resolve((req.result as Array<{ client: string; originalName: string }>).filter((r) => r.client === clientId).map((r) => r.originalName).sort());
          };
        };
      }),
    clientId,
  );
}

/** Real JPEGs with noise (each takes a moment to decode and encode), all different, made with libvips. */
async function photos(count: number, prefix: string): Promise<TestFile[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `${prefix}${String(i + 1).padStart(3, "0")}.jpg`,
      mimeType: "image/jpeg",
      buffer: await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#000", noise: { type: "gaussian", mean: 60 + i, sigma: 30 } } })
        .jpeg({ quality: 80 })
        .toBuffer(),
    })),
  );
}

describe("imports that remember", () => {
  it("skips the photos of a zip imported a second time, says so, and imports them anyway when asked", async () => {
    const clientId = await createClient("Twice Tia");
    const gallery = new GalleryTabPage(page);
    const [a, b, c] = await Promise.all([1, 2, 3].map((n) => photo(page, `twice${n}.jpg`, 1200, 800, 40 + n)));
    const zip = { name: "twice.zip", mimeType: "application/zip", buffer: Buffer.from(buildZip([{ path: "day/twice1.jpg", data: a!.buffer }, { path: "day/twice2.jpg", data: b!.buffer, deflate: true }, { path: "day/twice3.jpg", data: c!.buffer }])) };

    await gallery.uploadZip(zip);
    await gallery.showing(3).waitFor({ timeout: 120_000 });
    await gallery.closeDialog();

    // The same zip again: nothing is added, and the dialog and the toast say why.
    await gallery.uploadZip(zip);
    const note = gallery.dialog().getByRole("status");
    await note.getByText("3 duplicates skipped: twice1.jpg, twice2.jpg and twice3.jpg. They are already in this gallery.").waitFor({ timeout: 120_000 });
    await page.getByTestId("toast").getByText("3 duplicates skipped").waitFor();
    for (const name of ["twice1.jpg", "twice2.jpg", "twice3.jpg"]) await gallery.fileRow(name).getByText("Already in this gallery").waitFor();
    await saveRegionShot(page, "import-duplicates-skipped", gallery.dialog());
    expect(await storedNames(clientId)).toEqual(["twice1.jpg", "twice2.jpg", "twice3.jpg"]);
    await gallery.showing(3).waitFor();

    // 'Import them anyway' imports just those, without the check.
    await gallery.dialog().getByRole("button", { name: "Import them anyway" }).click();
    await gallery.showing(6).waitFor({ timeout: 120_000 });
    for (const name of ["twice1.jpg", "twice2.jpg", "twice3.jpg"]) await gallery.fileRow(name).getByText(/Saved/).waitFor();
    await gallery.closeDialog();

    // The same photo twice in one pick is imported once; the gallery's photos are duplicates too.
    const fresh = await photo(page, "fresh.jpg", 900, 600, 50);
    await gallery.uploadPhotos([fresh, { ...fresh, name: "fresh-copy.jpg" }, { ...a!, name: "renamed.jpg" }]);
    await gallery.dialog().getByRole("status").getByText(/^2 duplicates skipped: /).waitFor({ timeout: 120_000 });
    await gallery.fileRow("fresh-copy.jpg").getByText("Already in this gallery").waitFor();
    await gallery.closeDialog();
    await gallery.showing(7).waitFor();

    await waitForSynced();
    const names = await serverNames(clientId);
    expect(names.filter((n) => n.startsWith("twice"))).toEqual(["twice1.jpg", "twice1.jpg", "twice2.jpg", "twice2.jpg", "twice3.jpg", "twice3.jpg"]);
    expect(names.filter((n) => !n.startsWith("twice")).length).toBe(1);
  }, 240_000);

  it("names on the next start the photos an import cut short never imported, and imports them when chosen again", async () => {
    const clientId = await createClient("Cut Carla");
    await waitForSynced();
    const gallery = new GalleryTabPage(page);
    const files = await photos(30, "cut_");
    const all = files.map((f) => f.name).sort();

    await gallery.uploadPhotos(files);
    await gallery.dialogTitle("Uploading Images").waitFor();
    const deadline = Date.now() + 60_000;
    while ((await storedNames(clientId)).length < 3 && Date.now() < deadline) await page.waitForTimeout(50);
    // The tab goes away mid-import (a reload is a close and a relaunch for the page).
    await page.reload();

    const notice = page.getByTestId("interrupted-import");
    await notice.waitFor({ timeout: 30_000 });
    const stored = await storedNames(clientId);
    const missing = all.filter((n) => !stored.includes(n));
    expect(stored.length).toBeGreaterThanOrEqual(3);
    expect(missing.length).toBeGreaterThan(0);
    const text = (await notice.textContent()) ?? "";
    const list = missing.length === 1 ? missing[0] : missing.length <= 8 ? `${missing.slice(0, -1).join(", ")} and ${missing.at(-1)}` : `${missing.slice(0, 8).join(", ")} and ${missing.length - 8} more`;
    expect(text).toContain(`${missing.length} of 30 photos of your last import into Cut Carla ${missing.length === 1 ? "was" : "were"} not imported: ${list}.`);
    if (missing.length > 8) {
      await notice.getByText(`Show all ${missing.length} files`).click();
      expect(await notice.getByRole("listitem").allTextContents()).toEqual(missing);
    }
    await saveRegionShot(page, "import-interrupted-notice", notice);

    // Choosing the whole shoot again: the photos already in the gallery are skipped, the rest imported.
    await notice.getByTestId("Choose again").setInputFiles(files);
    await gallery.dialog().getByRole("status").getByText(new RegExp(`^${stored.length} duplicates? skipped: `)).waitFor({ timeout: 120_000 });
    await notice.waitFor({ state: "detached" });
    await gallery.closeDialog();
    await gallery.showing(30).waitFor();
    await waitForSynced();
    expect(await serverNames(clientId)).toEqual(all);

    // Dismiss: an import cut short before any photo landed, then dismissed, is not mentioned again.
    await gallery.uploadPhotos(await photos(4, "gone_"));
    await gallery.dialog().getByText(/· Processing$/).first().waitFor(); // the import has recorded its files
    await page.reload();
    await notice.getByText(/^(None of the 4 photos|\d of 4 photos) of your last import into Cut Carla/).waitFor({ timeout: 30_000 });
    await notice.getByRole("button", { name: "Dismiss" }).click();
    await notice.waitFor({ state: "detached" });
    await page.reload();
    await page.getByRole("heading", { name: "Cut Carla" }).waitFor();
    await page.waitForTimeout(1000);
    expect(await notice.count()).toBe(0);
  }, 300_000);
});
