/// <reference path="../pb_data/types.d.ts" />
/**
 * Per-field edit times for sync conflicts. `fieldTimes` maps a field name to the time of its last edit on
 * the server's clock (devices correct their own clocks by a measured offset). The update hook keeps, per
 * field, the value with the newer edit time (pb_hooks/sync.pb.js).
 */
const SYNCED = ["clients", "images", "settings"];

migrate(
  (app) => {
    for (const name of SYNCED) {
      const c = app.findCollectionByNameOrId(name);
      c.fields.add(new JSONField({ name: "fieldTimes", maxSize: 16 * 1024 }));
      app.save(c);
    }
  },
  (app) => {
    for (const name of SYNCED) {
      const c = app.findCollectionByNameOrId(name);
      c.fields.removeByName("fieldTimes");
      app.save(c);
    }
  },
);
