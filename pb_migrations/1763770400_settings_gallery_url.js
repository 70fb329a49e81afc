/// <reference path="../pb_data/types.d.ts" />
/**
 * The gallery address: the public URL of this server, used in the access messages the owner sends. It is
 * not the studio's website (websiteUrl), which stays a link on the gallery pages. Empty: the app's origin.
 */
migrate(
  (app) => {
    const c = app.findCollectionByNameOrId("settings");
    c.fields.add(new URLField({ name: "galleryUrl" }));
    app.save(c);
  },
  (app) => {
    const c = app.findCollectionByNameOrId("settings");
    c.fields.removeByName("galleryUrl");
    app.save(c);
  },
);
