/**
 * Sets (issue 26) in Chromium against the real server: the owner makes three sets with the network off and
 * imports two photos into one; once online, a visitor sees the three sets with their counts under the
 * cover, opens one (the viewer keeps to it) and downloads it as a zip whose photos are in the set's folder.
 */
import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractEntry, readZipDirectory } from "../workers/zip/readZip";
import { buildZip } from "../workers/zip/test-zip";
import { NewClientPage } from "./pages/ClientPages";
import { GalleryTabPage } from "./pages/GalleryTabPage";
import { VisitorGalleryPage } from "./pages/VisitorGalleryPage";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { ownerApi, type OwnerApi } from "./support/owner-api";
import { ownerSession } from "./support/owner-session";
import { photo, type TestFile } from "./support/photos";
import { saveRegionShot, saveShot } from "./support/screenshots";
import { visitorSession } from "./support/visitor-session";

let server: AppServer;
let browser: Browser;
let api: OwnerApi;
let owner: { context: BrowserContext; page: Page };

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  api = await ownerApi(server);
  owner = await ownerSession(browser, server);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const SETS = ["Getting ready", "Ceremony", "Reception"];
let gallery: { id: string; accessUrl: string; accessCode: string };
let files: TestFile[];

describe("sets", () => {
  it("the owner makes three sets offline, imports into one, and they reach the server once online", async () => {
    const { context, page } = owner;
    await page.goto("/clients/new");
    await new NewClientPage(page).create({ name: "Sets Sophie" });
    await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
    const clientId = page.url().split("/").pop()!;
    await page.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 30_000 });
    files = await Promise.all([1, 2].map((n) => photo(page, `vows${n}.jpg`, 1200, 800, 40 + n)));

    await context.setOffline(true);
    await page.getByTestId("sync-status").getByText("Offline").waitFor();
    await page.getByRole("button", { name: "Sets", exact: true }).click();
    const editor = page.getByRole("dialog", { name: "Sets" });
    for (const name of SETS) {
      await editor.getByLabel("New set name").fill(name);
      await editor.getByRole("button", { name: "Add set" }).click();
      await editor.getByLabel(`Name of set ${name}`).waitFor();
    }
    await editor.getByRole("button", { name: "Done" }).click();

    const tab = new GalleryTabPage(page);
    await tab.choose("Import into set", "Ceremony");
    await tab.uploadPhotos(files);
    await tab.dialogTitle("Saved on this device · uploads when online (2 photos)").waitFor({ timeout: 60_000 });
    await tab.closeDialog();
    expect(await tab.choices("Show")).toEqual(["All photos (2)", "Set: Getting ready (0)", "Set: Ceremony (2)", "Set: Reception (0)", "In no set (0)", "Favourites (0)"]);
    await page.getByRole("button", { name: "Edit sets" }).click();
    await editor.getByText("2 photos").waitFor();
    await saveRegionShot(page, "sets-owner-editor", editor);
    await editor.getByRole("button", { name: "Done" }).click();
    expect(await api<{ totalItems: number }>("GET", `/api/collections/sets/records?filter=${encodeURIComponent(`client='${clientId}'`)}`)).toMatchObject({ totalItems: 0 });

    await context.setOffline(false);
    await page.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 60_000 });
    const sets = await api<{ items: Array<{ id: string; name: string; position: number }> }>("GET", `/api/collections/sets/records?sort=position&filter=${encodeURIComponent(`client='${clientId}'`)}`);
    expect(sets.items.map((s) => s.name)).toEqual(SETS);
    const images = await api<{ items: Array<{ originalName: string; set: string }> }>("GET", `/api/collections/images/records?filter=${encodeURIComponent(`client='${clientId}'`)}`);
    const ceremony = sets.items.find((s) => s.name === "Ceremony")!.id;
    expect(images.items.map((i) => [i.originalName, i.set]).sort()).toEqual([["vows1.jpg", ceremony], ["vows2.jpg", ceremony]]);
    gallery = await api("GET", `/api/collections/clients/records/${clientId}`);
  });

  it("a visitor sees the three sets with their counts, opens one and downloads it as a zip with its folder", async () => {
    const { context, page } = await visitorSession(browser, server, gallery, { acceptDownloads: true });
    // The service worker's stream, as a browser without a save picker takes it (the page loads again with it).
    await context.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);
    await page.reload();
    const visitor = new VisitorGalleryPage(page);
    const tabs = page.getByRole("navigation", { name: "Sets" }).getByRole("button");
    await tabs.nth(3).waitFor();
    expect((await tabs.allTextContents()).map((t) => t.replace(/\s+/g, " ").trim())).toEqual(["All 2", "Getting ready 0", "Ceremony 2", "Reception 0"]);
    await visitor.gridImages().nth(1).waitFor();
    // 'All' mixes sets: each card names its photo's set (favourites and lists are views of 'All').
    expect(await page.locator(".photo-card-set").allTextContents()).toEqual(["Ceremony", "Ceremony"]);
    await saveShot(page, "sets-visitor-desktop");

    await tabs.filter({ hasText: "Reception" }).click();
    expect(await visitor.gridImages().count()).toBe(0);
    await tabs.filter({ hasText: "Ceremony" }).click();
    await visitor.gridImages().nth(1).waitFor();
    expect(await page.locator(".photo-card-set").count()).toBe(0); // inside a set, the card needs no name
    // The viewer moves across the set's photos only.
    await visitor.gridImages().first().click();
    await page.getByText("1 / 2").waitFor();
    await page.keyboard.press("Escape");

    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download Ceremony (2)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("Sets Sophie Ceremony_images.zip");
    const zip = new Blob([readFileSync((await download.path())!)]);
    await page.getByRole("heading", { name: "Download Complete" }).waitFor();
    const entries = await readZipDirectory(zip);
    expect(entries.map((e) => e.path).sort()).toEqual(["Ceremony/vows1.jpg", "Ceremony/vows2.jpg"]);
    const contents = await Promise.all(entries.map(async (e) => Buffer.from(await (await extractEntry(zip, e)).arrayBuffer())));
    for (const file of files) expect(contents.some((c) => c.equals(file.buffer))).toBe(true);
    await context.close();
  });

  it("shows the sets on a phone", async () => {
    const { context, page } = await visitorSession(browser, server, gallery, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.getByRole("navigation", { name: "Sets" }).getByRole("button", { name: /Ceremony/ }).waitFor();
    await new VisitorGalleryPage(page).gridImages().nth(1).waitFor();
    await saveShot(page, "sets-visitor-phone");
    await context.close();
  });
});

describe("sets from a zip's folders, and moving photos", () => {
  it("makes a zip's top-level folders sets when the owner says so, and 'Move to set' moves the selection", async () => {
    const { page } = owner;
    await page.goto(`/clients/${gallery.id}`);
    const tab = new GalleryTabPage(page);
    await tab.showing(2).waitFor();
    const [p1, p2, q, r] = await Promise.all(["p1", "p2", "q", "r"].map((n, i) => photo(page, `${n}.jpg`, 900, 600, 60 + i)));
    const zip = buildZip([
      { path: "Party/p1.jpg", data: p1!.buffer },
      { path: "Party/p2.jpg", data: p2!.buffer },
      { path: "ceremony/q.jpg", data: q!.buffer },
      { path: "r.jpg", data: r!.buffer },
    ]);
    await tab.choose("Import into set", "No set");
    await tab.uploadZip({ name: "shoot.zip", mimeType: "application/zip", buffer: Buffer.from(zip) });
    const question = page.getByRole("dialog", { name: "Make the zip's folders sets?" });
    await question.getByText("This zip has 2 folders: ceremony, Party.").waitFor();
    await question.getByRole("button", { name: "Make them sets" }).click();
    await tab.showing(6).waitFor({ timeout: 60_000 });
    await tab.closeDialog();
    // 'ceremony' is the set 'Ceremony' the gallery has; 'Party' is new, after the others.
    expect(await tab.choices("Show")).toEqual([
      "All photos (6)",
      "Set: Getting ready (0)",
      "Set: Ceremony (3)",
      "Set: Reception (0)",
      "Set: Party (2)",
      "In no set (1)",
      "Favourites (0)",
    ]);

    await tab.choose("Show", "In no set (1)");
    await tab.select("r.jpg");
    await tab.choose("Move to set", "Reception");
    await page.getByTestId("toast").getByText("1 photo moved to Reception").waitFor();
    await tab.showing(0).waitFor();
    expect(await tab.choices("Show")).toContain("Set: Reception (1)");
    // With all photos on show, each card names its set.
    await tab.choose("Show", "All photos (6)");
    await page.locator(".image-card").filter({ hasText: "r.jpg" }).locator(".image-card-set").getByText("Reception").waitFor();

    // On a desktop, a photo dragged onto a set of the drop bar moves there.
    await tab.choose("Show", "Set: Party (2)");
    await tab.thumbnail("p1.jpg").hover();
    await page.mouse.down();
    await page.mouse.move(700, 500, { steps: 5 });
    const reception = page.locator('[data-set-drop="Reception"]');
    await reception.hover();
    await page.mouse.up();
    await page.getByTestId("toast").getByText("1 photo moved to Reception").waitFor();
    await tab.showing(1).waitFor();
    expect(await tab.choices("Show")).toContain("Set: Reception (2)");
    // Last: the shot removes the toasts from the page.
    await tab.choose("Show", "All photos (6)");
    await page.getByRole("img", { name: "r.jpg", exact: true }).waitFor();
    await saveRegionShot(page, "sets-owner-gallery", page.locator(".actions-bar"), page.getByRole("list", { name: "Images" }));
  });

  it("imports photos dropped anywhere on the page into the set under the pointer, and a pasted one into the set on show (issue 43)", async () => {
    const { page } = owner;
    const tab = new GalleryTabPage(page);
    const files = await Promise.all([photo(page, "dropped.jpg", 900, 600, 80), photo(page, "pasted.jpg", 900, 600, 81)]);
    const transfer = (file: TestFile) =>
      page.evaluateHandle(({ bytes, name, type }) => {
        const data = new DataTransfer();
        data.items.add(new File([Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))], name, { type }));
        return data;
      }, { bytes: file.buffer.toString("base64"), name: file.name, type: file.mimeType });
    // Onto the card of r.jpg, in Reception: the banner names the set, the photo goes there.
    const card = page.locator(".image-card").filter({ hasText: "r.jpg" });
    const dropped = await transfer(files[0]!);
    await card.dispatchEvent("dragover", { dataTransfer: dropped });
    await page.getByText("Drop to import into the set Reception", { exact: true }).waitFor();
    await card.dispatchEvent("drop", { dataTransfer: dropped });
    await tab.dialogTitle("Upload Completed Successfully").waitFor({ timeout: 60_000 });
    await tab.closeDialog();
    await page.locator(".image-card").filter({ hasText: "dropped.jpg" }).locator(".image-card-set").getByText("Reception").waitFor();

    // Pasted while Party is on show: into Party.
    await tab.choose("Show", "Set: Party (1)");
    const pasted = await transfer(files[1]!);
    await page.evaluate((data) => document.body.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true })), pasted);
    await tab.dialogTitle("Upload Completed Successfully").waitFor({ timeout: 60_000 });
    await tab.closeDialog();
    await tab.showing(2).waitFor();
    expect(await tab.choices("Show")).toEqual(expect.arrayContaining(["All photos (8)", "Set: Reception (3)", "Set: Party (2)"]));
    if (process.env.SCREENSHOT_DIR) {
      await tab.choiceButton("Show").click();
      await saveRegionShot(page, "grid-toolbar", page.locator(".actions-bar"), page.getByRole("menu"));
      await page.keyboard.press("Escape");
      await page.setViewportSize({ width: 390, height: 844 });
      await tab.choiceButton("Move to set").scrollIntoViewIfNeeded();
      await saveRegionShot(page, "grid-toolbar-phone", page.locator(".actions-bar"));
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
