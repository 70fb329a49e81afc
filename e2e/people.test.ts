/**
 * People, not one shared selection (issue 26), in Chromium against the real server: two visitors in two
 * browsers each give their name at their first heart and see only their own favourites; one of them, on a
 * shared device, switches to someone new and back. One person's submission locks their lists and leaves the
 * other's open. The owner sees both by name with their counts, filters the grid by one person's
 * favourites, copies that person's selection as file names for Lightroom and downloads it as a zip holding
 * exactly their photos. The owner corrects a person's name, which their page then shows, and removes another
 * with their favourites, after a confirmation; that person's browser is asked for a name again.
 * With SCREENSHOT_DIR set, it saves docs/screenshots/people-*.png.
 */
import type { Browser, Page } from "playwright-core";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readZipDirectory } from "../workers/zip/readZip";
import { GalleryTabPage } from "./pages/GalleryTabPage";
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

/** The visitor's first heart on `name`, answered with who is choosing; the heart is then on. */
async function heartAs(page: Page, photo: string, person: string, email = "") {
  const grid = page.getByRole("list", { name: "Gallery", exact: true });
  await grid.getByRole("button", { name: `Add ${photo} to favourites` }).click();
  const dialog = page.getByRole("dialog", { name: "Who's choosing?" });
  await dialog.getByLabel("Your name").waitFor();
  expect(await dialog.getByLabel("Your name").evaluate((el) => el === document.activeElement)).toBe(true); // focus in the dialog
  await dialog.getByLabel("Your name").fill(person);
  if (email) await dialog.getByLabel("Email (optional)").fill(email);
  return dialog;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  api = await ownerApi(server);
  gallery = await api("POST", "/api/collections/clients/records", { name: "Ada & Grace", eventDate: "2026-06-13 00:00:00.000Z" });
  photos = await Promise.all([0, 1, 2, 3].map((i) => uploadPhoto(server.url, api.token, gallery.id, `photo-${i + 1}.jpg`, 2400, 1600, i + 7, i)));
  await api("POST", "/api/collections/proof_lists/records", { client: gallery.id, name: "Album", limit: 2 });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("people", () => {
  it("two visitors each keep their own favourites; one's submission leaves the other's lists open; the owner sees both by name", async () => {
    const anna = await visitorSession(browser, server, gallery);
    const ben = await visitorSession(browser, server, gallery);
    const annaGrid = anna.page.getByRole("list", { name: "Gallery", exact: true });
    const benGrid = ben.page.getByRole("list", { name: "Gallery", exact: true });
    await annaGrid.getByRole("img").first().waitFor();
    await benGrid.getByRole("img").first().waitFor();

    // Anna's first heart asks her name; the heart waits for it and then counts.
    const dialog = await heartAs(anna.page, "photo-1.jpg", "Anna", "anna@example.com");
    await saveShot(anna.page, "people-name-dialog-desktop");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await annaGrid.getByRole("button", { name: "Remove photo-1.jpg from favourites" }).waitFor();
    await anna.page.getByRole("button", { name: "Favourites (1)" }).waitFor();
    await annaGrid.getByRole("button", { name: "Add photo-3.jpg to favourites" }).click(); // no second question
    await anna.page.getByRole("button", { name: "Favourites (2)" }).waitFor();

    // Ben, on his own browser, cancels once (nothing is written), then gives his name.
    const cancelled = await heartAs(ben.page, "photo-2.jpg", "Ben");
    await cancelled.getByRole("button", { name: "Cancel" }).click();
    await benGrid.getByRole("button", { name: "Add photo-2.jpg to favourites" }).waitFor();
    expect(await records("proof_favourites")).toHaveLength(2);
    // His second try is in the viewer: the dialog opens over the photo, which stays open behind it.
    await ben.page.locator(`.photo-card-open[data-image-id="${photos[1]!.id}"]`).click();
    const benViewer = ben.page.locator(".yarl__root");
    await benViewer.getByRole("button", { name: "Add photo-2.jpg to favourites" }).click();
    const benDialog = ben.page.getByRole("dialog", { name: "Who's choosing?" });
    await benDialog.getByLabel("Your name").fill("Ben");
    await benDialog.getByRole("button", { name: "Continue" }).click();
    await benViewer.getByRole("button", { name: "Remove photo-2.jpg from favourites" }).waitFor();
    await benViewer.getByRole("button", { name: "Back to gallery" }).click();
    await benViewer.waitFor({ state: "detached" });
    await benGrid.getByRole("button", { name: "Remove photo-2.jpg from favourites" }).waitFor();

    // Each sees only their own, also after a reload (the browser keeps who they are).
    await ben.page.reload();
    await ben.page.getByTestId("proof-person").getByText("Ben", { exact: true }).waitFor();
    await ben.page.getByRole("button", { name: "Favourites (1)" }).waitFor();
    expect(await benGrid.getByRole("button", { name: "Add photo-1.jpg to favourites" }).count()).toBe(1);
    await anna.page.reload();
    await anna.page.getByRole("button", { name: "Favourites (2)" }).click();
    await expect.poll(() => annaGrid.getByRole("img").count()).toBe(2);
    await anna.page.getByRole("button", { name: "All photos (4)" }).click();

    // A shared device: 'Not Anna? Switch person' to someone new, who starts with nothing; then back to Anna.
    await anna.page.getByRole("button", { name: "Not Anna? Switch person" }).click();
    const switching = anna.page.getByRole("dialog", { name: "Switch person" });
    await switching.getByLabel("Your name").fill("Carla");
    await switching.getByRole("button", { name: "Continue" }).click();
    await anna.page.getByRole("button", { name: "Favourites (0)" }).waitFor();
    await anna.page.getByRole("button", { name: "Not Carla? Switch person" }).click();
    await switching.getByRole("group", { name: "Continue as" }).getByRole("button", { name: "Anna" }).click();
    await anna.page.getByRole("button", { name: "Favourites (2)" }).waitFor();

    // Anna picks for the album in the viewer; Ben submits, and only Ben is locked.
    await anna.page.locator(`.photo-card-open[data-image-id="${photos[0]!.id}"]`).click();
    const viewer = anna.page.locator(".yarl__root");
    await viewer.getByRole("button", { name: "Add to Album · 0 of 2 chosen" }).click();
    await viewer.getByRole("button", { name: "In Album · 1 of 2 chosen" }).waitFor();
    await viewer.getByRole("button", { name: "Back to gallery" }).click();
    await viewer.waitFor({ state: "detached" });
    await ben.page.getByRole("button", { name: "Submit selection" }).click();
    await ben.page.getByRole("dialog", { name: "Submit your selection?" }).getByRole("button", { name: "Submit", exact: true }).click();
    await ben.page.getByText("Selection submitted.").waitFor();
    expect(await benGrid.getByRole("button", { name: "Remove photo-2.jpg from favourites" }).isDisabled()).toBe(true);
    await anna.page.reload();
    await anna.page.getByRole("button", { name: "Album · 1 of 2 chosen" }).waitFor();
    expect(await anna.page.getByRole("button", { name: "Submit selection" }).isEnabled()).toBe(true);
    await annaGrid.getByRole("button", { name: "Add photo-4.jpg to favourites" }).click();
    await anna.page.getByRole("button", { name: "Favourites (3)" }).waitFor();

    const people = new Map((await records("proof_people")).map((p) => [p.id, p.name]));
    const favourites = (await records("proof_favourites")).map((f) => `${people.get(f.person)}:${photos.find((p) => p.id === f.image)!.name}`);
    expect(favourites.sort()).toEqual(["Anna:photo-1.jpg", "Anna:photo-3.jpg", "Anna:photo-4.jpg", "Ben:photo-2.jpg"]);
    expect((await records("proof_states")).map((s) => people.get(s.person))).toEqual(["Ben"]);

    await anna.context.close();
    await ben.context.close();

    // The owner: each person by name with their counts; Anna's favourites copied and downloaded.
    const owner = await ownerSession(browser, server, { permissions: ["clipboard-read", "clipboard-write"], acceptDownloads: true, streamDownloads: true });
    const page = owner.page;
    await page.goto(`/clients/${gallery.id}`);
    const panel = page.getByRole("region", { name: "Favourites & selections" });
    await panel.getByText("3 people are choosing; 1 submitted.").waitFor();
    const annaPart = panel.getByRole("region", { name: "Anna anna@example.com" });
    const benPart = panel.getByRole("region", { name: "Ben", exact: true });
    await annaPart.getByText("3 favourites · 1 pick · 0 comments").waitFor();
    await annaPart.getByText("Anna has not submitted yet.").waitFor();
    await benPart.getByText("1 favourite · 0 picks · 0 comments").waitFor();
    await benPart.getByText("Ben submitted their selection.").waitFor();
    if (process.env.SCREENSHOT_DIR) {
      await panel.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
      await saveShot(page, "people-owner-panel-desktop");
    }
    await annaPart.getByRole("button", { name: "Copy file names of Anna's Favourites" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe("photo-1, photo-3, photo-4");
    await benPart.getByRole("button", { name: "Copy file names of Ben's Favourites" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe("photo-2");

    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
    const downloading = page.waitForEvent("download");
    await annaPart.getByRole("button", { name: "Download Anna's Favourites" }).click();
    const zip = new Blob([readFileSync((await (await downloading).path())!)]);
    await page.getByRole("heading", { name: "Download Complete" }).waitFor();
    expect((await readZipDirectory(zip)).map((e) => e.name).sort()).toEqual(["photo-1.jpg", "photo-3.jpg", "photo-4.jpg"]);
    await page.getByRole("button", { name: "Done" }).click();

    // The grid's Show filter: one person's favourites.
    const ownerGrid = page.getByRole("list", { name: "Images" });
    await new GalleryTabPage(page).choose("Show", "Ben's favourites (1)");
    await expect.poll(() => ownerGrid.getByRole("button", { name: /^View / }).evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")))).toEqual(["View photo-2.jpg"]);

    // Unlock is per person: Ben's only.
    await benPart.getByRole("button", { name: "Unlock selection for Ben" }).click();
    await benPart.getByText("Ben has not submitted yet.").waitFor();
    await expect.poll(async () => (await records("proof_states")).map((s) => s.submittedAt), { timeout: 15_000 }).toEqual([""]);

    // Activity: the people choosing, and favourites per person.
    await page.getByRole("tab", { name: "Client Details" }).click();
    const stats = page.getByTestId("activity-card").locator("dl > div");
    await stats.filter({ hasText: "Favourites" }).getByText("4 (Anna 3, Ben 1, Carla 0)").waitFor();
    expect(await stats.filter({ hasText: "People choosing" }).textContent()).toBe("People choosing3");
    await owner.context.close();

    // The name dialog on a phone (a fourth person, after the counts above).
    if (process.env.SCREENSHOT_DIR) {
      const phone = await visitorSession(browser, server, gallery, { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      await phone.page.locator("#photos").evaluate((el) => el.scrollIntoView());
      await heartAs(phone.page, "photo-1.jpg", "Grace", "grace@example.com");
      await saveShot(phone.page, "people-name-dialog-phone");
      await phone.page.getByRole("dialog", { name: "Who's choosing?" }).getByRole("button", { name: "Continue" }).click();
      await phone.page.getByTestId("proof-person").scrollIntoViewIfNeeded();
      await phone.page.evaluate(() => window.scrollBy(0, -120));
      await saveShot(phone.page, "people-choosing-as-phone");
      await phone.context.close();
    }
  }, 180_000);

  it("the owner renames one person and removes another with what they chose; the visitors' pages follow", async () => {
    const jhon = await visitorSession(browser, server, gallery);
    const stranger = await visitorSession(browser, server, gallery);
    for (const [visitor, photo, name] of [[jhon, "photo-1.jpg", "Jhon"], [stranger, "photo-2.jpg", "Test person"]] as const) {
      await visitor.page.getByRole("list", { name: "Gallery", exact: true }).getByRole("img").first().waitFor();
      await (await heartAs(visitor.page, photo, name)).getByRole("button", { name: "Continue" }).click();
      await visitor.page.getByRole("button", { name: "Favourites (1)" }).waitFor();
    }

    const owner = await ownerSession(browser, server);
    const page = owner.page;
    await page.goto(`/clients/${gallery.id}`);
    const panel = page.getByRole("region", { name: "Favourites & selections" });
    const jhonPart = panel.getByRole("region", { name: "Jhon", exact: true });
    // First a 60-character name with no space, on a 390 px phone: it wraps inside the person's card, and
    // the page does not grow wider than the screen.
    const longName = "Jhonathan".repeat(6) + "Smithson";
    expect(longName).toHaveLength(62);
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone the panel is folded until opened (issue 43).
    await panel.getByRole("button", { name: "Show favourites & selections" }).click();
    await jhonPart.getByRole("button", { name: "Edit Jhon" }).click();
    await jhonPart.getByLabel("Name", { exact: true }).fill(longName); // the field stops at 60
    await jhonPart.getByRole("button", { name: "Save" }).click();
    const longPart = panel.getByRole("region", { name: longName.slice(0, 60), exact: true });
    await longPart.getByRole("button", { name: `Edit ${longName.slice(0, 60)}` }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
    await longPart.getByRole("button", { name: `Edit ${longName.slice(0, 60)}` }).click();
    await longPart.getByLabel("Name", { exact: true }).fill("  John ");
    await longPart.getByRole("button", { name: "Save" }).click();
    await panel.getByRole("region", { name: "John", exact: true }).getByRole("button", { name: "Edit John" }).waitFor();

    const strangerPart = panel.getByRole("region", { name: "Test person", exact: true });
    await strangerPart.getByRole("button", { name: "Remove Test person" }).click();
    const confirm = page.getByRole("dialog", { name: "Remove Test person?" });
    await confirm.getByText("Test person's 1 favourite, 0 picks and 0 comments go with them", { exact: false }).waitFor();
    await confirm.getByRole("button", { name: "Remove", exact: true }).click();
    await strangerPart.waitFor({ state: "detached" });
    // In the trash (issue 43): the server keeps them, as no one, until the owner restores them or the trash empties.
    const live = async () => (await records("proof_people")).filter((p) => !p.trashedAt).map((p) => p.name);
    await expect.poll(live, { timeout: 15_000 }).not.toContain("Test person");
    expect(await live()).toContain("John");
    const people = new Set((await records("proof_people")).map((p) => p.id));
    expect((await records("proof_favourites")).every((f) => people.has(f.person!))).toBe(true);
    await owner.context.close();

    await jhon.page.reload();
    await jhon.page.getByTestId("proof-person").getByText("John", { exact: true }).waitFor();
    // The removed person's browser, still open: its next heart is refused and nobody is choosing any more;
    // the heart after asks who is choosing, where the removed person is offered until the server says no.
    const strangerGrid = stranger.page.getByRole("list", { name: "Gallery", exact: true });
    await strangerGrid.getByRole("button", { name: "Add photo-3.jpg to favourites" }).click();
    await stranger.page.getByRole("button", { name: "Favourites (0)" }).waitFor();
    await strangerGrid.getByRole("button", { name: "Add photo-3.jpg to favourites" }).click();
    const asked = stranger.page.getByRole("dialog", { name: "Who's choosing?" });
    await asked.getByLabel("Your name").fill("Tess");
    const gone = asked.getByRole("group", { name: "Continue as" }).getByRole("button", { name: "Test person" });
    await gone.click();
    await asked.getByText("This person is not in this gallery.").waitFor();
    await expect.poll(() => gone.count()).toBe(0);
    await asked.getByRole("button", { name: "Continue" }).click();
    await stranger.page.getByRole("button", { name: "Favourites (1)" }).waitFor();
    await stranger.page.reload();
    await stranger.page.getByTestId("proof-person").getByText("Tess", { exact: true }).waitFor();
    expect(await records("proof_favourites")).toContainEqual(expect.objectContaining({ image: photos[2]!.id }));
    await jhon.context.close();
    await stranger.context.close();
  }, 120_000);
});
