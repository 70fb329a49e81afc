/**
 * 'Re-apply watermark' (issue #13): previews made before the studio's name was set are flagged on the
 * Gallery tab; re-applying renders new watermarked sizes on the device and the server keeps them, with
 * the signature recorded on each image for every device.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { uploadPhoto } from "./support/gallery-seed";
import { ownerSession } from "./support/owner-session";
import { ownerApi, type OwnerApi } from "./support/owner-api";

let server: AppServer;
let browser: Browser;
let api: OwnerApi;
let token = "";
let client: { id: string };

interface ImageRecord {
  id: string;
  preview: string;
  medium: string;
  large: string;
  thumbnail: string;
  metadata: Record<string, unknown> | null;
}

const images = async () =>
  (await api<{ items: ImageRecord[] }>("GET", `/api/collections/images/records?filter=${encodeURIComponent(`client='${client.id}'`)}&sort=filename`)).items;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  api = await ownerApi(server);
  token = api.token;
  const settings = await api<{ items: Array<{ id: string }> }>("GET", "/api/collections/settings/records");
  await api("PATCH", `/api/collections/settings/records/${settings.items[0]!.id}`, { companyName: "Lumen Studio", enableWatermark: true });
  client = await api("POST", "/api/collections/clients/records", { name: "Lake Elopement" });
  await Promise.all([0, 1].map((i) => uploadPhoto(server.url, token, client.id, `lake-${i + 1}.jpg`, 1200, 800, i + 2, i)));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("re-applying the watermark", () => {
  it("says which previews carry another watermark and replaces them on the server", async () => {
    const before = await images();
    const { context, page } = await ownerSession(browser, server);
    await page.goto(`/clients/${client.id}`);
    const notice = page.getByTestId("watermark-notice");
    await notice.getByText("2 photos' previews were made with another watermark than the studio's settings ask for now.").waitFor();
    await notice.getByRole("button", { name: "Re-apply watermark" }).click();
    await page.getByTestId("toast").getByText("2 photos have new previews.").waitFor({ timeout: 60_000 });
    await notice.waitFor({ state: "detached" });
    await page.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 20_000 });

    const after = await images();
    for (const [i, record] of after.entries()) {
      expect(record.metadata?.watermark).toBe("text:Lumen Studio");
      for (const field of ["preview", "medium", "large"] as const) expect(record[field]).not.toBe(before[i]![field]);
      expect(record.thumbnail).toBe(before[i]!.thumbnail); // the thumbnail never carries the watermark
    }
    // the new preview is served and is a real picture
    const res = await fetch(`${server.url}/api/gallery/image/${after[0]!.id}?preview=true`, { headers: { Authorization: token } });
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    await context.close();
  });
});
