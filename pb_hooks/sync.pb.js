/// <reference path="../pb_data/types.d.ts" />
/**
 * Sync support: per-field newest-wins on every create and update of a synced record (the rule is in
 * lib/sync_rules.js, the fields in the collection registry lib/sync_registry.js; JSON fields compare as
 * values, lib/canonical_json.js), and the server's clock for devices to measure their offset. A client's
 * access key, a valid cover (lib/references.js) and an image's set (lib/sets.js) are decided here too,
 * after the values a request keeps are known.
 */

// The synced collections are the owner-written entries of the collection registry (lib/sync_registry.js).
// Read when the hooks load, for the registrations only: handlers run in their own context and require what
// they use.
const SYNCED_COLLECTIONS = Object.keys(require(`${__hooks}/lib/sync_registry.js`).SYNCED_FIELDS);

onRecordCreate(
  (e) => {
    const rules = require(`${__hooks}/lib/sync_rules.js`);
    const fields = require(`${__hooks}/lib/sync_registry.js`).SYNCED_FIELDS[e.record.collection().name];
    const now = Date.now();
    let times = rules.timesForCreate(fields, e.record.getString("fieldTimes"), now);
    if (e.record.collection().name === "clients") {
      require(`${__hooks}/lib/client_defaults.js`).applyAccessKey(e.record);
      times = require(`${__hooks}/lib/references.js`).keepCoverValid(e.app, e.record, null, times, {}, now);
    }
    if (e.record.collection().name === "images") times = require(`${__hooks}/lib/sets.js`).keepSetValid(e.app, e.record, times, now);
    e.record.set("fieldTimes", times);
    return e.next();
  },
  ...SYNCED_COLLECTIONS,
);

onRecordUpdate(
  (e) => {
    const rules = require(`${__hooks}/lib/sync_rules.js`);
    const { sameJsonText } = require(`${__hooks}/lib/canonical_json.js`);
    const record = e.record;
    const original = record.original();
    const collection = record.collection();
    const fields = require(`${__hooks}/lib/sync_registry.js`).SYNCED_FIELDS[collection.name];
    const now = Date.now();
    const result = rules.resolveUpdate(
      fields,
      (f) => rules.isFieldChanged(collection.fields.getByName(f).type(), original.getString(f), record.getString(f), sameJsonText),
      original.getString("fieldTimes"),
      record.getString("fieldTimes"),
      now,
    );
    for (const f of result.revert) record.set(f, original.get(f));
    let times = result.times;
    // Access rules on the values the request keeps: a unique code, the session generation, a valid cover.
    if (collection.name === "clients") {
      const defaults = require(`${__hooks}/lib/client_defaults.js`);
      defaults.applyAccessKey(record);
      defaults.applyGeneration(record);
      const stored = rules.parseTimes(original.getString("fieldTimes"));
      times = require(`${__hooks}/lib/references.js`).keepCoverValid(e.app, record, original, times, stored, now);
    }
    // An image's set: one of its own gallery (lib/sets.js).
    if (collection.name === "images") times = require(`${__hooks}/lib/sets.js`).keepSetValid(e.app, record, times, now);
    record.set("fieldTimes", times);
    return e.next();
  },
  ...SYNCED_COLLECTIONS,
);

// The epoch changes with every restore of a backup (lib/server_epoch.js): devices reconcile when it does.
routerAdd("GET", "/api/sync/now", (e) => e.json(200, { now: Date.now(), epoch: require(`${__hooks}/lib/server_epoch.js`).ensureEpoch(e.app) }));
