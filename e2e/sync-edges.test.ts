/**
 * The sync's edges in Chromium against the real server (issue 23): photos of a client the server refused
 * wait for it and reach the server once the owner fixes it, with no "Uploaded" before; a device whose
 * storage quota is below what it holds syncs its way out (push and uploads first, they free space).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientDetailPage, NewClientPage } from "./pages/ClientPages";
import { GalleryTabPage } from "./pages/GalleryTabPage";
import { startAppServer, type AppServer } from "./support/app-server";
import { CHROMIUM_ARGS, launchChromium } from "./support/browser";
import { ownerApi, type OwnerApi } from "./support/owner-api";
import { ownerSession, signInOwner } from "./support/owner-session";
import { photo } from "./support/photos";
import { saveRegionShot, saveShot } from "./support/screenshots";

let server: AppServer;
let browser: Browser;
let api: OwnerApi;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  api = await ownerApi(server);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface ServerImage {
  originalName: string;
  original: string;
}

async function serverImages(clientId: string): Promise<ServerImage[]> {
  const page = await api<{ items: ServerImage[] }>("GET", `/api/collections/images/records?perPage=200&fields=originalName,original&filter=${encodeURIComponent(`client='${clientId}'`)}`);
  return page.items;
}

async function withOwner(run: (context: BrowserContext, page: Page) => Promise<void>): Promise<void> {
  const { context, page } = await ownerSession(browser, server);
  try {
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await run(context, page);
  } finally {
    await context.close();
  }
}

describe("children wait for their parents", () => {
  it("keeps a refused client's photos waiting, never says Uploaded, and uploads them once the client is fixed", async () => {
    await withOwner(async (context, page) => {
      await context.setOffline(true);
      await page.getByTestId("sync-status").getByText("Offline").waitFor();
      // Meanwhile another device gives the code to another client.
      await api("POST", "/api/collections/clients/records", { name: "Early Emma", accessCode: "LATE-2026", accessUrl: "early-emma-gallery" });

      await page.goto("/clients/new");
      await new NewClientPage(page).create({ name: "Late Liam", accessCode: "LATE-2026" });
      await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
      const clientId = page.url().split("/").pop()!;
      const gallery = new GalleryTabPage(page);
      await gallery.uploadPhotos([await photo(page, "late-1.jpg", 640, 480, 71), await photo(page, "late-2.jpg", 480, 640, 72), await photo(page, "late-3.jpg", 640, 480, 73)]);
      await gallery.dialogTitle("Saved on this device · uploads when online (3 photos)").waitFor({ timeout: 60_000 });
      await gallery.closeDialog();

      await context.setOffline(false);
      // The create is refused for its code: the field shows it, and the photos wait with their client.
      await page.getByTestId("sync-details").getByText("1 change was refused by the server").waitFor({ timeout: 30_000 });
      await page.getByTestId("sync-details").getByText("3 image uploads waiting").waitFor();
      await page.getByTestId("upload-state").getByText("Queued · 3 photos on this device").waitFor();
      expect(await page.getByTestId("sync-details").getByText("All changes synced").count()).toBe(0);
      expect(await page.getByRole("button", { name: /conflict/ }).count()).toBe(0);
      expect(await serverImages(clientId)).toEqual([]);
      await saveShot(page, "sync-parked-parent");

      const detail = new ClientDetailPage(page);
      await detail.openDetails();
      await detail.accessCodeMessage(/already|taken|unique/i).waitFor();
      await detail.accessCode().fill("LATE-2027");
      await detail.save();

      await expect.poll(async () => (await serverImages(clientId)).filter((i) => i.original).length, { timeout: 60_000 }).toBe(3);
      await page.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 30_000 });
      await page.getByRole("tab", { name: "Gallery" }).click();
      await page.getByTestId("upload-state").getByText("Uploaded").waitFor();
      expect(await page.getByRole("button", { name: /conflict/ }).count()).toBe(0);
      expect((await serverImages(clientId)).map((i) => i.originalName).sort()).toEqual(["late-1.jpg", "late-2.jpg", "late-3.jpg"]);
    });
  });
});

describe("a full device", () => {
  /** A profile on disk, so that the browser can be restarted with less room than its data takes. */
  const launchProfile = (dir: string) => chromium.launchPersistentContext(dir, { executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS, baseURL: server.url, viewport: { width: 1280, height: 900 } });

  /**
   * The browser started again on the profile with `quotaSize` bytes for the origin (Chromium reads the quota
   * when it first opens the origin's storage, so it is set before the first page loads), offline or not,
   * at `url`.
   */
  async function relaunchWithQuota(dir: string, quotaSize: number, url: string, isOffline = false): Promise<{ context: BrowserContext; page: Page }> {
    const context = await launchProfile(dir);
    const page = context.pages()[0] ?? (await context.newPage());
    await (await context.newCDPSession(page)).send("Storage.overrideQuotaForOrigin", { origin: server.url, quotaSize: Math.floor(quotaSize) });
    if (isOffline) await context.setOffline(true);
    await page.goto(url);
    return { context, page };
  }

  /** A new profile signed in as the owner, with a new client on the server; answers the client's page. */
  async function profileWithClient(dir: string, name: string): Promise<{ context: BrowserContext; page: Page; clientUrl: string; clientId: string }> {
    const context = await launchProfile(dir);
    const page = context.pages()[0] ?? (await context.newPage());
    await signInOwner(page, server);
    await page.goto("/clients/new");
    await new NewClientPage(page).create({ name });
    await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
    const clientUrl = page.url();
    const clientId = clientUrl.split("/").pop()!;
    await expect.poll(() => api("GET", `/api/collections/clients/records/${clientId}?fields=id`).catch(() => null), { timeout: 20_000 }).not.toBeNull();
    return { context, page, clientUrl, clientId };
  }

  it("syncs its way out after a restart with a storage quota below what it holds", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "sg-quota-"));
    const setUp = await profileWithClient(dir, "Quota Quinn");
    const { clientUrl, clientId } = setUp;
    let { context, page } = setUp;
    try {

      await context.setOffline(true);
      await page.getByTestId("sync-status").getByText("Offline").waitFor();
      const gallery = new GalleryTabPage(page);
      const files = [];
      for (let i = 1; i <= 6; i++) files.push(await photo(page, `quota-${i}.jpg`, 1600, 1200, 80 + i));
      await gallery.uploadPhotos(files);
      await gallery.dialogTitle("Saved on this device · uploads when online (6 photos)").waitFor({ timeout: 120_000 });
      const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
      expect(usage).toBeGreaterThan(1024 * 1024);
      await context.close();

      // The laptop comes back with its disk full: the origin may hold less than it does, by half of what the
      // originals take (the app shell's cache and the rest stay; uploading the originals frees enough).
      const originals = files.reduce((sum, f) => sum + f.buffer.length, 0);
      ({ context, page } = await relaunchWithQuota(dir, usage - originals / 2, clientUrl));
      // The device really is full: a write of a few bytes fails.
      const probe = await page.evaluate(async () => {
        const open = indexedDB.open("quota-probe");
        open.onupgradeneeded = () => open.result.createObjectStore("s");
        const probeDb = await new Promise<IDBDatabase>((resolve, reject) => ((open.onsuccess = () => resolve(open.result)), (open.onerror = () => reject(open.error))));
        const tx = probeDb.transaction("s", "readwrite");
        tx.objectStore("s").put({ a: 1 }, "k");
        const outcome = await new Promise<string>((resolve) => ((tx.oncomplete = () => resolve("written")), (tx.onabort = () => resolve(tx.error?.name ?? "aborted"))));
        probeDb.close();
        indexedDB.deleteDatabase("quota-probe");
        return outcome;
      });
      expect(probe).toBe("QuotaExceededError");

      // Push and uploads go first: every original reaches the server, and the device says what happened.
      await expect.poll(async () => (await serverImages(clientId)).filter((i) => i.original).length, { timeout: 120_000 }).toBe(6);
      await page.getByRole("alert").getByText(/This device is out of space\. What was waiting here went to the server first/).waitFor({ timeout: 60_000 });
      await saveRegionShot(page, "sync-out-of-space", page.getByTestId("sync-status"));

      // Chromium gives back the space of deleted rows when the database closes: the owner reopens the app.
      await context.close();
      ({ context, page } = await relaunchWithQuota(dir, usage - originals / 2, clientUrl));
      await page.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 60_000 });
      await page.getByTestId("upload-state").getByText("Uploaded").waitFor();
      expect((await serverImages(clientId)).map((i) => i.originalName).sort()).toEqual(files.map((f) => f.name).sort());
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("stops an import cleanly when the device runs out of space, and says what was not imported", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "sg-quota-import-"));
    const setUp = await profileWithClient(dir, "Full Fiona");
    const { clientUrl, clientId } = setUp;
    let { context, page } = setUp;
    try {
      const files = [];
      for (let i = 1; i <= 8; i++) files.push(await photo(page, `full-${i}.jpg`, 1600, 1200, 90 + i));
      const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
      await context.close();

      // The disk has room for two or three of the eight photos.
      const room = files[0]!.buffer.length * 5;
      ({ context, page } = await relaunchWithQuota(dir, usage + room, clientUrl, true));
      await new GalleryTabPage(page).uploadPhotos(files);
      const toast = page.getByTestId("toast").filter({ hasText: "This device is out of space" });
      await toast.waitFor({ timeout: 120_000 });
      const said = /This device is out of space: (\d+) of 8 photos were not imported\. Free space or sync first\./.exec((await toast.textContent()) ?? "");
      expect(said).not.toBeNull();
      const missing = Number(said![1]);
      expect(missing).toBeGreaterThan(0);
      expect(missing).toBeLessThan(8);
      await saveShot(page, "import-out-of-space");
      // Nothing half-written: every photo on the device has its row, its bytes and its upload waiting.
      const kept = await page.evaluate(async (clientId) => {
        const open = indexedDB.open("studio-gallery");
        const idb = await new Promise<IDBDatabase>((resolve, reject) => ((open.onsuccess = () => resolve(open.result)), (open.onerror = () => reject(open.error))));
        const all = <T,>(request: IDBRequest<T>) => new Promise<T>((resolve) => (request.onsuccess = () => resolve(request.result)));
        const tx = idb.transaction(["images", "imageBlobs", "outbox"]);
        const ids = (await all(tx.objectStore("images").index("client").getAllKeys(clientId))) as string[];
        const blobs = (await Promise.all(ids.map((id) => all(tx.objectStore("imageBlobs").get(id))))).filter((b) => b?.original && b.thumbnail && b.preview);
        const outbox = ((await all(tx.objectStore("outbox").getAll())) as Array<{ recordId: string; op: string }>).filter((e) => e.op === "create" && ids.includes(e.recordId));
        idb.close();
        return { images: ids.length, blobs: blobs.length, outbox: outbox.length };
      }, clientId);
      expect(kept).toEqual({ images: 8 - missing, blobs: 8 - missing, outbox: 8 - missing });
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
