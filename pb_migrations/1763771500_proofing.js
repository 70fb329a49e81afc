/// <reference path="../pb_data/types.d.ts" />
/**
 * Proofing (issue 12): a gallery's favourites, the owner's named lists (with an optional limit), the
 * visitor's picks in them, a comment per photo, and the gallery's submitted (locked) state.
 *
 * Rules: only the studio owner reads them (the device pulls them through sync). Visitors never use these
 * collections' API: they write through the gallery routes of pb_hooks/lib/handlers/proofing_routes.js, which check the
 * gallery session, the image's gallery, the list's limit and the lock (hooks run as the app and bypass
 * rules). The owner creates, renames, re-limits and deletes lists, and unlocks a submitted gallery by
 * clearing `submittedAt`; favourites, picks and comments are the visitor's, read-only to everyone else.
 * Every collection has `client` and (updated, id) for the sync pull, and leaves tombstones on delete.
 */
const OWNER = "@request.auth.id != '' && @request.auth.isStudioOwner = true";

function autodates() {
  return [
    { name: "created", type: "autodate", onCreate: true, onUpdate: false },
    { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
  ];
}

function readOnly() {
  return { listRule: OWNER, viewRule: OWNER, createRule: null, updateRule: null, deleteRule: null };
}

const NAMES = ["proof_comments", "proof_picks", "proof_favourites", "proof_states", "proof_lists"];

migrate(
  (app) => {
    const clients = app.findCollectionByNameOrId("clients");
    const images = app.findCollectionByNameOrId("images");
    const client = { name: "client", type: "relation", collectionId: clients.id, maxSelect: 1, cascadeDelete: true, required: true };
    const image = { name: "image", type: "relation", collectionId: images.id, maxSelect: 1, cascadeDelete: true, required: true };

    const lists = new Collection({
      type: "base",
      name: "proof_lists",
      listRule: OWNER,
      viewRule: OWNER,
      // A new list belongs to an existing gallery and never moves to another one.
      createRule: OWNER,
      updateRule: OWNER + " && (@request.body.client:isset = false || @request.body.client = client)",
      deleteRule: OWNER,
      fields: [
        client,
        { name: "name", type: "text", required: true, max: 100 },
        // "choose up to 30"; 0 means no limit.
        { name: "limit", type: "number", onlyInt: true, min: 0, max: 100000 },
        ...autodates(),
      ],
      indexes: ["CREATE INDEX idx_proof_lists_client ON proof_lists (client)", "CREATE INDEX idx_proof_lists_updated ON proof_lists (updated, id)"],
    });
    app.save(lists);

    app.save(
      new Collection({
        type: "base",
        name: "proof_states",
        listRule: OWNER,
        viewRule: OWNER,
        createRule: null,
        // The owner's unlock: clearing submittedAt, and nothing else.
        updateRule: OWNER + " && @request.body.client:isset = false && @request.body.submittedAt = ''",
        deleteRule: null,
        fields: [client, { name: "submittedAt", type: "date" }, ...autodates()],
        indexes: ["CREATE UNIQUE INDEX idx_proof_states_client ON proof_states (client)", "CREATE INDEX idx_proof_states_updated ON proof_states (updated, id)"],
      }),
    );

    app.save(
      new Collection({
        type: "base",
        name: "proof_favourites",
        ...readOnly(),
        fields: [client, image, ...autodates()],
        indexes: ["CREATE UNIQUE INDEX idx_proof_favourites_image ON proof_favourites (image)", "CREATE INDEX idx_proof_favourites_updated ON proof_favourites (updated, id)"],
      }),
    );

    app.save(
      new Collection({
        type: "base",
        name: "proof_picks",
        ...readOnly(),
        fields: [client, { name: "list", type: "relation", collectionId: lists.id, maxSelect: 1, cascadeDelete: true, required: true }, image, ...autodates()],
        indexes: ["CREATE UNIQUE INDEX idx_proof_picks_list_image ON proof_picks (list, image)", "CREATE INDEX idx_proof_picks_updated ON proof_picks (updated, id)"],
      }),
    );

    app.save(
      new Collection({
        type: "base",
        name: "proof_comments",
        ...readOnly(),
        fields: [client, image, { name: "text", type: "text", required: true, max: 2000 }, ...autodates()],
        indexes: ["CREATE UNIQUE INDEX idx_proof_comments_image ON proof_comments (image)", "CREATE INDEX idx_proof_comments_updated ON proof_comments (updated, id)"],
      }),
    );
  },
  (app) => {
    for (const name of NAMES) {
      try {
        app.delete(app.findCollectionByNameOrId(name));
      } catch (_) {}
    }
  },
);
