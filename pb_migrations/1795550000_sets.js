/// <reference path="../pb_data/types.d.ts" />
/**
 * Sets (issue 26): a gallery's sub-galleries ("Getting ready", "Ceremony", "Reception"). A set belongs to
 * one client and never moves to another; its `name` and `position` (the order of the tabs) are synced edits
 * with `fieldTimes`, like a proofing list, and its delete leaves a tombstone (pb_hooks/tombstones.pb.js).
 *
 * An image names its set in `set`: a plain id, "" for none, like a client's `coverImage`, not a relation: a
 * restored server gets a gallery's records back from a device in any order, and a set deleted elsewhere
 * must not make a device's offline move fail for good. pb_hooks/lib/core/sets.js keeps it valid: a set of
 * another gallery is refused, a deleted set becomes "", and deleting a set clears it on its photos in the
 * delete's transaction.
 */
const OWNER = "@request.auth.id != '' && @request.auth.isStudioOwner = true";

migrate(
  (app) => {
    const clients = app.findCollectionByNameOrId("clients");
    app.save(
      new Collection({
        type: "base",
        name: "sets",
        listRule: OWNER,
        viewRule: OWNER,
        createRule: OWNER,
        // A set belongs to its gallery: an update never moves it to another one.
        updateRule: OWNER + " && (@request.body.client:isset = false || @request.body.client = client)",
        deleteRule: OWNER,
        fields: [
          { name: "client", type: "relation", collectionId: clients.id, maxSelect: 1, cascadeDelete: true, required: true },
          { name: "name", type: "text", required: true, max: 100 },
          // The order of the gallery's sets; ties go by id.
          { name: "position", type: "number", onlyInt: true, min: 0, max: 1000000 },
          { name: "fieldTimes", type: "json", maxSize: 16 * 1024 },
          { name: "created", type: "autodate", onCreate: true, onUpdate: false },
          { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
        ],
        indexes: ["CREATE INDEX idx_sets_client ON sets (client)", "CREATE INDEX idx_sets_updated ON sets (updated, id)"],
      }),
    );
    const images = app.findCollectionByNameOrId("images");
    if (!images.fields.getByName("set")) images.fields.add(new TextField({ name: "set", max: 15, pattern: "^[a-z0-9]*$" }));
    images.addIndex("idx_images_set", false, "`set`", "");
    app.save(images);
  },
  (app) => {
    const images = app.findCollectionByNameOrId("images");
    images.removeIndex("idx_images_set");
    images.fields.removeByName("set");
    app.save(images);
    try {
      app.delete(app.findCollectionByNameOrId("sets"));
    } catch (_) {}
  },
);
