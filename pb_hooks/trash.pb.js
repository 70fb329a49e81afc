/// <reference path="../pb_data/types.d.ts" />
/* global cronAdd */
/**
 * The hourly end of the trash (issue 43, lib/core/trash.js): what has been in the trash longer than the
 * studio's trashDays is deleted for good, files included; the owner's devices get the tombstones.
 */
cronAdd("sg_trash_purge", "17 * * * *", () => {
  try {
    const purged = require(`${__hooks}/lib/core/trash.js`).purgeTrash($app, Date.now());
    if (purged) $app.logger().info("trash emptied of old records", "count", purged);
  } catch (err) {
    $app.logger().error("emptying the trash failed", "error", String(err));
  }
});
