/// <reference path="../pb_data/types.d.ts" />
/**
 * Delivery controls per gallery (issue 12): `downloadMode` is "off", "web" (the 2,048 px preview) or
 * "originals"; blank, as every gallery from before this migration has it, means originals, which keeps
 * what those galleries did. `downloadPin` is an optional 4-digit PIN asked before the first download.
 * Both are synced client fields; the server enforces them (pb_hooks/lib/handlers/delivery.js).
 */
migrate(
  (app) => {
    const clients = app.findCollectionByNameOrId("clients");
    clients.fields.add(new SelectField({ name: "downloadMode", maxSelect: 1, values: ["off", "web", "originals"] }));
    clients.fields.add(new TextField({ name: "downloadPin", max: 4, pattern: "^([0-9]{4})?$" }));
    app.save(clients);
  },
  (app) => {
    const clients = app.findCollectionByNameOrId("clients");
    clients.fields.removeByName("downloadMode");
    clients.fields.removeByName("downloadPin");
    app.save(clients);
  },
);
