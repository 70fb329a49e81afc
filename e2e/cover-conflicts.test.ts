/**
 * Issue 23, findings 5 and 6, as the owner sees them on two devices (two browser contexts): re-applying the
 * watermark to photos whose metadata the server holds in another key order makes no conflict, and a cover
 * chosen offline for a photo that the other device deletes leaves no device and not the server naming it,
 * while the device that chose it shows the lost choice in its Conflicts dialog.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { uploadPhoto } from "./support/gallery-seed";
import { ownerApi, type OwnerApi } from "./support/owner-api";
import { ownerSession } from "./support/owner-session";

let server: AppServer;
let browser: Browser;
let api: OwnerApi;
let client: { id: string };
let photos: Array<{ id: string; name: string }>;
const contexts: BrowserContext[] = [];

interface ServerImage {
  id: string;
  metadata: Record<string, unknown> | null;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  api = await ownerApi(server);
  const settings = await api<{ items: Array<{ id: string }> }>("GET", "/api/collections/settings/records");
  await api("PATCH", `/api/collections/settings/records/${settings.items[0]!.id}`, { companyName: "Lumen Studio", enableWatermark: true });
  client = await api("POST", "/api/collections/clients/records", { name: "Cover Clara" });
  photos = await Promise.all([1, 2, 3].map((i) => uploadPhoto(server.url, api.token, client.id, `clara-${i}.jpg`, 600, 400, i + 4, i)));
  // Metadata as an older app or another tool wrote it: a JSON text whose keys are not in sorted order.
  for (const p of photos) await api("PATCH", `/api/collections/images/records/${p.id}`, { metadata: '{"watermark":"none","orientation":1}' });
}, 120_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.stop();
});

async function device(): Promise<Page> {
  const { context, page } = await ownerSession(browser, server);
  contexts.push(context);
  await page.goto(`/clients/${client.id}`);
  await page.getByRole("list", { name: "Images" }).getByRole("img", { name: "clara-1.jpg", exact: true }).waitFor();
  return page;
}

/** The client's cover as this device's own database holds it (read from IndexedDB, not from the screen). */
const localCover = (page: Page, id: string) =>
  page.evaluate(
    (clientId) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open("studio-gallery");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction("clients").objectStore("clients").get(clientId);
          get.onsuccess = () => {
            resolve((get.result as { coverImage?: string }).coverImage ?? "");
            open.result.close();
          };
        };
      }),
    id,
  );

const serverCover = async () => (await api<{ coverImage: string }>("GET", `/api/collections/clients/records/${client.id}`)).coverImage;
const conflictsButton = (page: Page) => page.getByRole("button", { name: /^\d+ conflicts?$/ });
const allSynced = (page: Page) => page.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 30_000 });

describe("two devices, one gallery", () => {
  let a: Page;
  let b: Page;

  it("re-applies the watermark to metadata stored in another key order without a single conflict", async () => {
    [a, b] = [await device(), await device()];
    const notice = a.getByTestId("watermark-notice");
    await notice.getByRole("button", { name: "Re-apply watermark" }).click();
    await a.getByTestId("toast").getByText("3 photos have new previews.").waitFor({ timeout: 60_000 });
    await allSynced(a);
    await b.getByTestId("watermark-notice").waitFor({ state: "detached", timeout: 30_000 });
    await allSynced(b);

    const onServer = (await api<{ items: ServerImage[] }>("GET", `/api/collections/images/records?filter=${encodeURIComponent(`client='${client.id}'`)}`)).items;
    for (const image of onServer) expect(image.metadata).toEqual({ orientation: 1, watermark: "text:Lumen Studio" });
    // The server answers with the keys in its own order: the same values, so nothing to resolve.
    expect(await conflictsButton(a).count()).toBe(0);
    expect(await conflictsButton(b).count()).toBe(0);
  });

  it("loses a cover chosen offline for a photo the other device deleted, and says so", async () => {
    const x = photos.find((p) => p.name === "clara-2.jpg")!;
    await a.context().setOffline(true);
    await a.getByTestId("sync-status").getByText("Offline").waitFor();
    await a.getByRole("button", { name: "Set as cover: clara-2.jpg" }).click();
    await a.getByTestId("toast").getByText("Cover photo set").waitFor();
    expect(await localCover(a, client.id)).toBe(x.id);

    const card = b.getByRole("list", { name: "Images" }).getByRole("listitem").filter({ hasText: "clara-2.jpg" });
    await card.hover();
    await card.getByRole("button", { name: "Delete", exact: true }).click();
    await b.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
    await b.getByTestId("toast").getByText("Photo moved to the trash").waitFor();
    // Deleted for good from the Trash screen (issue 43): a photo in the trash could still be restored.
    await b.getByRole("link", { name: "Trash" }).click();
    await b.getByRole("button", { name: "Delete forever: clara-2.jpg" }).click();
    await b.getByRole("dialog").getByRole("button", { name: "Delete forever" }).click();
    await b.getByTestId("toast").getByText("Deleted for good").waitFor();
    // The header may still say "All changes synced" from before the delete was queued: wait for the server.
    await expect.poll(async () => (await api<{ totalItems: number }>("GET", `/api/collections/images/records?filter=${encodeURIComponent(`id='${x.id}'`)}`)).totalItems, { timeout: 30_000 }).toBe(0);
    await allSynced(b);

    await a.context().setOffline(false);
    await conflictsButton(a).getByText("1 conflict").waitFor({ timeout: 30_000 });
    await allSynced(a);
    await b.waitForTimeout(1500); // B's realtime and minute syncs have had their chance to bring anything back
    expect(await serverCover()).not.toBe(x.id);
    expect(await localCover(a, client.id)).not.toBe(x.id);
    expect(await localCover(b, client.id)).not.toBe(x.id);

    await conflictsButton(a).click();
    const dialog = a.getByRole("dialog");
    const lost = dialog.getByRole("listitem").filter({ hasText: "Cover Clara" });
    await lost.getByText("coverImage").waitFor();
    expect(await lost.textContent()).toContain(x.id);
  });
});
