/// <reference path="../pb_data/types.d.ts" />
/**
 * The studio's time zone (an IANA name such as "America/Los_Angeles"): a gallery set to expire on a day
 * closes at the end of that day there. The owner's app fills it from the device when it is blank
 * (docs/SECURITY.md, Expiry). Synced like the other settings.
 */
migrate(
  (app) => {
    const settings = app.findCollectionByNameOrId("settings");
    settings.fields.add(new TextField({ name: "timeZone", max: 64, pattern: "^[A-Za-z0-9_+/-]*$" }));
    app.save(settings);
  },
  (app) => {
    const settings = app.findCollectionByNameOrId("settings");
    settings.fields.removeByName("timeZone");
    app.save(settings);
  },
);
