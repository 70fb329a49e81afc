/**
 * The trash's end (issue 43): records the owner put in the trash (`trashedAt`, a synced field, "" while live)
 * are deleted for good once they have been there longer than the studio's `settings.trashDays` (0: the
 * default, 30). Deleting is PocketBase's ordinary delete, so everything a delete does follows: the files
 * go, children cascade (a client's photos, sets and proofing; a photo's favourites, picks and comments; a
 * person's choices), tombstones reach the owner's devices, and a set's photos are left in no set
 * (lib/core/sets.js). What visitors see of a trashed record is decided at once elsewhere (the `trashedAt`
 * filters of lib/core/gallery_images.js, gallery_session.js, serve_cache.js and proofing_state.js).
 * Uses PocketBase globals; required in handlers.
 */
const DEFAULT_TRASH_DAYS = 30;
const MAX_TRASH_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Clients first: their cascade takes what they hold, which then needs no delete of its own. */
const COLLECTIONS = ["clients", "sets", "images", "proof_people"];
/** At most this many records a run, so one run stays short; the next hour takes the rest. */
const BATCH = 500;

/** The days the studio keeps its trash. */
function trashDays(app) {
  const settings = require(`${__hooks}/lib/core/studio_settings.js`).studioSettings(app);
  const days = settings ? settings.getInt("trashDays") : 0;
  return days > 0 ? Math.min(days, MAX_TRASH_DAYS) : DEFAULT_TRASH_DAYS;
}

/** Deletes what has been in the trash longer than the studio keeps it; answers how many records went. */
function purgeTrash(app, nowMs) {
  const { pbDateAt } = require(`${__hooks}/lib/rules/contract.js`);
  const cutoff = pbDateAt(nowMs - trashDays(app) * DAY_MS);
  let purged = 0;
  for (const name of COLLECTIONS) {
    const due = app.findRecordsByFilter(name, "trashedAt != '' && trashedAt < {:cutoff}", "trashedAt", BATCH, 0, { cutoff });
    for (const record of due) {
      try {
        // A client's cascade may have taken it since the query.
        app.delete(app.findRecordById(name, record.id));
        purged += 1;
      } catch (_) {}
    }
  }
  return purged;
}

module.exports = { purgeTrash, trashDays, DEFAULT_TRASH_DAYS };
