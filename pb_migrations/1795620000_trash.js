/// <reference path="../pb_data/types.d.ts" />
/**
 * The trash (issue 43): nothing deleted for good by one click. Photos and clips (`images`), `sets`, `clients`
 * and `proof_people` get `trashedAt`, the moment the owner put the record in the trash ("" while it is live,
 * else a PocketBase date "2026-06-01 12:00:00.000Z"), a synced field like any other, so a restore made
 * offline syncs as an edit. Every visitor route treats a trashed record as gone (pb_hooks/lib/core/trash.js);
 * the hourly job of pb_hooks/trash.pb.js deletes what has been in the trash longer than the studio's
 * `settings.trashDays` (0, as in every settings row before this migration, means the default, 30).
 * An index on each `trashedAt` lets the job and the visitor's queries find trashed records cheaply.
 */
const TRASHED = ["clients", "sets", "images", "proof_people"];
const DATE_PATTERN = "^(\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z)?$";

migrate(
  (app) => {
    for (const name of TRASHED) {
      const collection = app.findCollectionByNameOrId(name);
      if (!collection.fields.getByName("trashedAt")) collection.fields.add(new TextField({ name: "trashedAt", max: 30, pattern: DATE_PATTERN }));
      collection.addIndex(`idx_${name}_trashedAt`, false, "trashedAt", "");
      app.save(collection);
    }
    const settings = app.findCollectionByNameOrId("settings");
    if (!settings.fields.getByName("trashDays")) settings.fields.add(new NumberField({ name: "trashDays", onlyInt: true, min: 0, max: 365 }));
    app.save(settings);
  },
  (app) => {
    for (const name of TRASHED) {
      const collection = app.findCollectionByNameOrId(name);
      collection.removeIndex(`idx_${name}_trashedAt`);
      collection.fields.removeByName("trashedAt");
      app.save(collection);
    }
    const settings = app.findCollectionByNameOrId("settings");
    settings.fields.removeByName("trashDays");
    app.save(settings);
  },
);
