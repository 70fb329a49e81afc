/// <reference path="../pb_data/types.d.ts" />
/**
 * Issue 27, the studio's look per gallery: a cover style (full-bleed photo, photo beside the text, or text
 * only) and a typeface pairing (the system's fonts, or one of three self-hosted pairings). `settings` holds
 * the studio's defaults (blank: "full", "system"); `clients` overrides them per gallery (blank: the studio's).
 * Both are select fields, so the server refuses any other value whoever sends it. Synced fields (the
 * collection registry); the visitor's gallery gets the effective values with its info (lib/core/gallery_look.js).
 */
const FIELDS = {
  coverStyle: ["full", "split", "minimal"],
  typefaces: ["system", "classic", "modern", "elegant"],
};

migrate(
  (app) => {
    for (const name of ["clients", "settings"]) {
      const collection = app.findCollectionByNameOrId(name);
      for (const [field, values] of Object.entries(FIELDS)) {
        if (collection.fields.getByName(field)) continue;
        collection.fields.add(new SelectField({ name: field, maxSelect: 1, values: values }));
      }
      app.save(collection);
    }
  },
  (app) => {
    for (const name of ["clients", "settings"]) {
      const collection = app.findCollectionByNameOrId(name);
      for (const field of Object.keys(FIELDS)) collection.fields.removeByName(field);
      app.save(collection);
    }
  },
);
