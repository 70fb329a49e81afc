/**
 * The server's routes: one table per domain (lib/handlers/gallery_routes.js, proofing_routes.js, owner_routes.js,
 * upload_routes.js, direct_upload_routes.js, app_routes.js), each line a method, a path and the policy the handler runs behind (lib/core/policies.js).
 * routes.pb.js registers them all when the hooks load; every route gets the same small handler, which runs
 * `dispatch` in its pooled VM: it finds the route by the pattern Go's router matched, checks its policy, then
 * calls its handler. (PocketBase runs a registered handler from its source text, so a handler registered
 * directly could not carry its policy: one dispatcher reads both from the tables, in the same VM.)
 */

/** Every route of every table. */
function allRoutes() {
  return [
    ...require(`${__hooks}/lib/handlers/gallery_routes.js`),
    ...require(`${__hooks}/lib/handlers/proofing_routes.js`),
    ...require(`${__hooks}/lib/handlers/owner_routes.js`),
    ...require(`${__hooks}/lib/handlers/upload_routes.js`),
    ...require(`${__hooks}/lib/handlers/direct_upload_routes.js`),
    ...require(`${__hooks}/lib/handlers/app_routes.js`),
  ];
}

/**
 * Registers every route of the tables with `dispatchRoute`, routes.pb.js's one handler (self-contained, as
 * PocketBase runs it from its source), which calls `dispatch` below in its pooled VM.
 */
function registerRoutes(dispatchRoute) {
  const policies = require(`${__hooks}/lib/core/policies.js`).POLICIES;
  for (const r of allRoutes()) {
    const middleware = policies[r.policy].middleware;
    if (middleware) routerAdd(r.method, r.path, dispatchRoute, middleware());
    else routerAdd(r.method, r.path, dispatchRoute);
  }
}

// Read once per VM, at its first request (the VM keeps this module: routes.pb.js).
/** @type {Record<string, { method: string, path: string, policy: string, handler: (e: any) => any }> | null} */
let byPattern = null;
/** @type {Record<string, { check: (e: any) => void }>} */
let policies = {};

/** The route Go's router matched ("GET /api/gallery/{accessUrl}"), its policy checked, then its handler. */
function dispatch(e) {
  if (!byPattern) {
    byPattern = {};
    for (const r of allRoutes()) byPattern[r.method + " " + r.path] = r;
    policies = require(`${__hooks}/lib/core/policies.js`).POLICIES;
  }
  const r = byPattern[e.request.pattern];
  if (!r) throw new Error(`No route table holds ${e.request.pattern}.`);
  /** @type {{ check: (e: core.RequestEvent) => void }} */ (policies[r.policy]).check(e);
  return r.handler(e);
}

module.exports = { allRoutes, registerRoutes, dispatch };
