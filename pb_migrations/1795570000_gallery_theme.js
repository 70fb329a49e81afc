/// <reference path="../pb_data/types.d.ts" />
/**
 * Issue 27: a gallery's theme, light or dark. `settings.galleryTheme` is the studio's default (blank: light);
 * `clients.galleryTheme` overrides it per gallery (blank: the studio's). Both are synced fields (the collection
 * registry); the visitor's gallery gets the resolved theme with its info (lib/handlers/gallery_api.js).
 */
const THEMES = ["light", "dark"];

migrate(
  (app) => {
    for (const name of ["clients", "settings"]) {
      const collection = app.findCollectionByNameOrId(name);
      if (collection.fields.getByName("galleryTheme")) continue;
      collection.fields.add(new SelectField({ name: "galleryTheme", maxSelect: 1, values: THEMES }));
      app.save(collection);
    }
  },
  (app) => {
    for (const name of ["clients", "settings"]) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.removeByName("galleryTheme");
      app.save(collection);
    }
  },
);
