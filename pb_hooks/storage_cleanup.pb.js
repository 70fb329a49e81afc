/// <reference path="../pb_data/types.d.ts" />
/* global onBootstrap */
/**
 * At start, before the server listens: leftover multipart temp uploads and stored files that belong to no
 * record are removed (issue 10). Only when the command is `serve` (JS hooks cannot bind onServe, and CLI
 * commands such as `superuser upsert` may run beside a live server). The logic is in lib/storage_cleanup.js.
 */
onBootstrap((e) => {
  e.next();
  if ($os.args.indexOf("serve") === 1) require(`${__hooks}/lib/storage_cleanup.js`).cleanAtStart(e.app);
});
