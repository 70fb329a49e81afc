/**
 * Who may call a route, named where the route is registered: each line of a route table (lib/*_routes.js) is
 * `route(method, path, policy(handler))`, and lib/handlers/routes.js checks the policy before the handler runs, in the
 * same VM (docs/ARCHITECTURE.md, "Route tables"). A route without one of these policies fails at load.
 * - `publicRoute`: anyone; the handler decides alone (a code, a PIN, the gallery's public face, a page).
 * - `visitorSession`: the gallery the path's {accessUrl} names is open, and the request holds its session or is
 *   the studio owner's (lib/core/gallery_session.js `requireSession`, which keeps the gallery for the handler).
 * - `ownerOnly`: signed in as the studio owner: 401 without a sign-in, 403 for any other account.
 * - `superuserOnly`: a PocketBase superuser (PocketBase's own requireSuperuserAuth, as a route middleware).
 */
/** Each policy: what it checks in the handler's VM (throws PocketBase's answer), and any route middleware. */
const POLICIES = {
  publicRoute: { check: () => {}, middleware: null },
  visitorSession: {
    check: (e) => {
      require(`${__hooks}/lib/core/gallery_session.js`).requireSession(e, e.request.pathValue("accessUrl"));
    },
    middleware: null,
  },
  ownerOnly: {
    check: (e) => {
      if (!e.auth) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(401, "owner_sign_in");
      if (!require(`${__hooks}/lib/core/gallery_session.js`).isStudioOwner(e)) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(403, "owner_only");
    },
    middleware: null,
  },
  superuserOnly: { check: () => {}, middleware: () => $apis.requireSuperuserAuth() },
};

/**
 * A handler behind a policy: what a route table's line holds.
 * @param {string} policy
 * @returns {(handler: (e: any) => any) => { policy: string, handler: (e: any) => any }}
 */
function guarded(policy) {
  return (handler) => ({ policy, handler });
}

/**
 * One line of a route table: the method, the path (Go's pattern syntax) and the guarded handler.
 * @param {string} method
 * @param {string} path
 * @param {{ policy: string, handler: (e: any) => any }} guardedHandler
 */
function route(method, path, guardedHandler) {
  const policy = guardedHandler && guardedHandler.policy;
  if (!Object.prototype.hasOwnProperty.call(POLICIES, policy) || typeof guardedHandler.handler !== "function") {
    throw new Error(`The route ${method} ${path} names no policy: write publicRoute(...), visitorSession(...), ownerOnly(...) or superuserOnly(...).`);
  }
  return { method, path, policy, handler: guardedHandler.handler };
}

module.exports = {
  POLICIES,
  route,
  publicRoute: guarded("publicRoute"),
  visitorSession: guarded("visitorSession"),
  ownerOnly: guarded("ownerOnly"),
  superuserOnly: guarded("superuserOnly"),
};
