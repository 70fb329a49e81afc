/// <reference path="../pb_data/types.d.ts" />
/**
 * Issue 25: the largest original is the studio's setting. settings.maxOriginalMB (1-200; 0 or empty means
 * the specification's 20 MB) is synced like the other settings; the images collection's own ceiling for
 * originals rises from 20 MB to 200 MB, and pb_hooks/lib/core/image_files.js refuses what is over the studio's
 * setting, with what to do.
 */
const CEILING = 200 * 1024 * 1024;
const BEFORE = 20971520;

migrate(
  (app) => {
    const settings = app.findCollectionByNameOrId("settings");
    if (!settings.fields.getByName("maxOriginalMB")) {
      settings.fields.add(new NumberField({ name: "maxOriginalMB", onlyInt: true, min: 0, max: 200 }));
      app.save(settings);
    }
    const images = app.findCollectionByNameOrId("images");
    images.fields.getByName("original").maxSize = CEILING;
    app.save(images);
  },
  (app) => {
    const settings = app.findCollectionByNameOrId("settings");
    settings.fields.removeByName("maxOriginalMB");
    app.save(settings);
    const images = app.findCollectionByNameOrId("images");
    images.fields.getByName("original").maxSize = BEFORE;
    app.save(images);
  },
);
