/// <reference path="../pb_data/types.d.ts" />
/* global cronAdd */
/**
 * The hourly sweep of uploads in parts (issue 38, lib/core/uploads.js): an upload nobody touched for a day is
 * removed with its parts. Only its own folder in the data dir is touched, never a stored file.
 */
cronAdd("sg_abandoned_uploads", "23 * * * *", () => {
  try {
    const removed = require(`${__hooks}/lib/core/uploads.js`).removeAbandoned($app, Date.now());
    if (removed) $app.logger().info("abandoned uploads removed", "count", removed);
  } catch (err) {
    $app.logger().error("removing abandoned uploads failed", "error", String(err));
  }
});
