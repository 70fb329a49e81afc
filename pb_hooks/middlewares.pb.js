/// <reference path="../pb_data/types.d.ts" />
/**
 * The app's two router middlewares, one on each side of PocketBase's rate limiter (priority -1000); what
 * they do is in lib/handlers/middlewares.js. Two rather than one per concern: each JS middleware holds a pooled VM
 * for the rest of the request. A handler sees nothing declared outside it, so each VM keeps the module on
 * its own global object after the first request: a `require` on every request cost about 6 us, twice per
 * request (docs/benchmarks-history.md, issue 28's floor).
 */
routerUse(new Middleware((e) => (globalThis.sgMiddlewares || (globalThis.sgMiddlewares = require(`${__hooks}/lib/handlers/middlewares.js`))).beforeLimits(e), -1200, "sg_before_limits"));

routerUse(new Middleware((e) => (globalThis.sgMiddlewares || (globalThis.sgMiddlewares = require(`${__hooks}/lib/handlers/middlewares.js`))).afterLimits(e), 0, "sg_after_limits"));
