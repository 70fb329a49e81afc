/**
 * The owner's answer to a flood of made-up names (issue 37), in Chromium against the real server: twelve
 * people named within a few seconds from one network, beside a real guest who hearted a photo. The client's
 * page tells of the burst; 'Select them' selects the twelve and the guest (all named within the hour); the
 * owner unticks the guest and removes the twelve in one confirmed action, which reaches the server with the
 * next sync while the guest and her favourite stay.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { uploadPhoto } from "./support/gallery-seed";
import { ownerApi, type OwnerApi } from "./support/owner-api";
import { ownerSession } from "./support/owner-session";
import { saveRegionShot } from "./support/screenshots";

let server: AppServer;
let browser: Browser;
let api: OwnerApi;

beforeAll(async () => {
  // PocketBase believes X-Forwarded-For from loopback only: the names come from addresses of one /24.
  [server, browser] = await Promise.all([startAppServer({ TRUSTED_PROXY_HEADER: "X-Forwarded-For" }), launchChromium()]);
  api = await ownerApi(server);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A new session of the gallery from `address`, which names itself `name`: its cookie. */
async function named(gallery: { accessUrl: string; accessCode: string }, address: string, name: string): Promise<string> {
  const headers = { "Content-Type": "application/json", "X-Forwarded-For": address };
  const opened = await fetch(`${server.url}/api/gallery/${gallery.accessUrl}/verify`, { method: "POST", headers, body: JSON.stringify({ accessCode: gallery.accessCode }) });
  const cookie = (opened.headers.get("set-cookie") ?? "").split(";")[0]!;
  const res = await fetch(`${server.url}/api/gallery/${gallery.accessUrl}/proofing/person`, { method: "PUT", headers: { ...headers, Cookie: cookie }, body: JSON.stringify({ name }) });
  expect(res.status).toBe(200);
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

describe("a burst of new people", () => {
  it("is told on the client's page, and the owner removes its people in one confirmed action", async () => {
    const gallery = await api<{ id: string; accessUrl: string; accessCode: string }>("POST", "/api/collections/clients/records", { name: "Dorothea Lange" });
    const photo = await uploadPhoto(server.url, api.token, gallery.id, "migrant.jpg", 1200, 800, 5, 0);
    const rosa = await named(gallery, "198.51.100.9", "Rosa");
    const hearted = await fetch(`${server.url}/api/gallery/${gallery.accessUrl}/proofing/favourites/${photo.id}`, { method: "PUT", headers: { Cookie: rosa, "X-Forwarded-For": "198.51.100.9" } });
    expect(hearted.status).toBe(200);
    for (let i = 0; i < 12; i++) await named(gallery, `10.95.0.${i + 1}`, `Ghost ${i}`);

    const { context, page } = await ownerSession(browser, server);
    await page.goto(`/clients/${gallery.id}`);
    const panel = page.getByRole("region", { name: "Favourites & selections" });
    await panel.getByTestId("people-burst").getByText("13 people gave their name within one hour", { exact: false }).waitFor();
    await panel.getByRole("button", { name: "Select them" }).click();
    await panel.getByText("13 people selected").waitFor();
    await panel.getByRole("checkbox", { name: "Select Rosa" }).uncheck();
    await panel.getByText("12 people selected").waitFor();
    await saveRegionShot(page, "people-burst-selected", panel.getByTestId("people-burst"), panel.getByTestId("people-selection"));
    await panel.getByRole("button", { name: "Remove selected" }).click();
    const confirm = page.getByRole("dialog", { name: "Remove 12 people?" });
    await confirm.getByText("Their 0 favourites, 0 picks and 0 comments go with them", { exact: false }).waitFor();
    await confirm.getByRole("button", { name: "Remove", exact: true }).click();
    await page.getByText("12 people removed").waitFor();
    await expect.poll(() => panel.getByTestId("proofing-person").count()).toBe(1);
    await panel.getByRole("region", { name: "Rosa", exact: true }).waitFor();
    expect(await panel.getByTestId("people-burst").count()).toBe(0);

    // In the trash (issue 43): the server keeps them, as no one, until the owner restores them or the trash empties.
    const list = async (collection: string, live: string) =>
      (await api<{ items: Array<Record<string, string>> }>("GET", `/api/collections/${collection}/records?perPage=200&filter=${encodeURIComponent(`client = "${gallery.id}" && ${live} = ''`)}`)).items;
    await expect.poll(async () => (await list("proof_people", "trashedAt")).map((p) => p.name), { timeout: 20_000 }).toEqual(["Rosa"]);
    expect((await list("proof_favourites", "person.trashedAt")).map((f) => f.image)).toEqual([photo.id]);
    await context.close();
  }, 120_000);
});
