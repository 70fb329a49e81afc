/**
 * The owner's dashboard, clients list and settings in Chromium against the real server: empty states,
 * counters and Extend with undo, search, selection, bulk delete, a client's gallery downloaded as a zip
 * (entries compared byte for byte) and several saved into one picked folder, settings validation, the
 * theme colour, the logo, username and password.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodePng } from "../scripts/lib/png.mjs";
import { extractEntry, readZipDirectory } from "../workers/zip/readZip";
import { GalleryTabPage } from "./pages/GalleryTabPage";
import { NewClientPage } from "./pages/ClientPages";
import { OWNER, startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { ownerSession } from "./support/owner-session";
import { photo } from "./support/photos";
import { answerPickersWith, pickerCalls, privateFiles, removePickers } from "./support/private-files";

let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  ({ context, page } = await ownerSession(browser, server, { acceptDownloads: true, streamDownloads: true }));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const toast = () => page.getByTestId("toast");
const counter = (label: string) => page.locator(".counter").filter({ hasText: label }).locator(".counter-value");
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function createClient(name: string, email: string, expirationDate = "") {
  await page.goto("/clients/new");
  await page.getByLabel("Expiration Date").fill(expirationDate);
  await new NewClientPage(page).create({ name, email });
  await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
}

/** The names of the server's clients; `trashed`: those in the trash (issue 43), else the live ones. */
async function serverClients(trashed = false): Promise<string[]> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("pocketbase_auth") ?? "{}").token as string);
  const filter = encodeURIComponent(trashed ? "trashedAt != ''" : "trashedAt = ''");
  const res = await fetch(`${server.url}/api/collections/clients/records?perPage=100&sort=name&filter=${filter}`, { headers: { Authorization: token } });
  return ((await res.json()) as { items: { name: string }[] }).items.map((c) => c.name);
}

describe("owner screens", () => {
  it("shows the empty states of the dashboard and the clients list", async () => {
    await page.getByText("No clients in your database yet").waitFor();
    await expect.poll(() => counter("Total Clients").textContent()).toBe("0");
    await page.getByRole("link", { name: "Create your first client" }).waitFor();
    await page.goto("/clients");
    await page.getByText("You haven't added any clients yet").waitFor();
  });

  it("counts galleries, lists the expiring ones, and extends one with undo", async () => {
    await createClient("Ada Lovelace", "ada@example.com", inDays(3));
    await createClient("Grace Hopper", "grace@example.com");
    await createClient("Alan Turing", "alan@example.com", "2020-01-01");
    await page.getByRole("link", { name: "Dashboard" }).click();
    await page.getByRole("heading", { name: "Recent Clients" }).waitFor();
    await expect.poll(() => counter("Total Clients").textContent()).toBe("3");
    await expect.poll(() => counter("Active Galleries").textContent()).toBe("2");
    await expect.poll(() => counter("Expiring Galleries").textContent()).toBe("1");
    await page.getByText(/^Gallery expires in [23] days \(/).waitFor();

    await page.getByRole("button", { name: "Extend Ada Lovelace" }).click();
    await toast().getByText("Gallery extended").waitFor();
    await page.getByRole("heading", { name: "Expiring Galleries" }).waitFor({ state: "detached" });
    await expect.poll(() => counter("Expiring Galleries").textContent()).toBe("0");
    await toast().getByRole("button", { name: "Undo" }).click();
    await page.getByRole("button", { name: "Extend Ada Lovelace" }).waitFor();
    await expect.poll(() => counter("Expiring Galleries").textContent()).toBe("1");
  });

  it("searches, selects, and deletes clients after one confirmation", async () => {
    await page.goto("/clients");
    const rows = page.locator("tbody tr");
    await rows.nth(2).waitFor();
    await page.getByPlaceholder("Search clients...").fill("GRACE");
    await page.waitForFunction(() => document.querySelectorAll("tbody tr").length === 1);
    await page.getByRole("link", { name: "Grace Hopper" }).waitFor();
    await page.getByPlaceholder("Search clients...").fill("wedding");
    await page.waitForFunction(() => document.querySelectorAll("tbody tr").length === 3);
    await page.getByPlaceholder("Search clients...").fill("nobody-here");
    await page.getByText("No clients match your search criteria").waitFor();
    await page.getByPlaceholder("Search clients...").fill("");

    await page.getByRole("checkbox", { name: "Select all clients" }).check();
    await page.getByText("3 clients selected").waitFor();
    await page.getByRole("button", { name: "Deselect All" }).click();
    await page.getByText("3 clients selected").waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Actions for Alan Turing" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove Client" });
    await dialog.getByText("This will remove the client's data and all associated galleries. You can restore everything from the trash.").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });

    await page.getByRole("checkbox", { name: "Select Alan Turing" }).check();
    await page.getByRole("checkbox", { name: "Select Ada Lovelace" }).check();
    await page.getByRole("button", { name: "Delete Selected" }).click();
    await page.getByRole("dialog", { name: "Remove 2 Clients" }).getByRole("button", { name: "Remove Clients" }).click();
    // They go to the trash (issue 43), which the toast says, with Undo.
    await toast().getByText("2 clients moved to the trash").waitFor();
    await page.waitForFunction(() => document.querySelectorAll("tbody tr").length === 1);
    await page.getByTestId("sync-details").getByText("All changes synced").waitFor();
    expect(await serverClients()).toEqual(["Grace Hopper"]);
    expect(await serverClients(true)).toEqual(["Ada Lovelace", "Alan Turing"]);
  });

  it("downloads a client's gallery as one zip whose entries are the originals, byte for byte", async () => {
    await page.goto("/clients");
    await page.getByRole("link", { name: "Grace Hopper" }).click();
    const gallery = new GalleryTabPage(page);
    const files = [await photo(page, "same.jpg", 640, 480, 31), await photo(page, "other.jpg", 480, 640, 32)];
    await gallery.uploadPhotos(files);
    await gallery.dialogTitle("Upload Completed Successfully").waitFor({ timeout: 60_000 });
    await gallery.closeDialog();
    const again = await photo(page, "same.jpg", 500, 500, 33); // a second file with the same name
    await gallery.uploadPhotos([again]);
    await gallery.dialogTitle("Upload Completed Successfully").waitFor({ timeout: 60_000 });
    await gallery.closeDialog();
    await gallery.showing(3).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();

    await page.goto("/clients");
    await page.getByRole("checkbox", { name: "Select Grace Hopper" }).check();
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download Selected" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("Grace Hopper_images.zip");
    const zip = new Blob([readFileSync((await download.path())!)]);
    await page.getByRole("heading", { name: "Download Complete" }).waitFor();
    const entries = await readZipDirectory(zip);
    expect(entries.map((e) => e.name).sort()).toEqual(["other.jpg", "same (2).jpg", "same.jpg"]);
    const contents = await Promise.all(entries.map(async (e) => Buffer.from(await (await extractEntry(zip, e)).arrayBuffer())));
    for (const original of [...files, again]) expect(contents.some((c) => c.equals(original.buffer))).toBe(true);
    await page.getByRole("button", { name: "Done" }).click();
  });

  it("saves several clients' galleries into one picked folder, one zip each, replacing no file already there", async () => {
    await createClient("Mary Shelley", "mary@example.com");
    const gallery = new GalleryTabPage(page);
    const marys = [await photo(page, "portrait.jpg", 400, 300, 41)];
    await gallery.uploadPhotos(marys);
    await gallery.dialogTitle("Upload Completed Successfully").waitFor({ timeout: 60_000 });
    await gallery.closeDialog();

    await page.goto("/clients");
    await answerPickersWith(page, "studio-downloads", { "Grace Hopper_images.zip": "an older download" });
    let browserDownloads = 0;
    const countDownload = () => browserDownloads++;
    page.on("download", countDownload);
    try {
      await page.getByRole("checkbox", { name: "Select all clients" }).check();
      await page.getByRole("button", { name: "Download Selected" }).click();
      const names = ["Grace Hopper_images (2).zip", "Grace Hopper_images.zip", "Mary Shelley_images.zip"];
      await expect.poll(async () => Object.keys(await privateFiles(page, "studio-downloads")).sort(), { timeout: 30_000 }).toEqual(names);
      await page.getByRole("heading", { name: "Download Complete" }).waitFor();
      // Each zip is committed when complete: wait for both to be whole archives.
      const zipOf = async (name: string) => {
        const bytes = (await privateFiles(page, "studio-downloads"))[name]!;
        return readZipDirectory(new Blob([new Uint8Array(bytes)])).then((entries) => ({ bytes, entries }));
      };
      await expect.poll(() => zipOf("Grace Hopper_images (2).zip").then((z) => z.entries.length, () => 0), { timeout: 30_000 }).toBe(3);
      await expect.poll(() => zipOf("Mary Shelley_images.zip").then((z) => z.entries.length, () => 0), { timeout: 30_000 }).toBe(1);

      expect(await pickerCalls(page)).toEqual([{ picker: "folder" }]); // one question for both clients
      const files = await privateFiles(page, "studio-downloads");
      expect(files["Grace Hopper_images.zip"]!.toString()).toBe("an older download");
      const mary = await zipOf("Mary Shelley_images.zip");
      expect(mary.entries.map((e) => e.name)).toEqual(["portrait.jpg"]);
      expect(Buffer.from(await (await extractEntry(new Blob([new Uint8Array(mary.bytes)]), mary.entries[0]!)).arrayBuffer()).equals(marys[0]!.buffer)).toBe(true);
      expect((await zipOf("Grace Hopper_images (2).zip")).entries.map((e) => e.name).sort()).toEqual(["other.jpg", "same (2).jpg", "same.jpg"]);
      expect(browserDownloads).toBe(0);
      await page.getByRole("button", { name: "Done" }).click();
    } finally {
      page.off("download", countDownload);
      await removePickers(page, "studio-downloads");
    }
  });

  it("shows a change made elsewhere in the open Client Details form, keeping what the owner is typing", async () => {
    await page.goto("/clients");
    await page.getByRole("link", { name: "Grace Hopper" }).click();
    await page.getByRole("tab", { name: "Client Details" }).click();
    const id = page.url().split("/").pop()!;
    await page.getByLabel("Email", { exact: true }).fill("typing@example.com");
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem("pocketbase_auth") ?? "{}").token as string);
    const res = await fetch(`${server.url}/api/collections/clients/records/${id}`, {
      method: "PATCH",
      headers: { Authorization: token, "Content-Type": "application/json" },
      body: JSON.stringify({ notes: "Changed on the laptop", fieldTimes: { notes: Date.now() } }),
    });
    expect(res.status).toBe(200);
    await page.waitForFunction(() => (document.querySelector("textarea") as HTMLTextAreaElement | null)?.value === "Changed on the laptop", undefined, { timeout: 30_000 });
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe("typing@example.com");
  });

  it("validates settings with the specified messages, saves them, and applies the primary colour", async () => {
    await page.goto("/settings");
    await page.getByLabel("Company Name").fill("");
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByLabel("Website URL").fill("nope");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByText("Company name is required").waitFor();
    await page.getByText("Invalid email address").waitFor();
    await page.getByText("Invalid URL").waitFor();
    await page.getByLabel("Company Name").fill("Lumen Studio");
    await page.getByLabel("Email", { exact: true }).fill("hello@lumen.test");
    await page.getByLabel("Website URL").fill("https://lumen.test/");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await toast().getByText("Settings updated").waitFor();

    await page.getByRole("tab", { name: "Branding" }).click();
    await page.getByLabel("Primary Color", { exact: true }).fill("#12345");
    await page.getByRole("button", { name: "Save Branding" }).click();
    await page.getByText("Must be a valid hex color").waitFor();
    await page.getByLabel("Primary Color", { exact: true }).fill("#0f766e");
    await page.getByRole("button", { name: "Save Branding" }).click();
    await toast().getByText("Settings updated").waitFor();
    await page.waitForFunction(() => getComputedStyle(document.documentElement).getPropertyValue("--primary").trim() === "#0f766e");
    const buttonColor = await page.getByRole("button", { name: "Save Branding" }).evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(buttonColor).toBe("rgb(15, 118, 110)");

    const logo = encodePng(64, 64, (x, y) => [x * 4, y * 4, 128, 255]);
    // A 24-byte file that only starts like a PNG is no logo (issue 37): the app says so and uploads nothing.
    await page.getByTestId("logo-input").setInputFiles({ name: ".png", mimeType: "image/png", buffer: logo.subarray(0, 24) });
    await toast().getByText("This file is not a whole PNG or JPG image.").waitFor();
    expect(await page.locator(".logo-preview img").count()).toBe(0);
    await page.getByTestId("logo-input").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
    await toast().getByText("Logo updated").waitFor();
    await page.locator(".logo-preview").getByRole("img", { name: "Studio Logo" }).waitFor();
    // The header shows the studio's name and its logo.
    await page.locator(".app-header .brand").getByText("Lumen Studio", { exact: true }).waitFor();
    await page.waitForFunction(() => /\/api\/gallery\/studio\/logo|^blob:/.test(document.querySelector<HTMLImageElement>(".app-header .brand img")?.getAttribute("src") ?? ""));
    const served = await fetch(`${server.url}/api/gallery/studio/logo`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(logo)).toBe(true);

    await page.getByTestId("sync-details").getByText("All changes synced").waitFor();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem("pocketbase_auth") ?? "{}").token as string);
    const settings = (await (await fetch(`${server.url}/api/collections/settings/records`, { headers: { Authorization: token } })).json()) as { items: Record<string, unknown>[] };
    expect(settings.items[0]).toMatchObject({ companyName: "Lumen Studio", email: "hello@lumen.test", websiteUrl: "https://lumen.test/", primaryColor: "#0f766e" });
  });

  it("checks and changes the username and the password", async () => {
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Security" }).click();
    await page.getByLabel("Current Password").fill("12345");
    await page.getByLabel("New Password").fill("abcdef");
    await page.getByLabel("Confirm Password").fill("abcdeg");
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.getByText("Password must be at least 6 characters").waitFor();
    await page.getByText("Passwords don't match").waitFor();

    await page.getByLabel("Current Password").fill("wrong-password");
    await page.getByLabel("Confirm Password").fill("abcdef");
    await page.getByRole("button", { name: "Change Password" }).click();
    await toast().getByText("Error changing password").waitFor();
    await page.locator("form").filter({ hasText: "Change Password" }).getByText("The current password is not correct.").waitFor();
    expect(await page.getByText(/Failed to update record/).count()).toBe(0);

    await page.getByLabel("Current Password").fill(OWNER.password);
    await page.getByLabel("New Password").fill("brand-new-pass");
    await page.getByLabel("Confirm Password").fill("brand-new-pass");
    await page.getByRole("button", { name: "Change Password" }).click();
    await toast().getByText("Password updated").waitFor();

    await page.getByLabel("Username").fill("studio-owner");
    await page.getByRole("button", { name: "Update Username" }).click();
    await page.getByText("Username must be a valid email address").waitFor();
    await page.getByLabel("Username").fill("lumen@studio.test");
    await page.getByRole("button", { name: "Update Username" }).click();
    await toast().getByText("Username updated").waitFor();
    await page.getByText("lumen@studio.test", { exact: true }).first().waitFor();

    // The new credentials sign in; the old ones do not.
    const signIn = (identity: string, password: string) =>
      fetch(`${server.url}/api/collections/users/auth-with-password`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ identity, password }) });
    expect((await signIn("lumen@studio.test", "brand-new-pass")).status).toBe(200);
    expect((await signIn(OWNER.email, OWNER.password)).status).toBe(400);
    // The session on this page goes on working after both changes.
    await page.reload();
    await page.getByTestId("sync-details").getByText("All changes synced").waitFor();
  });
});
