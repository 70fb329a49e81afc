/**
 * The trash in Chromium against the real server (issue 43): the owner deletes a photo that a guest
 * favourited; Undo from the toast brings it back with the favourite; deleted again, it is gone for the
 * visitor at once (the server decides); the Trash screen lists it and Restore brings it back for the visitor
 * too. With SCREENSHOT_DIR set, it also saves the screenshots kept in docs/screenshots.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { uploadPhoto, type SeededImage } from "./support/gallery-seed";
import { ownerSession } from "./support/owner-session";
import { ownerApi, type OwnerApi } from "./support/owner-api";
import { saveShot } from "./support/screenshots";
import { visitorSession } from "./support/visitor-session";

let server: AppServer;
let browser: Browser;
let api: OwnerApi;
let gallery: { id: string; accessUrl: string; accessCode: string };
let photos: SeededImage[] = [];

async function records(collection: string) {
  return (await api<{ items: Array<Record<string, string>> }>("GET", `/api/collections/${collection}/records?perPage=200&filter=${encodeURIComponent(`client = "${gallery.id}"`)}`)).items;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  api = await ownerApi(server);
  gallery = await api("POST", "/api/collections/clients/records", { name: "Ada & Grace", eventDate: "2026-06-13 00:00:00.000Z" });
  photos = await Promise.all([0, 1].map((i) => uploadPhoto(server.url, api.token, gallery.id, `photo-${i + 1}.jpg`, 1600, 1200, i + 3, i)));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the trash", () => {
  it("the owner deletes a photo: Undo brings it back with its favourites; it is gone for the visitor at once, and Restore brings it back (issue 43)", async () => {
    // A guest's favourite of photo-1, made through the gallery's routes (this test also runs alone).
    const photo1 = photos.find((p) => p.name === "photo-1.jpg")!;
    const base = `${server.url}/api/gallery/${gallery.accessUrl}`;
    const verified = await fetch(`${base}/verify`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ accessCode: gallery.accessCode }) });
    const named = await fetch(`${base}/proofing/person`, { method: "PUT", headers: { "Content-Type": "application/json", Cookie: verified.headers.get("set-cookie")!.split(";")[0]! }, body: JSON.stringify({ name: "Lin" }) });
    const lin = named.headers.get("set-cookie")!.split(";")[0]!;
    expect((await fetch(`${base}/proofing/favourites/${photo1.id}`, { method: "PUT", headers: { Cookie: lin } })).status).toBe(200);
    const linsFavourites = async () => ((await (await fetch(`${base}/proofing/state`, { headers: { Cookie: lin } })).json()) as { favourites: string[] }).favourites;
    const trashedAt = async () => (await records("images")).find((i) => i.id === photo1.id)!.trashedAt;

    const { context, page } = await ownerSession(browser, server);
    await page.goto(`/clients/${gallery.id}`);
    const deletePhoto1 = async () => {
      const card = page.getByRole("list", { name: "Images" }).getByRole("listitem").filter({ hasText: "photo-1.jpg" });
      await card.hover({ timeout: 10_000 });
      await card.getByRole("button", { name: "Delete", exact: true }).click({ timeout: 10_000 });
      await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click({ timeout: 10_000 });
      const toast = page.getByTestId("toast").filter({ hasText: "Photo moved to the trash" });
      await toast.waitFor({ timeout: 10_000 });
      return toast;
    };

    // Delete, then Undo from the toast: the photo is back, with Lin's favourite of it.
    const toast = await deletePhoto1();
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/undo-toast.png` });
    await toast.getByRole("button", { name: "Undo" }).click({ timeout: 5_000 });
    await page.getByTestId("toast").filter({ hasText: "Restored" }).waitFor({ timeout: 10_000 });
    await page.getByRole("list", { name: "Images" }).getByRole("listitem").filter({ hasText: "photo-1.jpg" }).waitFor({ timeout: 10_000 });
    await expect.poll(linsFavourites, { timeout: 15_000 }).toEqual([photo1.id]);

    // Deleted again: the server decides, the visitor's next look at the gallery has it no more.
    await deletePhoto1();
    await expect.poll(trashedAt, { timeout: 15_000 }).not.toBe("");
    expect(await linsFavourites()).toEqual([]);
    const visitor = await visitorSession(browser, server, gallery);
    const visitorGrid = visitor.page.getByRole("list", { name: "Gallery", exact: true });
    await visitorGrid.getByRole("button", { name: "Add photo-2.jpg to favourites" }).waitFor({ timeout: 15_000 });
    expect(await visitorGrid.getByRole("button", { name: /photo-1\.jpg/ }).count()).toBe(0);

    // The Trash screen lists it; Restore brings it back, for the visitor too.
    await page.getByRole("link", { name: "Trash" }).click({ timeout: 10_000 });
    const item = page.getByRole("list", { name: "Trash" }).getByRole("listitem").filter({ hasText: "photo-1.jpg" });
    await item.getByText("Photo · in Ada & Grace", { exact: false }).waitFor({ timeout: 10_000 });
    await item.getByText("Deleted for good in 30 days").waitFor();
    await saveShot(page, "trash");
    if (process.env.SCREENSHOT_DIR) {
      const phone = await ownerSession(browser, server, { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      await phone.page.goto("/trash", { timeout: 20_000 });
      await phone.page.getByRole("list", { name: "Trash" }).getByText("photo-1.jpg").waitFor({ timeout: 15_000 });
      await saveShot(phone.page, "trash-phone");
      await phone.context.close();
    }
    await item.getByRole("button", { name: "Restore: photo-1.jpg" }).click({ timeout: 10_000 });
    await page.getByText("The trash is empty").waitFor({ timeout: 10_000 });
    await expect.poll(trashedAt, { timeout: 15_000 }).toBe("");
    expect(await linsFavourites()).toEqual([photo1.id]);
    await visitor.page.reload({ timeout: 20_000 });
    await visitorGrid.getByRole("button", { name: /photo-1\.jpg to favourites/ }).first().waitFor({ timeout: 15_000 });
    await visitor.context.close();
    await context.close();
  }, 120_000);
});
