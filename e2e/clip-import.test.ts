/**
 * Clips at import (issue 38), in Chromium against the real server, the parts that need no video tools: the
 * photo zone names the clips it takes and the studio's clip limit; Settings > General's 'Largest clip' sets
 * it; a clip over it is refused before any work, and a file that only claims to be a video is refused by
 * its bytes, each with its reason, while a photo of the same pick is saved. (Probing, posters and web
 * versions are the video worker's, tested on real clips with it.)
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { GalleryTabPage } from "./pages/GalleryTabPage";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { ownerApi } from "./support/owner-api";
import { ownerSession } from "./support/owner-session";
import { makeJpeg } from "./support/photos";

const MB = 1024 * 1024;
let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("clips at import", () => {
  it("names the clip formats and limit, refuses a clip over the studio's limit and a fake clip with their reasons, and saves the photo beside them", async () => {
    const api = await ownerApi(server);
    const client = await api<{ id: string }>("POST", "/api/collections/clients/records", { name: "Film Night" });
    const { context, page } = await ownerSession(browser, server);
    await page.goto(`/clients/${client.id}`);
    await page.getByText("Clips: MP4, MOV, M4V, WebM · up to 4 GB each", { exact: true }).waitFor();

    await page.goto("/settings");
    const field = page.getByLabel("Largest clip (MB)");
    if ((await field.inputValue()) !== "4096") throw new Error(`the clip limit shows ${await field.inputValue()}`);
    await field.fill("1");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByTestId("toast").getByText("Settings updated").waitFor();

    await page.goto(`/clients/${client.id}`);
    await page.getByText("Clips: MP4, MOV, M4V, WebM · up to 1 MB each", { exact: true }).waitFor();
    const gallery = new GalleryTabPage(page);
    const photo = await makeJpeg(page, 640, 480, 3);
    await gallery.uploadPhotos([
      { name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: photo },
      { name: "ceremony.mov", mimeType: "video/quicktime", buffer: Buffer.alloc(2 * MB, 1) },
      { name: "invoice.mp4", mimeType: "video/mp4", buffer: Buffer.from("<!doctype html><title>not a film</title>") },
    ]);
    await gallery.fileRow("ceremony.mov").getByText("Not imported: larger than 1 MB. Raise 'Largest clip' in Settings > General, or export a shorter or smaller clip.").waitFor({ timeout: 30_000 });
    await gallery.fileRow("invoice.mp4").getByText("Not imported: this file is not an MP4, MOV, M4V or WebM video, whatever its name says.").waitFor();
    await gallery.dialogTitle("Upload Completed with Issues").waitFor({ timeout: 30_000 });
    await gallery.fileRow("IMG_0001.jpg").getByText("Saved", { exact: false }).waitFor();
    await context.close();
  }, 240_000);
});
