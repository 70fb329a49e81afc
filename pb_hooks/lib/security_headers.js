/**
 * Security headers on every response, the built app's and the API's. The PocketBase dashboard (/_/) keeps
 * its own script needs, so it gets the framing and sniffing protections but not the app's CSP.
 */
const APP_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

function setSecurityHeaders(e, path) {
  const h = e.response.header();
  h.set("X-Content-Type-Options", "nosniff");
  h.set("Referrer-Policy", "no-referrer");
  h.set("X-Frame-Options", "DENY");
  h.set("Content-Security-Policy", path.indexOf("/_/") === 0 ? "frame-ancestors 'none'" : APP_CSP);
  if (path.indexOf("/api/") === 0) h.set("Cache-Control", "no-store");
}

module.exports = { setSecurityHeaders };
