/**
 * Direct delivery (issue 39): with object storage in direct mode (lib/core/object_store.js directEnabled), the
 * image route (lib/handlers/image_route.js), after all its checks, answers a visitor's file with a redirect to a
 * short-lived presigned GET of the object instead of streaming its bytes: the bucket carries them.
 *
 * A URL lives at most `S3_URL_TTL` seconds (default 300). It is signed at the start of a window of half that,
 * so the same file asked again within the window gets the same URL (the browser's cache keeps working across
 * the page's requests, and this VM signs each file once per window): a URL's life left when handed out is
 * between TTL/2 and TTL. The bucket answers with the type, the disposition and `Cache-Control: private,
 * max-age=TTL/2` the URL asks for (`response-*`, signed): no shared cache keeps a private file, and no browser
 * keeps it past the URL's life. The redirect itself is `private, no-store`: every next request comes back
 * through the route's checks, so a gallery disabled, expired or revoked stops getting URLs at once.
 */
const objectStore = require(`${__hooks}/lib/core/object_store.js`);

const DEFAULT_TTL = 300;
/** The redirect is never kept: each request must pass the route's checks again. */
const REDIRECT_CACHE_CONTROL = "private, no-store";

/** The environment read once per VM (it does not change while the server runs). */
let fromEnv = null;
function envSettings() {
  if (!fromEnv) {
    const ttl = parseInt(String($os.getenv("S3_URL_TTL") || ""), 10);
    fromEnv = { ttl: ttl > 1 ? Math.min(ttl, 604800) : DEFAULT_TTL };
  }
  return fromEnv;
}

/**
 * The bucket's configuration when files go direct, else null; read once per VM and serve-cache epoch (a
 * settings change moves the epoch, serve_cache.pb.js), not per request.
 */
let state = { epoch: -1, config: null };
/** @param {number} at the serve cache's epoch (lib/core/serve_cache.js) */
function directConfig(at) {
  if (state.epoch !== at) state = { epoch: at, config: objectStore.directEnabled($app) ? objectStore.storeConfig($app) : null };
  return state.config;
}

/** URLs shared by the VMs, under the serve cache's prefix and bound. */
const SHARED_PREFIX = "sg_serve:url:";
const SHARED_LIMIT = 20000;

/** The URLs signed in this VM in the current window, by file and answer (dropped whole when full or stale). */
const MAX_REMEMBERED = 4096;
let remembered = { window: -1, count: 0, urls: Object.create(null) };

/**
 * The presigned URL of `key` with these response headers, signed at the start of the current window.
 * @param {any} config (directConfig) @param {string} key @param {{ contentType: string, disposition: string }} answer @param {number} nowMs
 * @returns {string}
 */
function fileUrl(config, key, answer, nowMs) {
  const ttl = envSettings().ttl;
  const windowSeconds = Math.max(1, Math.floor(ttl / 2));
  const windowStart = Math.floor(nowMs / 1000 / windowSeconds) * windowSeconds;
  const memoKey = config.endpoint + "\n" + (config.publicEndpoint || "") + "\n" + config.bucket + "\n" + key + "\n" + answer.contentType + "\n" + answer.disposition;
  if (remembered.window !== windowStart || remembered.count >= MAX_REMEMBERED) remembered = { window: windowStart, count: 0, urls: Object.create(null) };
  const known = remembered.urls[memoKey];
  if (known) return known;
  // Shared by the VMs: the first to sign a file in this window stores its URL for the others.
  const sharedKey = SHARED_PREFIX + memoKey;
  const shared = String($app.store().get(sharedKey) || "");
  const mark = windowStart + " ";
  if (shared.indexOf(mark) === 0) {
    remembered.count++;
    return (remembered.urls[memoKey] = shared.slice(mark.length));
  }
  const url = objectStore.presignUrlOf(config, {
    method: "GET",
    key,
    expires: ttl,
    now: new Date(windowStart * 1000),
    query: {
      "response-content-type": answer.contentType,
      "response-content-disposition": answer.disposition,
      "response-cache-control": "private, max-age=" + Math.max(0, ttl - windowSeconds),
    },
  });
  remembered.count++;
  remembered.urls[memoKey] = url;
  // Within the serve cache's bound (lib/core/serve_cache.js, whose prefix this shares and which empties it when full).
  $app.store().setIfLessThanLimit(sharedKey, mark + url, SHARED_LIMIT);
  return url;
}

/**
 * Answers the request with a redirect to the object's presigned URL.
 * @param {any} e @param {(name: string, value: string) => void} set the answer's `header.set`
 * @param {string} url
 */
function redirect(e, set, url) {
  set("Cache-Control", REDIRECT_CACHE_CONTROL);
  return e.redirect(302, url);
}

module.exports = { directConfig, fileUrl, redirect, REDIRECT_CACHE_CONTROL, DEFAULT_TTL };
