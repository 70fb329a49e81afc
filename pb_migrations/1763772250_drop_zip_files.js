/// <reference path="../pb_data/types.d.ts" />
/**
 * Removes `zip_files`, which nothing ever wrote (issue 17). A zip import happens on the owner's device: a
 * worker reads the archive, and its photos become `images` records that sync like any other; the archive
 * itself never reaches the server, so a server record of it had no file to point to and no writer. A zip
 * import history, should it be wanted, is a synced collection of its own with a writer in the store
 * (see docs/ARCHITECTURE.md, "Collections"). Tombstones of the collection go with it.
 *
 * Down recreates the collection as 1763769600_initial_schema.js made it (empty).
 */
const OWNER = "@request.auth.id != '' && @request.auth.isStudioOwner = true";

migrate(
  (app) => {
    let zipFiles = null;
    try {
      zipFiles = app.findCollectionByNameOrId("zip_files");
    } catch (_) {
      return; // already gone
    }
    app.db().newQuery("DELETE FROM tombstones WHERE recordCollection = 'zip_files'").execute();
    app.delete(zipFiles);
  },
  (app) => {
    const clients = app.findCollectionByNameOrId("clients");
    const zipFiles = new Collection({
      type: "base",
      name: "zip_files",
      listRule: OWNER,
      viewRule: OWNER,
      createRule: OWNER,
      updateRule: OWNER,
      deleteRule: OWNER,
      fields: [
        { name: "client", type: "relation", collectionId: clients.id, maxSelect: 1, cascadeDelete: true, required: true },
        { name: "filename", type: "text", max: 255 },
        { name: "originalName", type: "text", max: 255 },
        { name: "fileSize", type: "number", onlyInt: true, min: 0 },
        { name: "extractedCount", type: "number", onlyInt: true, min: 0 },
        { name: "uploadedAt", type: "date" },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
        { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
      ],
      indexes: ["CREATE INDEX idx_zip_files_updated ON zip_files (updated, id)"],
    });
    app.save(zipFiles);
  },
);
