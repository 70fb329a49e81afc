/// <reference path="../pb_data/types.d.ts" />
/**
 * People, not one shared selection (issue 26): `proof_people` are the named visitors of a gallery, and
 * favourites, picks, comments and the submitted state belong to one of them (`person`). A visitor's gallery
 * session holds its person (pb_hooks/lib/handlers/proof_people.js); the proofing routes write as that person only.
 *
 * `session` is a hash of the session that made the person (hidden: never answered by the API), so a flood of
 * made-up people can be counted per session. `shared` marks the person this migration makes, "Client", who
 * holds each gallery's selection from before people existed: any visitor of that gallery may continue as it,
 * exactly as everyone shared that one selection before.
 *
 * Every moved row gets a new `updated`, so the owner's devices pull it again with its person.
 */
const OWNER = "@request.auth.id != '' && @request.auth.isStudioOwner = true";
const VISITOR_TABLES = ["proof_favourites", "proof_picks", "proof_comments", "proof_states"];
const NEW_INDEXES = {
  proof_favourites: ["CREATE UNIQUE INDEX idx_proof_favourites_person_image ON proof_favourites (person, image)", "CREATE INDEX idx_proof_favourites_client ON proof_favourites (client)"],
  proof_picks: ["CREATE UNIQUE INDEX idx_proof_picks_list_person_image ON proof_picks (list, person, image)", "CREATE INDEX idx_proof_picks_client ON proof_picks (client)"],
  proof_comments: ["CREATE UNIQUE INDEX idx_proof_comments_person_image ON proof_comments (person, image)", "CREATE INDEX idx_proof_comments_client ON proof_comments (client)"],
  proof_states: ["CREATE UNIQUE INDEX idx_proof_states_person ON proof_states (person)", "CREATE INDEX idx_proof_states_client ON proof_states (client)"],
};
const OLD_INDEXES = {
  proof_favourites: ["CREATE UNIQUE INDEX idx_proof_favourites_image ON proof_favourites (image)"],
  proof_picks: ["CREATE UNIQUE INDEX idx_proof_picks_list_image ON proof_picks (list, image)"],
  proof_comments: ["CREATE UNIQUE INDEX idx_proof_comments_image ON proof_comments (image)"],
  proof_states: ["CREATE UNIQUE INDEX idx_proof_states_client ON proof_states (client)"],
};
/** What made a row unique before people (the down migration keeps one row per key). */
const OLD_KEYS = { proof_favourites: "image", proof_picks: "list, image", proof_comments: "image", proof_states: "client" };

function swapIndexes(collection, remove, add) {
  collection.indexes = collection.indexes.filter((sql) => remove.indexOf(sql) < 0).concat(add.filter((sql) => collection.indexes.indexOf(sql) < 0));
}

migrate(
  (app) => {
    const clients = app.findCollectionByNameOrId("clients");
    const people = new Collection({
      type: "base",
      name: "proof_people",
      listRule: OWNER,
      viewRule: OWNER,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: "client", type: "relation", collectionId: clients.id, maxSelect: 1, cascadeDelete: true, required: true },
        { name: "name", type: "text", required: true, max: 60 },
        { name: "email", type: "text", max: 254 },
        { name: "session", type: "text", max: 64, hidden: true },
        { name: "shared", type: "bool" },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
        { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
      ],
      indexes: [
        "CREATE INDEX idx_proof_people_client ON proof_people (client)",
        "CREATE INDEX idx_proof_people_session ON proof_people (client, session)",
        "CREATE INDEX idx_proof_people_updated ON proof_people (updated, id)",
      ],
    });
    app.save(people);

    for (const name of VISITOR_TABLES) {
      const c = app.findCollectionByNameOrId(name);
      if (!c.fields.getByName("person")) c.fields.add(new RelationField({ name: "person", collectionId: people.id, maxSelect: 1, cascadeDelete: true }));
      app.save(c);
    }

    // Each gallery with a selection gets its "Client", who takes every row of that selection.
    const now = new DateTime().string();
    const rows = arrayOf(new DynamicModel({ client: "" }));
    app
      .db()
      .newQuery(VISITOR_TABLES.map((t) => `SELECT DISTINCT client FROM ${t} WHERE COALESCE(person, '') = ''`).join(" UNION "))
      .all(rows);
    for (const row of rows) {
      const person = new Record(people);
      person.set("client", row.client);
      person.set("name", "Client");
      person.set("shared", true);
      app.save(person);
      for (const t of VISITOR_TABLES) {
        app
          .db()
          .newQuery(`UPDATE ${t} SET person = {:person}, updated = {:now} WHERE client = {:client} AND COALESCE(person, '') = ''`)
          .bind({ person: person.id, now: now, client: row.client })
          .execute();
      }
    }

    for (const name of VISITOR_TABLES) {
      const c = app.findCollectionByNameOrId(name);
      c.fields.getByName("person").required = true;
      swapIndexes(c, OLD_INDEXES[name], NEW_INDEXES[name]);
      if (name === "proof_states") {
        // The owner's unlock: clearing submittedAt of one person's state, and nothing else.
        c.updateRule = OWNER + " && @request.body.client:isset = false && @request.body.person:isset = false && @request.body.submittedAt = ''";
      }
      app.save(c);
    }
  },
  (app) => {
    for (const name of VISITOR_TABLES) {
      const c = app.findCollectionByNameOrId(name);
      // One shared selection again: one row per old key (the oldest), the others go.
      app
        .db()
        .newQuery(`DELETE FROM ${name} WHERE rowid NOT IN (SELECT MIN(rowid) FROM ${name} GROUP BY ${OLD_KEYS[name]})`)
        .execute();
      swapIndexes(c, NEW_INDEXES[name], OLD_INDEXES[name]);
      if (name === "proof_states") c.updateRule = OWNER + " && @request.body.client:isset = false && @request.body.submittedAt = ''";
      c.fields.removeByName("person");
      app.save(c);
    }
    try {
      app.delete(app.findCollectionByNameOrId("proof_people"));
    } catch (_) {}
  },
);
