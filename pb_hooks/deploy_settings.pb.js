/// <reference path="../pb_data/types.d.ts" />
/* global onBootstrap */
/**
 * Deployment settings of the environment (trusted proxy header, S3), applied whenever PocketBase starts
 * (serve and the CLI commands `npm start` runs first) once its settings are loaded. The trusted proxy header
 * is believed only from the proxy's own address (lib/handlers/middlewares.js, before the rate limiter reads it).
 */
onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/core/deploy_settings.js`).applyDeploySettings(e.app);
});
