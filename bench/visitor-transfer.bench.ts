/**
 * A visitor's first visit to /gallery/{url} on emulated slow 4G (1.6 Mbit/s down, 150 ms latency), on
 * loopback: the bytes transferred up to the first visible thumbnail besides the images (goal at most
 * 350 KB; CDP Network.loadingFinished encodedDataLength, so compression counts), and the time from the
 * navigation to that thumbnail (code typed at once). References in the same run: the time those bytes alone
 * take at the link's speed, and what the owner's app precaches (what every visitor downloaded when the
 * owner's service worker controlled /gallery/). `BENCH_LOCALE=de-DE` makes the visitor's browser German:
 * the page then loads the German catalogues too (issue 27), and the bytes say what a language costs.
 * `BENCH_TYPEFACES=classic` (or modern, elegant) gives the gallery that typeface pairing (issue 27): the count
 * then also waits for the page's fonts (`document.fonts.ready`), so the pairing's files are in the figure.
 *
 * The visitor's service worker is blocked while counting, and its script's compressed size added instead: once
 * it claims the page it fetches the page's later files itself, and CDP then reports them to the page with 0
 * bytes (a run on a busy machine counted 98 KB where the files weigh 170 KB). Blocked, every file the first
 * visit needs comes through the page's own network and is counted.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { it } from "vitest";
import { ROOT } from "../scripts/lib/pocketbase.mjs";
import { OWNER, startAppServer } from "../e2e/support/app-server";
import { launchChromium } from "../e2e/support/browser";
import { report } from "./report";

const DOWN_BYTES_PER_S = 1_600_000 / 8;
const LOCALE = process.env.BENCH_LOCALE || "en-US";
const LANGUAGE = LOCALE.startsWith("pt") ? "pt-BR" : LOCALE.split("-")[0]!;
/** The gate's label and button in the visitor's language (the English texts, else the catalogue's). */
const GATE: { accessCode: string; accessGallery: string } =
  LANGUAGE === "en" ? { accessCode: "Access Code", accessGallery: "Access Gallery" } : JSON.parse(readFileSync(path.join(ROOT, "src/locales", LANGUAGE, "visitor-gallery.json"), "utf8"));
const LATENCY_MS = 150;
const TYPEFACES = process.env.BENCH_TYPEFACES || "";

async function seed(url: string): Promise<{ accessUrl: string; accessCode: string }> {
  const auth = await fetch(`${url}/api/collections/users/auth-with-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: OWNER.email, password: OWNER.password }),
  });
  const { token } = (await auth.json()) as { token: string };
  const res = await fetch(`${url}/api/collections/clients/records`, { method: "POST", headers: { Authorization: token, "Content-Type": "application/json" }, body: JSON.stringify({ name: "Ada Lovelace", typefaces: TYPEFACES }) });
  if (!res.ok) throw new Error(`client: ${res.status} ${await res.text()}`);
  const client = (await res.json()) as { id: string; accessUrl: string; accessCode: string };
  for (let i = 0; i < 12; i++) {
    const jpeg = await sharp({ create: { width: 400, height: 267, channels: 3, background: { r: 20 * i, g: 90, b: 200 - 10 * i } } }).jpeg({ quality: 80 }).toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries({ client: client.id, filename: `IMG_${i}.jpg`, originalName: `IMG_${i}.jpg`, fileSize: String(jpeg.length), mimeType: "image/jpeg", uploadedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString() }))
      form.set(k, v);
    for (const field of ["original", "thumbnail", "preview"]) form.set(field, new File([new Uint8Array(jpeg)], `${field}.jpg`, { type: "image/jpeg" }));
    const up = await fetch(`${url}/api/collections/images/records`, { method: "POST", headers: { Authorization: token }, body: form });
    if (!up.ok) throw new Error(`upload failed: ${up.status} ${await up.text()}`);
  }
  return client;
}

/** The bytes of every file the owner's service worker precaches (its manifest in dist/sw.js). */
function ownerPrecacheBytes(): number {
  const sw = readFileSync(path.join(ROOT, "dist", "sw.js"), "utf8");
  const urls = [...sw.matchAll(/"?url"?:\s*["'`]([^"'`]+)["'`]/g)].map((m) => m[1]!);
  return [...new Set(urls)].reduce((sum, u) => sum + statSync(path.join(ROOT, "dist", u)).size, 0);
}

it("keeps a visitor's first visit small on slow 4G", async () => {
  const [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  try {
    const gallery = await seed(server.url);
    const context = await browser.newContext({ baseURL: server.url, locale: LOCALE, viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, serviceWorkers: "block" });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: LATENCY_MS, downloadThroughput: DOWN_BYTES_PER_S, uploadThroughput: 750_000 / 8 });
    const types = new Map<string, { type: string; url: string }>();
    const bytes = { images: 0, other: 0, files: [] as string[] };
    let counting = true;
    cdp.on("Network.responseReceived", (e) => types.set(e.requestId, { type: e.type, url: e.response.url }));
    cdp.on("Network.loadingFinished", (e) => {
      if (!counting) return;
      const t = types.get(e.requestId);
      if (t?.type === "Image") bytes.images += e.encodedDataLength;
      else {
        bytes.other += e.encodedDataLength;
        if (t) bytes.files.push(`${new URL(t.url).pathname} ${e.encodedDataLength}`);
      }
    });

    const t0 = Date.now();
    await page.goto(`/gallery/${gallery.accessUrl}`);
    await page.getByLabel(GATE.accessCode).fill(gallery.accessCode);
    await page.getByRole("button", { name: GATE.accessGallery }).click();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>(".gallery-main img")].some((img) => img.complete && img.naturalWidth > 0 && img.getBoundingClientRect().top < innerHeight), undefined, { polling: "raf", timeout: 120_000 });
    const firstThumbnailMs = Date.now() - t0;
    if (TYPEFACES) await page.evaluate(() => document.fonts.ready);
    counting = false;
    // The service worker's script, as the server sends it (brotli), which a real first visit also downloads.
    const swFile = path.join(ROOT, "dist", "gallery-sw.js");
    bytes.other += statSync(existsSync(`${swFile}.br`) ? `${swFile}.br` : swFile).size;
    const rawLinkMs = (bytes.other / DOWN_BYTES_PER_S) * 1000;
    const precache = ownerPrecacheBytes();
    console.log(bytes.files.join("\n")); // what was transferred, for the record

    report(`visitor-transfer ${LOCALE}${TYPEFACES ? ` ${TYPEFACES}` : ""}`, {
      transfer_kb_besides_images: bytes.other / 1024,
      goal_kb: 350,
      image_kb: bytes.images / 1024,
      first_thumbnail_ms_slow4g: firstThumbnailMs,
      bytes_at_link_speed_ms: rawLinkMs,
      ratio_vs_bytes_at_link_speed: firstThumbnailMs / rawLinkMs,
      owner_precache_kb: precache / 1024,
      owner_precache_at_link_speed_s: precache / DOWN_BYTES_PER_S,
      ratio_owner_precache_vs_visitor: precache / bytes.other,
      visitor_sw_kb: statSync(path.join(ROOT, "dist", "gallery-sw.js")).size / 1024,
    });
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
});
