/// <reference path="../pb_data/types.d.ts" />
/**
 * The owner's proofing writes sync like clients: `proof_lists` (create, rename, limit, delete) and
 * `proof_states` (unlock) get `fieldTimes`, so pb_hooks/sync.pb.js keeps the newest edit per field and the
 * owner's device can make these changes offline and push them from its outbox (docs/SYNC.md).
 */
const COLLECTIONS = ["proof_lists", "proof_states"];

migrate(
  (app) => {
    for (const name of COLLECTIONS) {
      const c = app.findCollectionByNameOrId(name);
      c.fields.add(new JSONField({ name: "fieldTimes", maxSize: 16 * 1024 }));
      app.save(c);
    }
  },
  (app) => {
    for (const name of COLLECTIONS) {
      const c = app.findCollectionByNameOrId(name);
      c.fields.removeByName("fieldTimes");
      app.save(c);
    }
  },
);
