/**
 * The owner's Gallery tab in Chromium against the real server: importing real JPEGs (one rotated by EXIF),
 * a zip, a corrupt file, an oversized file and a text file renamed .jpg; hostile zips; the viewer; bulk
 * delete; the share message; the same import with the network off, then on, reaching the server.
 */
import sharp from "sharp";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildZip } from "../workers/zip/test-zip";
import { GalleryTabPage } from "./pages/GalleryTabPage";
import { NewClientPage } from "./pages/ClientPages";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { corruptJpeg, oversizedFile, photo, textRenamedAsJpeg } from "./support/photos";
import { signInOwner } from "./support/owner-session";
import { saveRegionShot } from "./support/screenshots";

let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = "";

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  page = await context.newPage();
  await signInOwner(page, server);
  token = await page.evaluate(() => JSON.parse(localStorage.getItem("pocketbase_auth") ?? "{}").token as string);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

interface ServerImage {
  id: string;
  originalName: string;
  trashedAt: string;
  original: string;
  thumbnail: string;
  medium: string;
  large: string;
  preview: string;
  placeholder: string;
  fileSize: number;
  width: number;
  height: number;
}

async function serverImages(clientId: string): Promise<ServerImage[]> {
  const res = await fetch(`${server.url}/api/collections/images/records?perPage=200&filter=${encodeURIComponent(`client='${clientId}'`)}`, { headers: { Authorization: token } });
  return ((await res.json()) as { items: ServerImage[] }).items;
}

async function createClient(name: string): Promise<string> {
  await page.goto("/clients/new");
  await new NewClientPage(page).create({ name });
  await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
  return page.url().split("/").pop()!;
}

async function waitForSynced() {
  try {
    await page.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 60_000 });
  } catch (err) {
    const outbox = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const open = indexedDB.open("studio-gallery");
          open.onsuccess = () => {
            const all = open.result.transaction("outbox").objectStore("outbox").getAll();
            all.onsuccess = () => resolve(JSON.stringify(all.result));
          };
        }),
    );
    throw new Error(`Sync did not settle; the header says: ${await page.getByTestId("sync-status").textContent()}; outbox: ${outbox}`, { cause: err });
  }
}

describe("importing photos into a client's gallery", () => {
  it("imports real photos, refuses broken, renamed and oversized files one by one, and uploads the rest", async () => {
    const clientId = await createClient("Import Ivy");
    const gallery = new GalleryTabPage(page);
    await page.getByText("No images found").waitFor();
    await page.getByText("Upload some images to get started").waitFor();
    // The zones say what they take (issue 25), not the specification's 'PNG, JPG, GIF up to 20MB each'.
    await page.getByText("JPEG, PNG, GIF, WebP, AVIF, HEIC, TIFF · up to 20 MB each", { exact: true }).waitFor();
    await page.getByText("ZIP files up to 500 MB, of photos in the same formats", { exact: true }).waitFor();
    await saveRegionShot(page, "upload-zones", page.locator(".upload-zones"));

    const landscape = await photo(page, "landscape.jpg", 1600, 1000, 1);
    const rotated = await photo(page, "rotated.jpg", 1600, 1000, 2, 6); // camera held upright: EXIF says turn it
    const third = await photo(page, "third.jpg", 900, 1200, 3);
    await gallery.uploadPhotos([landscape, rotated, third, corruptJpeg("broken.jpg"), textRenamedAsJpeg("notes.jpg"), oversizedFile("huge.jpg")]);

    await gallery.dialogTitle("Upload Completed with Issues").waitFor({ timeout: 60_000 });
    await gallery.fileRow("huge.jpg").getByText("Not imported: larger than 20 MB.").waitFor();
    await gallery.fileRow("notes.jpg").getByText(/not an image/).waitFor();
    await gallery.fileRow("broken.jpg").getByText(/damaged/).waitFor();
    for (const name of ["landscape.jpg", "rotated.jpg", "third.jpg"]) await gallery.fileRow(name).getByText(/Saved/).waitFor();
    await gallery.closeDialog();
    await gallery.showing(3).waitFor();

    // EXIF orientation applied exactly once: the 1600x1000 file stored as "turn right" shows upright (portrait).
    const size = await gallery.thumbnail("rotated.jpg").evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    });
    expect(size[0]).toBeLessThan(size[1]!);
    expect(Math.max(...size)).toBe(400);

    await waitForSynced();
    const onServer = await serverImages(clientId);
    expect(onServer.map((i) => i.originalName).sort()).toEqual(["landscape.jpg", "rotated.jpg", "third.jpg"]);
    const rotatedOnServer = onServer.find((i) => i.originalName === "rotated.jpg")!;
    expect([rotatedOnServer.width, rotatedOnServer.height]).toEqual([1000, 1600]);
    for (const image of onServer) expect(image.original && image.thumbnail && image.medium && image.large && image.preview).toBeTruthy();
    // Every size keeps the photo's shape (long edge 400/800/1,600 px, never a square crop, never upscaled),
    // and the placeholder is a ThumbHash made on the device.
    const edges: Record<string, number[]> = {};
    for (const size of [400, 800, 1600, 2048]) {
      const res = await fetch(`${server.url}/api/gallery/image/${rotatedOnServer.id}?size=${size}`, { headers: { Authorization: token } });
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      edges[size] = [meta.width!, meta.height!];
    }
    expect(edges).toEqual({ 400: [250, 400], 800: [500, 800], 1600: [1000, 1600], 2048: [1000, 1600] });
    expect(atob(rotatedOnServer.placeholder).length).toBeGreaterThan(5);
    // The original is uploaded unchanged, byte for byte.
    const original = await fetch(`${server.url}/api/gallery/image/${rotatedOnServer.id}`, { headers: { Authorization: token } });
    expect(Buffer.from(await original.arrayBuffer()).equals(rotated.buffer)).toBe(true);
  });

  it("imports the photos of a zip, skipping folders and other files, and keeps nothing of a hostile zip", async () => {
    const clientId = await createClient("Zip Zoe");
    const gallery = new GalleryTabPage(page);
    const a = await photo(page, "a.jpg", 1200, 800, 4);
    const b = await photo(page, "b.jpg", 800, 1200, 5);
    const zip = buildZip([{ path: "ceremony/" }, { path: "ceremony/a.jpg", data: a.buffer }, { path: "ceremony/b.jpg", data: b.buffer, deflate: true }, { path: "readme.txt", data: Buffer.from("hello") }]);
    await gallery.uploadZip({ name: "wedding.zip", mimeType: "application/zip", buffer: Buffer.from(zip) });
    // The toast comes when the photos are in the gallery (and goes after 5 s): online it says they were added,
    // not that they upload later (issue 37); the dialog completes when the sync has uploaded them.
    await page.getByTestId("toast").getByText("2 photos from the zip added.").waitFor({ timeout: 60_000 });
    await gallery.dialogTitle("Upload Completed Successfully").waitFor({ timeout: 60_000 });
    await gallery.closeDialog();
    await gallery.showing(2).waitFor();

    const traversal = buildZip([{ path: "c.jpg", data: a.buffer }, { path: "../../evil.jpg", data: b.buffer }]);
    await gallery.uploadZip({ name: "evil.zip", mimeType: "application/zip", buffer: Buffer.from(traversal) });
    await gallery.dialogTitle("Upload Completed with Issues").waitFor();
    await gallery.dialog().getByText(/unsafe path/).waitFor();
    await gallery.closeDialog();

    // An entry that lies about its size is found while extracting: the good entry before it is not kept either.
    const liar = buildZip([{ path: "good.jpg", data: a.buffer }, { path: "liar.jpg", data: new Uint8Array(3 * 1024 * 1024), deflate: true, declaredSize: 1_000_000 }]);
    await gallery.uploadZip({ name: "liar.zip", mimeType: "application/zip", buffer: Buffer.from(liar) });
    await gallery.dialogTitle("Upload Completed with Issues").waitFor();
    await gallery.dialog().getByText(/more data than it declares/).first().waitFor();
    await gallery.closeDialog();
    await gallery.showing(2).waitFor();

    await waitForSynced();
    expect((await serverImages(clientId)).map((i) => i.originalName).sort()).toEqual(["a.jpg", "b.jpg"]);
  });

  it("opens the viewer, moves with the keys, deletes in bulk, and copies the access message", async () => {
    const clientId = await createClient("Viewer Vera");
    const gallery = new GalleryTabPage(page);
    const files = await Promise.all([1, 2, 3, 4].map((n) => photo(page, `v${n}.jpg`, 800, 600, 10 + n)));
    await gallery.uploadPhotos(files);
    await gallery.dialogTitle("Upload Completed Successfully").waitFor({ timeout: 60_000 });
    await gallery.closeDialog();
    await gallery.showing(4).waitFor();

    await gallery.cards().first().getByRole("img").click();
    const viewer = page.getByRole("dialog", { name: /^v\d\.jpg$/ });
    await viewer.getByText("1 of 4").waitFor();
    expect(await viewer.getByRole("button", { name: "Previous image" }).isDisabled()).toBe(true);
    await viewer.getByText(/^Uploaded /).waitFor();
    // A modal: focus moves in and Tab never leaves it, round and round its buttons.
    await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null);
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    }
    await page.keyboard.press("ArrowRight");
    await page.getByText("2 of 4").waitFor();
    await page.keyboard.press("ArrowRight");
    await page.getByText("3 of 4").waitFor();
    await page.keyboard.press("ArrowRight");
    await page.getByText("4 of 4").waitFor();
    expect(await page.getByRole("button", { name: "Next image" }).isDisabled()).toBe(true);
    await page.keyboard.press("Escape");
    await page.getByText("4 of 4").waitFor({ state: "detached" });
    // ... and goes back to the photo it was opened from.
    expect(await gallery.cards().first().evaluate((card) => card.contains(document.activeElement))).toBe(true);

    await gallery.select("v2.jpg");
    await gallery.select("v3.jpg");
    await page.getByRole("button", { name: "Delete Selected (2)" }).click();
    await page.getByRole("dialog", { name: "Delete Images" }).getByRole("button", { name: "Delete" }).click();
    await page.getByTestId("toast").getByText("2 photos moved to the trash").waitFor();
    await gallery.showing(2).waitFor();
    await waitForSynced();
    // In the trash (issue 43): on the server still, gone for visitors.
    expect((await serverImages(clientId)).filter((i) => !i.trashedAt).map((i) => i.originalName).sort()).toEqual(["v1.jpg", "v4.jpg"]);

    await page.getByRole("button", { name: "Copy Access Message" }).click();
    await page.getByTestId("toast").getByText("Access message copied").waitFor();
    const code = await page.locator(".share code").nth(1).textContent();
    const url = (await page.locator(".share code").first().textContent())!.replace("/gallery/", "");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `Your gallery is ready! Visit ${server.url}/gallery/${url} and use access code ${code} to view and download your photos.`,
    );
  });

  it("copies access messages with the checked gallery address, not the studio's website", async () => {
    await page.goto("/settings");
    await page.getByLabel("Website URL").fill("https://lumen-studio.test/");
    await page.getByLabel("Gallery address").fill("http://127.0.0.1:9/");
    await page.getByRole("button", { name: "Check address" }).click();
    await page.getByTestId("gallery-address-check").getByText(/^Not reachable: http:\/\/127\.0\.0\.1:9\/api\/health/).waitFor();
    await page.getByLabel("Gallery address").fill(`${server.url}/`);
    await page.getByRole("button", { name: "Check address" }).click();
    await page.getByTestId("gallery-address-check").getByText(`Reachable: ${server.url}/api/health answered.`).waitFor();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByTestId("toast").getByText("Settings updated").waitFor();

    await createClient("Share Sally");
    await waitForSynced(); // a gallery not on the server yet gets no link to copy (it says so instead)
    await page.getByRole("button", { name: "Copy Access Message" }).click();
    await page.getByTestId("toast").getByText("Access message copied").waitFor();
    const url = (await page.locator(".share code").first().textContent())!.replace("/gallery/", "");
    const message = await page.evaluate(() => navigator.clipboard.readText());
    expect(message).toContain(`Visit ${server.url}/gallery/${url} `);
    expect(message).not.toContain("lumen-studio.test");
  });

  it("imports with the network off, shows the photos, and uploads them when the network returns", async () => {
    const clientId = await createClient("Offline Otto");
    const gallery = new GalleryTabPage(page);
    await waitForSynced();
    const files = await Promise.all([1, 2].map((n) => photo(page, `offline${n}.jpg`, 1000, 700, 20 + n)));
    await context.setOffline(true);
    await page.getByTestId("sync-status").getByText("Offline").waitFor();
    await gallery.uploadPhotos(files);
    // Nothing has reached the server: the dialog says where the photos are, never that they were uploaded.
    await gallery.dialogTitle("Saved on this device · uploads when online (2 photos)").waitFor({ timeout: 60_000 });
    await gallery.closeDialog();
    await gallery.showing(2).waitFor();
    await gallery.thumbnail("offline2.jpg").waitFor();
    expect(await serverImages(clientId)).toEqual([]);
    await context.setOffline(false);
    await waitForSynced();
    expect((await serverImages(clientId)).map((i) => i.originalName).sort()).toEqual(["offline1.jpg", "offline2.jpg"]);
  });

  it("gives an image imported before the responsive sizes its 800 and 1,600 px sizes and placeholder after the next sync, from the original on the server", async () => {
    const clientId = await createClient("Older Olga");
    await waitForSynced();
    // The header can say "All changes synced" a moment before it counts the new client: the image below
    // names it, so wait until the server has it (a 400 for the unknown client failed a full run once).
    await expect.poll(async () => (await fetch(`${server.url}/api/collections/clients/records/${clientId}`, { headers: { Authorization: token } })).status, { timeout: 60_000 }).toBe(200);
    // As the first release stored it: original, thumbnail and preview only.
    const original = await photo(page, "older.jpg", 2400, 1600, 31);
    const small = await sharp(original.buffer).resize(400).jpeg().toBuffer();
    const form = new FormData();
    for (const [field, value] of Object.entries({ client: clientId, originalName: "older.jpg", filename: "older.jpg", width: "2400", height: "1600" })) form.set(field, value);
    form.set("original", new File([new Uint8Array(original.buffer)], "older.jpg", { type: "image/jpeg" }));
    form.set("thumbnail", new File([new Uint8Array(small)], "thumbnail.jpg", { type: "image/jpeg" }));
    form.set("preview", new File([new Uint8Array(small)], "preview.jpg", { type: "image/jpeg" }));
    const created = await fetch(`${server.url}/api/collections/images/records`, { method: "POST", headers: { Authorization: token }, body: form });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    // The next sync (a reload starts one) pulls it; the device then makes and uploads the missing sizes.
    // What the page met after the reload, said when the sizes never come (a full run failed here, unexplained).
    const met: string[] = [];
    const onResponse = (r: { status(): number; request(): { method(): string }; url(): string }) => void (r.status() >= 400 && met.push(`${r.status()} ${r.request().method()} ${r.url()}`));
    const onConsole = (m: { type(): string; text(): string }) => void (m.type() === "error" && met.push(`console: ${m.text()}`));
    page.on("response", onResponse).on("console", onConsole);
    await page.reload();
    let image: ServerImage | undefined;
    for (let i = 0; i < 120 && !image?.large; i++) {
      await new Promise((r) => setTimeout(r, 500));
      image = (await serverImages(clientId)).find((x) => x.id === id);
    }
    page.off("response", onResponse).off("console", onConsole);
    expect(image?.medium && image.large && image.placeholder, `after the reload: ${met.join("; ") || "no error"}; sync says "${await page.getByTestId("sync-details").innerText().catch(() => "(no sync status)")}"`).toBeTruthy();
    const large = await fetch(`${server.url}/api/gallery/image/${id}?size=1600`, { headers: { Authorization: token } });
    const meta = await sharp(Buffer.from(await large.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 1067]);
    // The original is untouched.
    const kept = await fetch(`${server.url}/api/gallery/image/${id}`, { headers: { Authorization: token } });
    expect(Buffer.from(await kept.arrayBuffer()).equals(original.buffer)).toBe(true);
  });
});
