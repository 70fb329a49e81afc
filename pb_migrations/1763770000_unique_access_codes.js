/// <reference path="../pb_data/types.d.ts" />
/**
 * Access codes unique across the studio, compared in their normalised form (pb_hooks/lib/rules/contract.js).
 * `accessKey` (hidden) holds the normalised code of every client whose code is its own, under a unique
 * index; `codeShared` flags clients that already shared a code with another before this change: such a
 * code opens neither gallery by code alone (the link route still works) until the owner gives one a new
 * code. Written so that it can run again on a database that has the fields (tests re-run it).
 */
migrate(
  (app) => {
    const contract = require(`${__hooks}/lib/rules/contract.js`);
    const clients = app.findCollectionByNameOrId("clients");
    if (!clients.fields.getByName("accessKey")) clients.fields.add(new TextField({ name: "accessKey", max: 64, hidden: true }));
    if (!clients.fields.getByName("codeShared")) clients.fields.add(new BoolField({ name: "codeShared" }));
    clients.indexes = clients.indexes.filter((i) => i.indexOf("idx_clients_accessKey") === -1);
    app.save(clients);

    const rows = app.findAllRecords("clients");
    const byKey = {};
    for (const r of rows) {
      const key = contract.normalizeAccessCode(r.getString("accessCode"));
      if (!key) continue;
      (byKey[key] = byKey[key] || []).push(r.id);
    }
    const now = new Date().toISOString().replace("T", " ");
    app.db().newQuery("UPDATE clients SET accessKey = '', codeShared = FALSE").execute();
    for (const key of Object.keys(byKey)) {
      const ids = byKey[key];
      for (const id of ids) {
        const shared = ids.length > 1;
        // `updated` moves for flagged clients so that the owner's devices pull the flag.
        app
          .db()
          .newQuery(shared ? "UPDATE clients SET codeShared = TRUE, updated = {:now} WHERE id = {:id}" : "UPDATE clients SET accessKey = {:key} WHERE id = {:id}")
          .bind({ id, key, now })
          .execute();
      }
    }
    const fresh = app.findCollectionByNameOrId("clients");
    fresh.indexes.push("CREATE UNIQUE INDEX idx_clients_accessKey ON clients (accessKey) WHERE accessKey != ''");
    app.save(fresh);
  },
  (app) => {
    const clients = app.findCollectionByNameOrId("clients");
    clients.indexes = clients.indexes.filter((i) => i.indexOf("idx_clients_accessKey") === -1);
    clients.fields.removeByName("accessKey");
    clients.fields.removeByName("codeShared");
    app.save(clients);
  },
);
