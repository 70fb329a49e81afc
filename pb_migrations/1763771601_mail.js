/// <reference path="../pb_data/types.d.ts" />
/**
 * Email (issue 12). Synced fields: clients.galleryEmailAt (when the owner last asked to email the gallery
 * to the client, ms; each new value is sent once, when it reaches the server, so a request made offline
 * goes out when the device syncs), clients.noReminders and settings.noReminders (expiry reminders off for
 * the gallery / the studio), settings.emailTemplate (the gallery email's text; blank: the default).
 * `mail_log` records every message the server sent or tried (never the recipient's address): its unique
 * (client, kind, key) makes each gallery email and each reminder go out once. The owner may read it.
 */
const OWNER = "@request.auth.id != '' && @request.auth.isStudioOwner = true";

migrate(
  (app) => {
    const clients = app.findCollectionByNameOrId("clients");
    clients.fields.add(new NumberField({ name: "galleryEmailAt", onlyInt: true, min: 0 }));
    clients.fields.add(new BoolField({ name: "noReminders" }));
    app.save(clients);

    const settings = app.findCollectionByNameOrId("settings");
    settings.fields.add(new TextField({ name: "emailTemplate", max: 5000 }));
    settings.fields.add(new BoolField({ name: "noReminders" }));
    app.save(settings);

    app.save(
      new Collection({
        type: "base",
        name: "mail_log",
        listRule: OWNER,
        viewRule: OWNER,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: "client", type: "relation", collectionId: clients.id, maxSelect: 1, cascadeDelete: true, required: true },
          { name: "kind", type: "select", maxSelect: 1, values: ["gallery", "reminder-7", "reminder-1"], required: true },
          { name: "key", type: "text", required: true, max: 64 }, // the request's time, or the expiry a reminder is for
          { name: "status", type: "select", maxSelect: 1, values: ["sending", "sent", "failed", "not-configured"], required: true },
          { name: "error", type: "text", max: 500 },
          { name: "created", type: "autodate", onCreate: true },
          { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
        ],
        indexes: ["CREATE UNIQUE INDEX idx_mail_log_once ON mail_log (client, kind, key)"],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("mail_log"));
    const clients = app.findCollectionByNameOrId("clients");
    clients.fields.removeByName("galleryEmailAt");
    clients.fields.removeByName("noReminders");
    app.save(clients);
    const settings = app.findCollectionByNameOrId("settings");
    settings.fields.removeByName("emailTemplate");
    settings.fields.removeByName("noReminders");
    app.save(settings);
  },
);
