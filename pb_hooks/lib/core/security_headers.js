/**
 * Security headers on every response, the built app's and the API's. The PocketBase dashboard (/_/) keeps
 * its own script needs, so it gets the framing and sniffing protections but not the app's CSP.
 *
 * The owner's app is cross-origin isolated (issue 28): its pages, its service worker and every file of the
 * build (workers included: a dedicated worker of an isolated page must say the same policy, or it is
 * refused) carry COOP `same-origin` and COEP `require-corp`, so SharedArrayBuffer exists and the
 * multi-threaded AVIF and OxiPNG encoders run. Everything the app loads is of its own origin (the CSP allows
 * no other), which `require-corp` always lets through. The visitor's gallery (`/gallery/*`, gallery.html,
 * gallery-sw.js) and the API get no COEP (PocketBase itself sends COOP `same-origin` on every answer): a
 * visitor runs no threaded code, so isolation would buy nothing there and would only bind the gallery to
 * embed nothing of another origin that does not opt in with CORP.
 */
const APP_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data:",
  // The owner's viewer plays a clip from the device's bytes (issue 38), an object URL like its photos'.
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * The CSP with the bucket's public origin added where the visitor's page loads files from (img-src, media-src,
 * connect-src), for direct delivery (issue 39, lib/core/direct_delivery.js): a redirect of the image route to the
 * bucket is checked against the page's policy at each hop. Pure.
 */
function cspWithOrigin(origin) {
  return APP_CSP.split("; ")
    .map((d) => (d.indexOf("img-src ") === 0 || d.indexOf("media-src ") === 0 || d.indexOf("connect-src ") === 0 ? d + " " + origin : d))
    .join("; ");
}

/** The pages' CSP for this VM and serve-cache epoch (a settings change moves it): APP_CSP, plus the bucket with direct delivery. */
let pageCsp = { epoch: -1, csp: APP_CSP };
function pagesCsp() {
  const at = require(`${__hooks}/lib/core/serve_cache.js`).epoch();
  if (pageCsp.epoch !== at) {
    const direct = require(`${__hooks}/lib/core/direct_delivery.js`).directConfig(at);
    const origin = direct ? require(`${__hooks}/lib/core/object_store.js`).publicOrigin($app) : null;
    pageCsp = { epoch: at, csp: origin ? cspWithOrigin(origin) : APP_CSP };
  }
  return pageCsp.csp;
}

/** The headers that make a page cross-origin isolated; workers/sw.ts puts the same on what it answers. */
const ISOLATION = { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" };

/** Whether a path is the owner's app (pages, its service worker, the built files), not the visitor's or the API. */
function isOwnerAppPath(path) {
  if (path.indexOf("/api/") === 0 || path.indexOf("/_/") === 0) return false;
  return !(path === "/gallery" || path.indexOf("/gallery/") === 0 || path === "/gallery.html" || path === "/gallery-sw.js");
}

/**
 * What a built, hashed file (`/assets/*`) fetched as a subresource by these destinations (`Sec-Fetch-Dest`)
 * does not read (issue 43): a CSP, X-Frame-Options, COOP and COEP (and PocketBase's X-XSS-Protection, read
 * only by the XSS filters browsers removed) are read on a document or a worker only. A page's scripts, styles,
 * fonts and images never carry a policy of their own; each response of a visitor's first visit (some 35 files)
 * carried about 450 bytes of them. The same file fetched any other way (opened as a page, started as a worker,
 * precached by the owner's service worker, or by a client that sends no `Sec-Fetch-Dest`) gets them all, and
 * `Vary: Sec-Fetch-Dest` (lib/core/static_files.js) keeps a cache from answering one way with the other's.
 */
const SUBRESOURCE_DESTS = { script: true, style: true, font: true, image: true };

/** PocketBase's own defaults on every answer that only a document reads, taken off a lean asset. */
const DOCUMENT_ONLY_DEFAULTS = ["X-Frame-Options", "Cross-Origin-Opener-Policy", "X-Xss-Protection"];

/** Whether `/assets/*` asked with this `Sec-Fetch-Dest` gets the lean headers (see SUBRESOURCE_DESTS). */
function isLeanAsset(path, dest) {
  return path.indexOf("/assets/") === 0 && SUBRESOURCE_DESTS[String(dest || "")] === true;
}

/**
 * Sets them with `set`, the answer's `header.set` looked up once by the caller (lib/handlers/middlewares.js): each
 * `header.set` looks the Go method up by name again, which costs about twice the call itself. `cacheControl`
 * is the API's, unless the caller sets its own (the image route).
 */
function setSecurityHeaders(set, path, cacheControl, dest) {
  set("X-Content-Type-Options", "nosniff");
  set("Referrer-Policy", "no-referrer");
  if (isLeanAsset(path, dest)) return;
  set("X-Frame-Options", "DENY");
  // The API's answers are no pages: their policy needs no bucket (and the image route reads no epoch twice).
  set("Content-Security-Policy", path.indexOf("/_/") === 0 ? "frame-ancestors 'none'" : path.indexOf("/api/") === 0 ? APP_CSP : pagesCsp());
  if (path.indexOf("/api/") === 0) set("Cache-Control", cacheControl || "no-store");
  if (isOwnerAppPath(path)) for (const name in ISOLATION) set(name, ISOLATION[name]);
}

module.exports = { setSecurityHeaders, cspWithOrigin, isOwnerAppPath, isLeanAsset, DOCUMENT_ONLY_DEFAULTS, ISOLATION };
