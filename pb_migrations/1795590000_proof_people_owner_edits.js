/// <reference path="../pb_data/types.d.ts" />
/**
 * The owner renames and removes a gallery's people (issue 26). A visitor still makes a person only through
 * the gallery routes (createRule stays null); the studio owner may now
 * - update a person's `name` and `email`, synced edits with per-field newest-wins, hence `fieldTimes`; never
 *   `client` (a person belongs to one gallery), `session` (which visitor made it) or `shared` ("Client");
 * - delete a person: their favourites, picks, comments and state go with them (the relations' cascadeDelete),
 *   each delete leaving its tombstone (pb_hooks/tombstones.pb.js).
 * A name and an email are cleaned and checked on every save (pb_hooks/lib/handlers/proof_people.js), as a visitor's are.
 */
const OWNER = "@request.auth.id != '' && @request.auth.isStudioOwner = true";
const UPDATE = OWNER + " && @request.body.client:isset = false && @request.body.session:isset = false && @request.body.shared:isset = false";

migrate(
  (app) => {
    const people = app.findCollectionByNameOrId("proof_people");
    if (!people.fields.getByName("fieldTimes")) people.fields.add(new JSONField({ name: "fieldTimes", maxSize: 16 * 1024 }));
    people.updateRule = UPDATE;
    people.deleteRule = OWNER;
    app.save(people);
  },
  (app) => {
    const people = app.findCollectionByNameOrId("proof_people");
    people.fields.removeByName("fieldTimes");
    people.updateRule = null;
    people.deleteRule = null;
    app.save(people);
  },
);
