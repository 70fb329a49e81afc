/**
 * What PocketBase serves of the built app: the visitor entry (gallery.html) for every /gallery/* page and
 * the owner's index.html elsewhere; cache lifetimes, 404 for missing assets and for source maps, robots.txt,
 * and the precompressed files chosen by Accept-Encoding. The test writes a tiny build into the server's
 * public folder.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodePng } from "../../scripts/lib/png.mjs";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
const INDEX = "<!doctype html><title>owner</title><link rel=\"manifest\" href=\"/manifest.webmanifest\">";
const GALLERY = "<!doctype html><html><head><title>Gallery</title></head><body><div id=root></div></body></html>";

beforeAll(async () => {
  server = await startTestServer();
  const pub = path.join(server.dataDir, "public");
  mkdirSync(path.join(pub, "assets"), { recursive: true });
  writeFileSync(path.join(pub, "index.html"), INDEX);
  writeFileSync(path.join(pub, "gallery.html"), GALLERY);
  writeFileSync(path.join(pub, "assets", "app-abc123.js"), APP_JS);
  writeFileSync(path.join(pub, "assets", "app-abc123.js.br"), brotliCompressSync(APP_JS));
  writeFileSync(path.join(pub, "assets", "app-abc123.js.gz"), gzipSync(APP_JS));
  writeFileSync(path.join(pub, "sw.js"), "self.addEventListener('fetch', () => {});");
  writeFileSync(path.join(pub, "manifest.webmanifest"), "{}");
  // A build made with SOURCEMAP=1 (vite.config.ts) has these; a production one has none.
  writeFileSync(path.join(pub, "assets", "app-abc123.js.map"), "{}");
  writeFileSync(path.join(pub, "sw.js.map"), "{}");
  copyFileSync(ROBOTS_TXT, path.join(pub, "robots.txt"));
});

/** The build copies public/ into dist/ as it is. */
const ROBOTS_TXT = path.join(import.meta.dirname, "..", "..", "public", "robots.txt");

const pngBytes = () => encodePng(8, 8, (x, y) => [x * 30, y * 30, 120, 255]);
const APP_JS = Buffer.from(`export const answer = ${JSON.stringify("forty-two ".repeat(500))};\n`);

/** A raw GET (Node's fetch would ask for and undo compression itself). */
function rawGet(pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(server.url + pathname, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}
afterAll(async () => server?.stop());

describe("visitor entry", () => {
  it("serves gallery.html, not the owner's index.html, for gallery pages, and asks the browser to revalidate it", async () => {
    for (const page of ["/gallery/abcdefghij", "/gallery/access", "/gallery/abcdefghij?x=1"]) {
      const res = await fetch(server.url + page);
      expect(res.status, page).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/text\/html/);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      const html = await res.text();
      expect(html, page).toContain("<title>Gallery");
      expect(html).not.toContain("manifest");
    }
  });

  it("keeps the owner's index.html for the owner's pages", async () => {
    const res = await fetch(`${server.url}/clients`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<title>owner</title>");
  });
});

describe("nothing public by accident", () => {
  it("answers source maps with 404, even when a build has them", async () => {
    for (const file of ["/assets/app-abc123.js.map", "/sw.js.map", "/assets/missing.js.map"]) {
      const res = await fetch(server.url + file);
      expect(res.status, file).toBe(404);
      expect(await res.text()).not.toContain("{}");
    }
  });

  it("serves a robots.txt that disallows everything, not the app's HTML", async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toBe(readFileSync(ROBOTS_TXT, "utf8"));
    expect(text).toMatch(/^User-agent: \*\nDisallow: \/$/m);
  });

  it("marks every gallery page noindex, in the page and in X-Robots-Tag", async () => {
    for (const page of ["/gallery/abcdefghij", "/gallery/access"]) {
      const res = await fetch(server.url + page);
      expect(res.headers.get("x-robots-tag"), page).toBe("noindex, nofollow, noarchive");
      expect(await res.text(), page).toContain('<meta name="robots" content="noindex, nofollow, noarchive" />');
    }
  });
});

describe("built files", () => {
  it("answers a missing asset with 404, not the app's index.html", async () => {
    const res = await rawGet("/assets/index-gone1234.js");
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toContain("<title>owner</title>");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect((await rawGet("/assets/../index.html")).body.toString()).not.toContain("<title>owner</title>");
  });

  it("caches hashed assets for a year and revalidates the pages, service workers and manifest, keeping the security headers", async () => {
    const asset = await rawGet("/assets/app-abc123.js");
    expect(asset.status).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(asset.headers["x-content-type-options"]).toBe("nosniff");
    for (const page of ["/", "/clients", "/sw.js", "/manifest.webmanifest", "/gallery/abcdefghij"]) {
      const res = await rawGet(page);
      expect(res.status, page).toBe(200);
      expect(res.headers["cache-control"], page).toBe("no-cache");
    }
  });

  it("isolates the owner's app (COOP and COEP on its pages, service worker and files), not the visitor's gallery nor the API", async () => {
    for (const page of ["/", "/clients", "/converter", "/sw.js", "/manifest.webmanifest", "/assets/app-abc123.js"]) {
      const res = await rawGet(page, { "Accept-Encoding": "br" });
      expect(res.status, page).toBe(200);
      expect(res.headers["cross-origin-opener-policy"], page).toBe("same-origin");
      expect(res.headers["cross-origin-embedder-policy"], page).toBe("require-corp");
    }
    // COOP same-origin alone is PocketBase's own default on every answer; without COEP nothing is isolated.
    for (const page of ["/gallery/abcdefghij", "/gallery/access", "/api/gallery/studio/info"]) {
      const res = await rawGet(page);
      expect(res.status, page).toBe(200);
      expect(res.headers["cross-origin-embedder-policy"], page).toBeUndefined();
    }
  });

  it("leaves the document-only headers off a built file a page loads as a script, style, font or image, and keeps them on every other fetch", async () => {
    const DOCUMENT_ONLY = ["content-security-policy", "x-frame-options", "cross-origin-opener-policy", "cross-origin-embedder-policy", "x-xss-protection"];
    for (const dest of ["script", "style", "font", "image"]) {
      const res = await rawGet("/assets/app-abc123.js", { "Accept-Encoding": "br", "Sec-Fetch-Dest": dest });
      expect(res.status, dest).toBe(200);
      for (const name of DOCUMENT_ONLY) expect(res.headers[name], `${dest} ${name}`).toBeUndefined();
      expect(res.headers["x-content-type-options"], dest).toBe("nosniff");
      expect(res.headers["referrer-policy"], dest).toBe("no-referrer");
      expect(res.headers.vary, dest).toBe("Accept-Encoding, Sec-Fetch-Dest");
    }
    // A worker, the owner's service worker's precache (empty), a page opened on the file, or no Sec-Fetch-Dest at all.
    for (const dest of ["worker", "empty", "document", ""]) {
      const res = await rawGet("/assets/app-abc123.js", { "Accept-Encoding": "br", ...(dest ? { "Sec-Fetch-Dest": dest } : {}) });
      expect(res.headers["content-security-policy"], dest).toContain("default-src 'self'");
      expect(res.headers["cross-origin-embedder-policy"], dest).toBe("require-corp");
      expect(res.headers["x-frame-options"], dest).toBe("DENY");
    }
    // Pages are documents whatever they claim.
    const page = await rawGet("/", { "Sec-Fetch-Dest": "script" });
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("sends the brotli or gzip file the browser accepts, with Vary: Accept-Encoding, and the plain file otherwise", async () => {
    const br = await rawGet("/assets/app-abc123.js", { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.body.length).toBeLessThan(APP_JS.length / 10);
    expect(brotliDecompressSync(br.body).equals(APP_JS)).toBe(true);

    const gz = await rawGet("/assets/app-abc123.js", { "Accept-Encoding": "gzip, br;q=0" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(APP_JS)).toBe(true);

    const plain = await rawGet("/assets/app-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.equals(APP_JS)).toBe(true);
  });

  it("sends a file replaced after its compressed copies were made as it now is, not the stale copies", async () => {
    const swPath = path.join(server.dataDir, "public", "sw.js");
    writeFileSync(`${swPath}.br`, brotliCompressSync("// old release"));
    writeFileSync(`${swPath}.gz`, gzipSync("// old release"));
    const later = new Date(Date.now() + 5000);
    writeFileSync(swPath, "// new release");
    utimesSync(swPath, later, later);
    const res = await rawGet("/sw.js", { "Accept-Encoding": "br, gzip" });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.toString()).toBe("// new release");
  });
});

describe("link previews of gallery pages", () => {
  async function settingsId(): Promise<string> {
    const r = await server.api<{ items: Array<{ id: string }> }>("GET", "/api/collections/settings/records", { token: server.ownerToken });
    return r.body.items[0]!.id;
  }
  async function client(fields: Record<string, unknown>): Promise<{ accessUrl: string }> {
    const r = await server.api<{ accessUrl: string }>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: fields });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  }
  const head = async (pathname: string) => (await (await fetch(server.url + pathname)).text()).split("</head>")[0]!;
  /** The page's head asked for with another Host header (fetch cannot set one). */
  const headWithHost = (pathname: string, host: string) =>
    new Promise<string>((resolve, reject) => {
      http
        .get(server.url + pathname, { headers: { Host: host } }, (res) => {
          let body = "";
          res.on("data", (d: Buffer) => (body += d.toString()));
          res.on("end", () => resolve(body.split("</head>")[0]!));
        })
        .on("error", reject);
    });
  const meta = (html: string, key: string) => html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`))?.[1];

  it("names the studio, HTML-escaped, and not the client of an open gallery, with the studio's logo as the image and no photo", async () => {
    const form = new FormData();
    form.set("companyName", `Light & "Shadow" <Studio>`);
    form.set("galleryUrl", `${server.url}/`);
    form.set("logo", new File([new Uint8Array(pngBytes())], "logo.png", { type: "image/png" }));
    const saved = await server.api("PATCH", `/api/collections/settings/records/${await settingsId()}`, { token: server.ownerToken, form });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const gallery = await client({ name: "Ada <script>alert(1)</script>" });
    const html = await head(`/gallery/${gallery.accessUrl}`);
    const title = "Gallery · Light &amp; &quot;Shadow&quot; &lt;Studio&gt;";
    expect(html).toContain(`<title>${title}</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toMatch(/Ada|alert/);
    expect(meta(html, "og:title")).toBe(title);
    expect(meta(html, "twitter:title")).toBe(title);
    expect(meta(html, "og:description")).toContain("Light &amp; &quot;Shadow&quot;");
    expect(meta(html, "twitter:card")).toBe("summary");
    const image = meta(html, "og:image")!;
    expect(image).toMatch(new RegExp(`^${server.url}/api/gallery/studio/logo\\?v=`));
    expect(meta(html, "twitter:image")).toBe(image);
    expect(html).not.toMatch(/\/api\/(files|gallery\/image)\//);
    const logo = await fetch(image.replace(/&amp;/g, "&"));
    expect(logo.status).toBe(200);
    // A forged Host header changes nothing: the preview's absolute URLs come from the configured address.
    const forged = await headWithHost(`/gallery/${gallery.accessUrl}`, "evil.example");
    expect(meta(forged, "og:image")).toBe(image);
    expect(forged).not.toContain("evil.example");
    // The page's first request (the gallery with its first images) is fetched while the scripts load.
    expect(html).toContain(`<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/gallery/${gallery.accessUrl}?first=100" />`);
  });

  it("preloads an open gallery's typeface pairing, its own else the studio's, as the build named the files", async () => {
    const fonts = { classic: ["/assets/lato-400-a1.woff2", "/assets/playfair-600-b2.woff2"], modern: ["/assets/inter-400-c3.woff2"] };
    writeFileSync(path.join(server.dataDir, "public", "typefaces.json"), JSON.stringify(fonts));
    const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="font" type="font\/woff2" crossorigin="anonymous" href="([^"]+)" \/>/g)].map((m) => m[1]);
    const classic = await client({ name: "Serif", typefaces: "classic" });
    expect(preloads(await head(`/gallery/${classic.accessUrl}`))).toEqual(fonts.classic);
    const system = await client({ name: "Plain", typefaces: "system" });
    expect(preloads(await head(`/gallery/${system.accessUrl}`))).toEqual([]);
    // A gallery without its own pairing takes the studio's default.
    const saved = await server.api("PATCH", `/api/collections/settings/records/${await settingsId()}`, { token: server.ownerToken, json: { typefaces: "modern" } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const unset = await client({ name: "Default" });
    expect(preloads(await head(`/gallery/${unset.accessUrl}`))).toEqual(fonts.modern);
    // A closed gallery preloads nothing; neither does a build without the file.
    const closed = await client({ name: "Closed", typefaces: "classic", enabled: false });
    expect(await head(`/gallery/${closed.accessUrl}`)).not.toContain('as="font"');
    rmSync(path.join(server.dataDir, "public", "typefaces.json"));
    expect(preloads(await head(`/gallery/${classic.accessUrl}`))).toEqual([]);
    await server.api("PATCH", `/api/collections/settings/records/${await settingsId()}`, { token: server.ownerToken, json: { typefaces: "system" } });
  });

  it("gives an unknown, a disabled and an expired gallery the same title too, naming no client", async () => {
    const disabled = await client({ name: "Hidden Person", enabled: false });
    const expired = await client({ name: "Past Person", expirationDate: "2020-01-01 00:00:00.000Z" });
    const pages = await Promise.all([`/gallery/nosuchgal1`, `/gallery/${disabled.accessUrl}`, `/gallery/${expired.accessUrl}`, "/gallery/access"].map(head));
    for (const html of pages) {
      expect(html).toContain("<title>Gallery · Light &amp; &quot;Shadow&quot; &lt;Studio&gt;</title>");
      expect(html).not.toMatch(/Hidden Person|Past Person/);
      expect(html).not.toContain('rel="preload"');
    }
    expect(pages[0]).toBe(pages[1]);
    expect(pages[1]).toBe(pages[2]);
  });
});
