/// <reference path="../pb_data/types.d.ts" />
/* global onBootstrap */
/**
 * Applies the deployment settings of the environment (trusted proxy header, S3) whenever PocketBase starts
 * (serve and the CLI commands `npm start` runs first), once its settings are loaded.
 */
onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/deploy_settings.js`).applyDeploySettings(e.app);
});
