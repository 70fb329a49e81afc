/// <reference path="../pb_data/types.d.ts" />
/**
 * Every delete of a synced record leaves a tombstone, written in the same transaction as the delete (so a
 * delete and its tombstone exist together or not at all). Cascaded deletes (a client's images) pass through
 * this hook too. Devices pull tombstones after their cursor and drop the rows locally.
 * A deleted image's references go in the same transaction (lib/references.js): a client's cover that named
 * it is cleared as an ordinary synced edit, after the tombstone, so the cover check sees the image deleted.
 */
onRecordDelete(
  (e) => {
    e.next();
    const record = e.record;
    const collectionName = record.collection().name;
    const tombstone = new Record(e.app.findCollectionByNameOrId("tombstones"));
    tombstone.set("recordCollection", collectionName);
    tombstone.set("recordId", record.id);
    tombstone.set("client", collectionName === "clients" ? record.id : record.getString("client"));
    e.app.save(tombstone);
    if (collectionName === "images") require(`${__hooks}/lib/references.js`).clearCoversOf(e.app, record.id);
    if (collectionName === "sets") require(`${__hooks}/lib/sets.js`).clearSetOf(e.app, record.id);
  },
  "clients",
  "images",
  // sets (pb_migrations/1795534000_sets.js)
  "sets",
  // proofing (pb_migrations/1763771500_proofing.js)
  "proof_lists",
  "proof_states",
  "proof_favourites",
  "proof_picks",
  "proof_comments",
);
