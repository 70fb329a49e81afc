/// <reference path="../pb_data/types.d.ts" />
/**
 * Every delete of a synced record leaves a tombstone, written in the same transaction as the delete (so a
 * delete and its tombstone exist together or not at all). Cascaded deletes (a client's images) pass through
 * this hook too. Devices pull tombstones after their cursor and drop the rows locally.
 * A deleted image's references go in the same transaction (lib/core/references.js): a client's cover that named
 * it is cleared as an ordinary synced edit, after the tombstone, so the cover check sees the image deleted.
 * A deleted set's photos move to no set the same way (lib/core/sets.js).
 */
onRecordDelete(
  (e) => {
    e.next();
    const record = e.record;
    const collectionName = record.collection().name;
    const entry = require(`${__hooks}/lib/records/sync_registry.js`).COLLECTIONS.find((c) => c.name === collectionName);
    const tombstone = new Record(e.app.findCollectionByNameOrId("tombstones"));
    tombstone.set("recordCollection", collectionName);
    tombstone.set("recordId", record.id);
    // The gallery it belonged to: a client's own id, else its parent field (every child's parent is a client).
    tombstone.set("client", entry.parent ? record.getString(entry.parent.field) : record.id);
    e.app.save(tombstone);
    if (collectionName === "images") require(`${__hooks}/lib/core/references.js`).clearCoversOf(e.app, record.id);
    if (collectionName === "sets") require(`${__hooks}/lib/core/sets.js`).clearSetOf(e.app, record.id);
  },
  // The registry's collections with `tombstones` (lib/records/sync_registry.js), read when the hooks load.
  ...require(`${__hooks}/lib/records/sync_registry.js`).TOMBSTONE_COLLECTIONS,
);
