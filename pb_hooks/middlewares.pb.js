/// <reference path="../pb_data/types.d.ts" />
/**
 * The app's two router middlewares, one on each side of PocketBase's rate limiter (priority -1000); what
 * they do is in lib/middlewares.js. Two rather than one per concern: each JS middleware holds a pooled VM
 * for the rest of the request.
 */
routerUse(new Middleware((e) => require(`${__hooks}/lib/middlewares.js`).beforeLimits(e), -1200, "sg_before_limits"));

routerUse(new Middleware((e) => require(`${__hooks}/lib/middlewares.js`).afterLimits(e), 0, "sg_after_limits"));
