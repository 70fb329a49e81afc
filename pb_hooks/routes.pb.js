/// <reference path="../pb_data/types.d.ts" />
/**
 * Every route of the app's API and pages, from the route tables (lib/handlers/routes.js; one table per domain, each
 * line a method, a path and its policy, lib/core/policies.js). The record hooks, cron jobs and commands stay in
 * their own files.
 */

/**
 * The one handler of every route: lib/handlers/routes.js's dispatch checks the route's policy and calls its handler.
 * PocketBase runs it from its source in a pooled VM, which keeps the module on its global object after the
 * first request (as middlewares.pb.js does).
 */
function dispatchRoute(e) {
  return (globalThis.sgRoutes || (globalThis.sgRoutes = require(`${__hooks}/lib/handlers/routes.js`))).dispatch(e);
}

require(`${__hooks}/lib/handlers/routes.js`).registerRoutes(dispatchRoute);
