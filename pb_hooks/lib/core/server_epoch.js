/**
 * The server's epoch: an identity of the studio's data that changes whenever that data is replaced by a
 * backup, so devices notice a server that went back in time (docs/SYNC.md, "A restored server").
 *
 * It lives in a file in the data folder that backups leave out and restores leave in place (both hooks
 * add it to the event's exclude list), so it belongs to the running server, never to a backup:
 * - the first start writes one (`ensureEpoch`);
 * - every restore, from scripts/restore.mjs or the dashboard (both go through PocketBase's RestoreBackup and
 *   so through onBackupRestore), writes a new one before PocketBase swaps the data and restarts;
 * - a restore that then fails (PocketBase puts the old data back) leaves a new epoch too: devices then
 *   reconcile for nothing, which changes nothing (reconciling is idempotent). The opposite, a restore that
 *   keeps the old epoch, would lose data, so the file is written before the swap, not after.
 * A backup copied into the data folder by hand, outside PocketBase, is not seen: docs/DEPLOY.md says to
 * delete the file then.
 */

/** The file's name in the data folder (left out of backups, kept across restores). */
const EPOCH_FILE = "server_epoch.json";

function epochPath(app) {
  return app.dataDir() + "/" + EPOCH_FILE;
}

/** The current epoch, or "" when none was written yet. */
function readEpoch(app) {
  try {
    const parsed = JSON.parse(toString($os.readFile(epochPath(app))));
    return typeof parsed.epoch === "string" ? parsed.epoch : "";
  } catch (_) {
    return "";
  }
}

/** Writes a new epoch; `reason` says why (for the operator reading the file). */
function renewEpoch(app, reason) {
  const epoch = $security.randomString(20);
  const body = JSON.stringify({ epoch: epoch, since: new Date().toISOString(), reason: reason });
  $os.writeFile(epochPath(app), body, /** @type {os.FileMode} */ (/** @type {unknown} */ (0o644))); // a number, as Go's FileMode is
  return epoch;
}

/** The epoch, written first when there is none (the first start, or a data folder set up by hand). */
function ensureEpoch(app) {
  return readEpoch(app) || renewEpoch(app, "first start");
}

module.exports = { EPOCH_FILE, readEpoch, renewEpoch, ensureEpoch };
