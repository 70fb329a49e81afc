/// <reference path="../pb_data/types.d.ts" />
/* global onBootstrap */
/**
 * Deployment settings of the environment (trusted proxy header, S3), applied whenever PocketBase starts
 * (serve and the CLI commands `npm start` runs first) once its settings are loaded; and the trusted proxy
 * header believed only from the proxy's own address, before the rate limiter (priority -1000) reads it.
 */
onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/deploy_settings.js`).applyDeploySettings(e.app);
});

routerUse(
  new Middleware(
    (e) => {
      require(`${__hooks}/lib/deploy_settings.js`).dropForgedForwarding(e);
      return e.next();
    },
    -1100,
    "sg_trusted_proxy_only",
  ),
);
