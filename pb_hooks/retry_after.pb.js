/// <reference path="../pb_data/types.d.ts" />
/**
 * Every 429 carries Retry-After, the built-in limiter's included: this middleware wraps the limiter
 * (it runs just before it) and stamps the header on a refusal. The numbers come from lib/retry_after.js.
 */
routerUse(
  new Middleware(
    (e) => {
      try {
        return e.next();
      } catch (err) {
        require(`${__hooks}/lib/retry_after.js`).stamp(e, err);
        throw err;
      }
    },
    -1010,
    "studioRetryAfter",
  ),
);
