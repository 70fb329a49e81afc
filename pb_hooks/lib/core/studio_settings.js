/**
 * The studio's settings record, the one row of `settings`, read by whatever needs a studio setting: the
 * visitor's branding (lib/core/studio_info.js), the originals' size limit (lib/core/image_files.js), the emails, the
 * gallery pages. Uses PocketBase globals; required in handlers.
 */

/** The settings record, or null before it exists; `app` is the transaction's app inside one. */
function studioSettings(app = $app) {
  return app.findRecordsByFilter("settings", "", "created", 1, 0)[0] || null;
}

module.exports = { studioSettings };
