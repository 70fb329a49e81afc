/// <reference path="../pb_data/types.d.ts" />
/* global cronAdd */
/**
 * The hourly cleanup of abandoned direct uploads to object storage (issue 39, lib/core/direct_cleanup.js):
 * multipart uploads begun more than a day ago are aborted, and objects no record names, older than a day,
 * removed. Files in use are never touched. Nothing runs with files on the local disk.
 */
cronAdd("sg_direct_uploads_cleanup", "41 * * * *", () => {
  try {
    const done = require(`${__hooks}/lib/core/direct_cleanup.js`).sweep($app, Date.now());
    if (done.aborted || done.removed) $app.logger().info("abandoned direct uploads cleaned", "aborted", done.aborted, "removed", done.removed);
  } catch (err) {
    $app.logger().error("cleaning abandoned direct uploads failed", "error", String(err));
  }
});
