/// <reference path="../pb_data/types.d.ts" />
/**
 * The save pipeline of the synced collections, registered once per event (the only onRecordCreate and
 * onRecordUpdate of the hooks): a client's defaults, an image's file names and bytes, per-field newest-wins
 * (lib/rules/sync_rules.js, the fields in the collection registry lib/records/sync_registry.js), then a client's access
 * key, session generation and cover, an image's set and crc32, in the fixed order of lib/handlers/save_pipeline.js.
 */

// The synced collections are the owner-written entries of the collection registry (lib/records/sync_registry.js).
// Read when the hooks load, for the registrations only: handlers run in their own context and require what
// they use.
const SYNCED_COLLECTIONS = Object.keys(require(`${__hooks}/lib/records/sync_registry.js`).SYNCED_FIELDS);

onRecordCreate((e) => {
  require(`${__hooks}/lib/handlers/save_pipeline.js`).beforeCreate(e);
  return e.next();
}, ...SYNCED_COLLECTIONS);

onRecordUpdate((e) => {
  require(`${__hooks}/lib/handlers/save_pipeline.js`).beforeUpdate(e);
  return e.next();
}, ...SYNCED_COLLECTIONS);
