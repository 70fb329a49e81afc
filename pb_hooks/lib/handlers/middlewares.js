/**
 * The app's two router middlewares (middlewares.pb.js). PocketBase lends each JS middleware a VM from its
 * pool for the whole rest of the request, so the app has two, not one per concern: with five, every
 * request held six VMs and the pool ran dry under 50 visitors (docs/benchmarks-history.md, the image endpoint).
 * - `beforeLimits` runs before PocketBase's activity logger and rate limiter: `?thumb=` refused on the file
 *   route, forwarding headers believed only from the trusted proxy, and Retry-After stamped on every 429
 *   (it wraps the limiter), whose refusal gets its code (lib/rules/refusals.js, too_many_requests); and every
 *   answer counted by its status for the operator's metrics (lib/core/metrics.js).
 * - `afterLimits` runs after the limiter and the auth token: security headers on every answer, then the
 *   visitor image route (the hot path of every gallery page, answered here without a second VM and a
 *   route dispatch), then the built app's files; anything else goes on to PocketBase's router.
 * Modules are required once per VM, at the top.
 */
const imageFiles = require(`${__hooks}/lib/core/image_files.js`);
const deploySettings = require(`${__hooks}/lib/core/deploy_settings.js`);
const retryAfter = require(`${__hooks}/lib/rules/retry_after.js`);
const securityHeaders = require(`${__hooks}/lib/core/security_headers.js`);
const staticFiles = require(`${__hooks}/lib/core/static_files.js`);
const imageRoute = require(`${__hooks}/lib/handlers/image_route.js`);
const metrics = require(`${__hooks}/lib/core/metrics.js`);

const IMAGE_ROUTE = "/api/gallery/image/";

function beforeLimits(e) {
  imageFiles.guardFileRoute(e);
  deploySettings.dropForgedForwarding(e);
  let answered;
  try {
    answered = e.next();
  } catch (err) {
    // PocketBase answers an error that carries no status of its own with 400 (its router's ToApiError).
    metrics.countRequest(e.app, retryAfter.statusOf(err) || 400);
    retryAfter.stamp(e, err);
    // The app's own 429s answer with e.json; a thrown one is PocketBase's rate limiter, given its code here.
    if (retryAfter.statusOf(err) === 429) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(429, "too_many_requests");
    // PocketBase's own sign-in refusal (a wrong email or password), which the owner meets at the door.
    if (retryAfter.statusOf(err) === 400 && String((/** @type {{ value?: { message?: string } }} */ (err || {}).value || {}).message || "") === "Failed to authenticate.") {
      throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(400, "sign_in_failed");
    }
    throw err;
  }
  metrics.countRequest(e.app, e.status());
  return answered;
}

/** The image id of `/api/gallery/image/{id}` (one path segment), or "" for any other path. */
function imageIdOf(path) {
  if (path.indexOf(IMAGE_ROUTE) !== 0) return "";
  const id = path.slice(IMAGE_ROUTE.length);
  return id && id.indexOf("/") < 0 ? id : "";
}

function afterLimits(e) {
  const request = e.request;
  const url = request.url;
  const path = url.path;
  const method = request.method;
  const imageId = method === "GET" || method === "HEAD" ? imageIdOf(path) : "";
  // Looked up once: each `header.set` would look the Go method up by name again (lib/core/security_headers.js).
  const setHeader = e.response.header().set;
  // The fetch's destination matters to the built files alone (lean headers on a page's subresources): read only there.
  const dest = path.indexOf("/assets/") === 0 ? request.header.get("Sec-Fetch-Dest") : "";
  securityHeaders.setSecurityHeaders(setHeader, path, imageId ? imageRoute.CACHE_CONTROL : "", dest);
  if (securityHeaders.isLeanAsset(path, dest)) {
    const header = e.response.header();
    for (const name of securityHeaders.DOCUMENT_ONLY_DEFAULTS) header.del(name);
  }
  if (imageId) return imageRoute.imageFile(e, imageId, { setHeader, url, request });
  return staticFiles.serve(e);
}

module.exports = { beforeLimits, afterLimits };
