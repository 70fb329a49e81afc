/// <reference path="../pb_data/types.d.ts" />
/**
 * The gallery's cover photo: the id of one of the client's images, picked by the owner ('Set as cover'),
 * or "" for the first image. A plain id, not a relation: the owner's device pushes client edits before
 * it uploads the image records they may name, and an id that names no image of the client simply falls
 * back to the first image (lib/handlers/gallery_api.js). Synced like the client's other fields.
 */
migrate(
  (app) => {
    const clients = app.findCollectionByNameOrId("clients");
    clients.fields.add(new TextField({ name: "coverImage", max: 15, pattern: "^[a-z0-9]*$" }));
    app.save(clients);
  },
  (app) => {
    const clients = app.findCollectionByNameOrId("clients");
    clients.fields.removeByName("coverImage");
    app.save(clients);
  },
);
