/**
 * The licences as the owner and anyone else reach them: Settings > About names the AGPL and links to the
 * licence and to the build's third-party notices, which the server serves as plain text (past the owner's
 * service worker, which answers other navigations with the app) and which name React, Dexie, PocketBase's SDK
 * and libheif-js with their licence texts, and the typefaces' font packages with the SIL Open Font License;
 * libheif-js's licences lie beside its chunk.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "./support/app-server";
import { launchChromium } from "./support/browser";
import { ownerSession } from "./support/owner-session";
import { saveRegionShot } from "./support/screenshots";

const DIST = path.join(import.meta.dirname, "..", "dist");

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("licences", () => {
  it("Settings > About links to the AGPL and to the third-party notices, served as text past the service worker", async () => {
    const { context, page } = await ownerSession(browser, server, { viewport: { width: 1000, height: 900 } });
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.goto("/settings");
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const about = page.getByTestId("settings-about");
    await about.getByRole("heading", { name: "About" }).waitFor();
    expect(await about.textContent()).toContain("AGPL-3.0-or-later");
    await saveRegionShot(page, "settings-about", about);

    const [notices] = await Promise.all([context.waitForEvent("page"), about.getByRole("link", { name: "Third-party licences" }).click()]);
    await notices.waitForLoadState();
    expect(notices.url()).toBe(`${server.url}/THIRD_PARTY_LICENSES.txt`);
    const text = (await notices.locator("body").innerText()).replace(/\r/g, "");
    for (const name of ["react", "react-dom", "dexie", "pocketbase", "libheif-js", "workbox-precaching"]) expect(text).toMatch(new RegExp(`^${name} \\d`, "m"));
    expect(text).toMatch(/^react \d[^\n]*\nLicense: MIT\n[\s\S]*?Permission is hereby granted, free of charge/m);
    expect(text).toContain("GNU LESSER GENERAL PUBLIC LICENSE");
    // The gallery typefaces' fonts (issue 27), each package with the SIL Open Font License's text.
    for (const font of ["cormorant-garamond", "inter", "lato", "montserrat", "playfair-display"]) expect(text).toMatch(new RegExp(`^@fontsource/${font} \\d[^\\n]*\\nLicense: OFL-1\\.1\\n[\\s\\S]*?SIL OPEN FONT LICENSE Version 1\\.1`, "m"));
    // The MozJPEG build the project compiles itself (no package): libjpeg-turbo's notices, with README.ijg.
    expect(text).toMatch(/^MozJPEG 4\.1\.5, WebAssembly SIMD build[^\n]*\nLicense: IJG AND BSD-3-Clause AND Zlib[\s\S]*?the work of the Independent JPEG Group[\s\S]*?^README\.ijg:/m);
    expect((await fetch(`${server.url}/THIRD_PARTY_LICENSES.txt`)).headers.get("content-type")).toMatch(/^text\/plain/);

    const [licence] = await Promise.all([context.waitForEvent("page"), about.getByRole("link", { name: "Licence (AGPL-3.0-or-later)" }).click()]);
    await licence.waitForLoadState();
    expect(await licence.locator("body").innerText()).toMatch(/^\s*GNU AFFERO GENERAL PUBLIC LICENSE/);
    await context.close();
  });

  it("serves libheif-js's licences beside its chunk", async () => {
    const chunk = readdirSync(path.join(DIST, "assets")).find((f) => /^libheif.*\.js$/.test(f));
    expect(chunk).toBeDefined();
    const res = await fetch(`${server.url}/assets/${chunk}.LICENSE.txt`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain(`${chunk} is libheif-js`);
    expect(text).toContain("GNU LESSER GENERAL PUBLIC LICENSE");
    expect(text).toContain("GNU GENERAL PUBLIC LICENSE");
  });
});
