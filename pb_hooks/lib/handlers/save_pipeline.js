/**
 * The one ordered save pipeline of every synced record (issue 29): sync.pb.js registers it once per event
 * for the synced collections, and each step runs here in a fixed order, where before it was a handler in
 * each of several *.pb.js files, in an order PocketBase does not promise. Required inside handlers.
 *
 * The order, and why:
 * 1. the record's own checks on the values sent: a client's defaults (lib/core/client_defaults.js); an image's
 *    file names (lib/rules/file_names.js), then its files judged by their bytes (lib/core/image_files.js); a person's
 *    name and email (lib/handlers/proof_people.js);
 * 2. per-field newest-edit-wins (lib/core/sync_save.js), which may put back fields the request may not change;
 * 3. the rules on the values the request keeps: a client's access key (checked once, here, on the code that
 *    is kept), expiry day and instant (lib/core/expiry.js), session generation and cover (lib/core/references.js); an
 *    image's set (lib/core/sets.js); then the field times are stored; a new studio time zone re-derives when
 *    each gallery closes (lib/core/expiry.js);
 * 4. an image's crc32 is never changed by an update (lib/core/transfers.js).
 */
function beforeCreate(e) {
  const record = e.record;
  const name = record.collection().name;
  firstChecks(record, name);
  const syncSave = require(`${__hooks}/lib/core/sync_save.js`);
  const now = Date.now();
  let times = syncSave.createTimes(record, now);
  if (name === "clients") {
    const defaults = require(`${__hooks}/lib/core/client_defaults.js`);
    defaults.applyAccessKey(record);
    times = require(`${__hooks}/lib/core/expiry.js`).applyExpiry(e.app, record, null, times, now);
    defaults.applyGeneration(record);
    times = require(`${__hooks}/lib/core/references.js`).keepCoverValid(e.app, record, null, times, {}, now);
  }
  if (name === "images") times = require(`${__hooks}/lib/core/sets.js`).keepSetValid(e.app, record, times, now);
  record.set("fieldTimes", times);
}

function beforeUpdate(e) {
  const record = e.record;
  const name = record.collection().name;
  firstChecks(record, name);
  const syncSave = require(`${__hooks}/lib/core/sync_save.js`);
  const now = Date.now();
  let times = syncSave.updateTimes(record, now);
  if (name === "clients") {
    const defaults = require(`${__hooks}/lib/core/client_defaults.js`);
    defaults.applyAccessKey(record);
    times = require(`${__hooks}/lib/core/expiry.js`).applyExpiry(e.app, record, record.original(), times, now);
    defaults.applyGeneration(record);
    times = require(`${__hooks}/lib/core/references.js`).keepCoverValid(e.app, record, record.original(), times, syncSave.storedTimes(record), now);
  }
  if (name === "images") times = require(`${__hooks}/lib/core/sets.js`).keepSetValid(e.app, record, times, now);
  record.set("fieldTimes", times);
  if (name === "images") require(`${__hooks}/lib/core/transfers.js`).keepCrc32(record);
  // A new studio time zone moves when each gallery closes, never its day (lib/core/expiry.js).
  if (name === "settings" && record.getString("timeZone") !== record.original().getString("timeZone")) {
    require(`${__hooks}/lib/core/expiry.js`).reexpireAll(e.app, record.getString("timeZone"));
  }
}

function firstChecks(record, name) {
  if (name === "clients") require(`${__hooks}/lib/core/client_defaults.js`).applyClientDefaults(record);
  if (name === "proof_people") require(`${__hooks}/lib/handlers/proof_people.js`).cleanFields(record);
  if (name === "settings") require(`${__hooks}/lib/core/image_files.js`).guardLogo(record);
  if (name === "images") {
    require(`${__hooks}/lib/rules/file_names.js`).sanitizeRecordNames(record);
    require(`${__hooks}/lib/core/image_files.js`).guardUploads(record);
  }
}

module.exports = { beforeCreate, beforeUpdate };
