/// <reference path="../pb_data/types.d.ts" />
/**
 * A per-gallery session generation that only goes up: on disable, on any change of the expiry and on a
 * new access code (pb_hooks/lib/core/client_defaults.js). Visitor session tokens carry it, and a token of an
 * older generation opens nothing, so re-enabling, un-expiring or switching the code back revives no session.
 */
migrate(
  (app) => {
    const clients = app.findCollectionByNameOrId("clients");
    clients.fields.add(new NumberField({ name: "sessionGeneration", onlyInt: true, min: 0 }));
    app.save(clients);
  },
  (app) => {
    const clients = app.findCollectionByNameOrId("clients");
    clients.fields.removeByName("sessionGeneration");
    app.save(clients);
  },
);
