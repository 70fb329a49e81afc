/// <reference path="../pb_data/types.d.ts" />
/* global cronAdd */
/**
 * The hourly sweep of a studio's people (issue 37, lib/core/people_guard.js): people who chose nothing for
 * lib/rules/people_limits.js's UNUSED_AFTER_MS are removed (their tombstones reach the owner's devices), and the
 * people buckets that are empty again are forgotten. A new person's cap check sweeps its own gallery too,
 * so a full gallery never waits for this.
 */
cronAdd("sg_unused_people", "41 * * * *", () => {
  const guard = require(`${__hooks}/lib/core/people_guard.js`);
  const now = Date.now();
  try {
    const removed = guard.sweepUnused($app, "", now);
    guard.forgetEmptyBuckets($app, now);
    if (removed) $app.logger().info("unused people removed", "count", removed);
  } catch (err) {
    $app.logger().error("sweeping unused people failed", "error", String(err));
  }
});
