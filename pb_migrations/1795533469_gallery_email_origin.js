/// <reference path="../pb_data/types.d.ts" />
/**
 * Issue 25: clients.galleryEmailOrigin, the origin the owner's app ran on when it last asked to email the
 * gallery (the request's Origin header, kept by pb_hooks/mail.pb.js). With Settings > Gallery address
 * empty, the gallery email and the reminders link there, instead of PocketBase's Application URL (by
 * default http://localhost:8090). Hidden: the server's own bookkeeping, never synced or shown.
 */
migrate(
  (app) => {
    const clients = app.findCollectionByNameOrId("clients");
    if (!clients.fields.getByName("galleryEmailOrigin")) {
      clients.fields.add(new TextField({ name: "galleryEmailOrigin", max: 200, hidden: true }));
      app.save(clients);
    }
  },
  (app) => {
    const clients = app.findCollectionByNameOrId("clients");
    clients.fields.removeByName("galleryEmailOrigin");
    app.save(clients);
  },
);
