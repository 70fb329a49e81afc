/// <reference path="../pb_data/types.d.ts" />
/* global onBootstrap, onBackupCreate, onBackupRestore, cronAdd */
/**
 * At start, before the server listens: leftover multipart temp uploads are removed (issue 10). Only when the
 * command is `serve` (JS hooks cannot bind onServe, and CLI commands such as `superuser upsert` may run beside
 * a live server). Stored files that belong to no record are removed by the hourly cron below, after the start
 * (a scan of every record folder took minutes at 100,000 photos, issue 39), once they are an hour old.
 * The logic is in lib/core/storage_cleanup.js.
 */
onBootstrap((e) => {
  e.next();
  if ($os.args.indexOf("serve") === 1) require(`${__hooks}/lib/core/storage_cleanup.js`).cleanAtStart(e.app);
});

cronAdd("sg_orphaned_files", "53 * * * *", () => {
  try {
    const removed = require(`${__hooks}/lib/core/storage_cleanup.js`).removeOrphans($app, Date.now());
    if (removed) $app.logger().info("orphaned files removed", "count", removed);
  } catch (err) {
    $app.logger().error("removing orphaned files failed", "error", String(err));
  }
});

// The upload temp folder and the uploads in parts (issue 38) are the running server's, never part of a backup or
// replaced by a restore.
onBackupCreate((e) => {
  e.exclude = e.exclude.concat([require(`${__hooks}/lib/core/storage_cleanup.js`).UPLOAD_TMP_DIR, require(`${__hooks}/lib/core/uploads.js`).UPLOADS_DIR]);
  return e.next();
});

onBackupRestore((e) => {
  e.exclude = e.exclude.concat([require(`${__hooks}/lib/core/storage_cleanup.js`).UPLOAD_TMP_DIR, require(`${__hooks}/lib/core/uploads.js`).UPLOADS_DIR]);
  return e.next();
});
