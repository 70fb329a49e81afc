/// <reference path="../pb_data/types.d.ts" />
/**
 * Issue 27: the language of a client's gallery and the studio's default. `clients.language` is one of the
 * app's languages, or blank: the visitor's browser language when the app speaks it, else the studio's
 * default. `settings.language` is that default (blank: English). Both are synced fields (the collection
 * registry); lib/rules/gallery_language.js resolves them for the pages and emails the server writes.
 */
const LANGUAGES = ["en", "de", "fr", "es", "it", "pt-BR", "nl"];

migrate(
  (app) => {
    for (const name of ["clients", "settings"]) {
      const collection = app.findCollectionByNameOrId(name);
      if (collection.fields.getByName("language")) continue;
      collection.fields.add(new SelectField({ name: "language", maxSelect: 1, values: LANGUAGES }));
      app.save(collection);
    }
  },
  (app) => {
    for (const name of ["clients", "settings"]) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.removeByName("language");
      app.save(collection);
    }
  },
);
