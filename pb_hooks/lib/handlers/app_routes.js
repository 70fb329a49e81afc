/**
 * The app's own routes beside the gallery's and the owner's (lib/handlers/routes.js registers them): the server's
 * clock, whether a lost password can be mailed, the operator's metrics, and the JSON 404 of unknown /api/ paths.
 */
const { route, publicRoute } = require(`${__hooks}/lib/core/policies.js`);

module.exports = [
  // The server's clock for devices to measure their offset; the epoch changes with every restore of a backup
  // (lib/core/server_epoch.js): devices reconcile when it does.
  route("GET", "/api/sync/now", publicRoute((e) => e.json(200, { now: Date.now(), epoch: require(`${__hooks}/lib/core/server_epoch.js`).ensureEpoch(e.app), boot: e.app.store().get("serverBoot") || "" }))),
  // Whether the server can send a password-reset email (issue 25): the sign-in page says plainly when it cannot.
  route("GET", "/api/auth/recovery", publicRoute((e) => e.json(200, { email: require(`${__hooks}/lib/core/mail.js`).smtpConfigured(e.app) }))),
  // The operator's metrics in Prometheus's text format (lib/core/metrics.js): the handler decides, by the
  // METRICS_TOKEN bearer token; without the variable it answers 404 as the catch-all below does.
  route("GET", "/api/metrics", publicRoute((e) => require(`${__hooks}/lib/core/metrics.js`).serve(e))),
  // Unknown /api/ paths answer a JSON 404 instead of falling through to the app's index.html with 200 (the
  // more specific routes of PocketBase and of ours still win over this catch-all).
  route("GET", "/api/{path...}", publicRoute(() => {
    throw new NotFoundError("No such API route.");
  })),
];
