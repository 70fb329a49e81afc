/**
 * How the built app's files are served (the app's second middleware, lib/handlers/middlewares.js; PocketBase's own static
 * handler still serves what this lets through):
 * - /assets/* names carry a content hash: cached for a year (`immutable`); a missing one is a 404, never
 *   the owner's index.html with 200 (a page asking for an old build's chunk must fail, to show 'Reload');
 * - everything else (index.html, gallery.html, the service workers, the manifest, icons) is `no-cache`:
 *   the browser revalidates it, so a new build is seen at once;
 * - source maps (`*.map`) are a 404: production builds have none, and one built on request for debugging
 *   (SOURCEMAP=1) is not for the public;
 * - text files are sent precompressed (.br or .gz made at build time, vite.config.ts) when the browser
 *   accepts it, with `Vary: Accept-Encoding`: no compression work per request.
 */
const { publicDir } = require(`${__hooks}/lib/core/public_dir.js`);

const TYPES = {
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  html: "text/html; charset=utf-8",
  svg: "image/svg+xml",
  json: "application/json",
  webmanifest: "application/manifest+json",
  wasm: "application/wasm",
};

function extension(path) {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

function isFile(path) {
  try {
    return !$os.stat(path).isDir();
  } catch (_) {
    return false;
  }
}

/** Whether a compressed variant exists and is not older than its file (a file replaced by hand wins). */
function isFreshVariant(variantPath, filePath) {
  try {
    const variant = $os.stat(variantPath);
    return !variant.isDir() && variant.modTime().unixMilli() >= $os.stat(filePath).modTime().unixMilli();
  } catch (_) {
    return false;
  }
}

/** The encodings the request accepts (q=0 excluded), lower case. */
function acceptedEncodings(header) {
  const accepted = {};
  for (const part of String(header || "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.indexOf("q=") === 0);
    if (name && !(q && Number(q.slice(2)) === 0)) accepted[name] = true;
  }
  return accepted;
}

/** Picks the precompressed variant to send, if any: brotli first, then gzip. */
function chooseEncoding(accepted, filePath) {
  if (accepted.br && isFreshVariant(`${filePath}.br`, filePath)) return { encoding: "br", suffix: ".br" };
  if (accepted.gzip && isFreshVariant(`${filePath}.gz`, filePath)) return { encoding: "gzip", suffix: ".gz" };
  return null;
}

function serve(e) {
  const path = e.request.url.path;
  const method = e.request.method;
  if ((method !== "GET" && method !== "HEAD") || path.indexOf("/api/") === 0 || path.indexOf("/_/") === 0 || path.indexOf("/gallery/") === 0) return e.next();
  const dir = publicDir();
  const header = e.response.header();
  if (/\.map$/i.test(path)) {
    header.set("Cache-Control", "no-store");
    return e.string(404, "Not found");
  }
  if (path.indexOf("/assets/") === 0) {
    if (path.indexOf("..") >= 0 || !isFile(dir + path)) {
      header.set("Cache-Control", "no-store");
      return e.string(404, "Not found");
    }
    header.set("Cache-Control", "public, max-age=31536000, immutable");
  } else {
    header.set("Cache-Control", "no-cache");
  }
  const rel = path === "/" ? "/index.html" : path;
  const type = TYPES[extension(rel)];
  if (!type || rel.indexOf("..") >= 0 || !isFile(dir + rel)) return e.next();
  // The built files' security headers depend on the fetch's destination too (lib/core/security_headers.js).
  header.set("Vary", path.indexOf("/assets/") === 0 ? "Accept-Encoding, Sec-Fetch-Dest" : "Accept-Encoding");
  const chosen = chooseEncoding(acceptedEncodings(e.request.header.get("Accept-Encoding")), dir + rel);
  if (!chosen) return e.next();
  header.set("Content-Type", type);
  header.set("Content-Encoding", chosen.encoding);
  return e.fileFS($os.dirFS(dir), rel.slice(1) + chosen.suffix);
}

module.exports = { serve, acceptedEncodings };
