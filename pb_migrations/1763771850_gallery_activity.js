/// <reference path="../pb_data/types.d.ts" />
/**
 * Activity (issue 12): one row per gallery with what visitors did, counted by the hooks (lib/handlers/activity.js),
 * one UPSERT per event. No address and no session id is stored: a new session is counted when it is born.
 * Only the studio owner reads it; nobody writes it through the API (hooks run as the app).
 */
const OWNER = "@request.auth.id != '' && @request.auth.isStudioOwner = true";

migrate(
  (app) => {
    const clients = app.findCollectionByNameOrId("clients");
    const count = (name) => ({ name, type: "number", onlyInt: true, min: 0 });
    app.save(
      new Collection({
        type: "base",
        name: "gallery_activity",
        listRule: OWNER,
        viewRule: OWNER,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: "client", type: "relation", collectionId: clients.id, maxSelect: 1, cascadeDelete: true, required: true },
          count("views"), // unlocks: a right code on the link or on the code-only page
          count("sessions"), // distinct visitor sessions: unlocks that started a new session
          count("singleDownloads"),
          count("zipDownloads"),
          count("zipPhotos"), // photos delivered into zips, counted per file served
          { name: "lastVisit", type: "date" },
          { name: "created", type: "autodate", onCreate: true, onUpdate: false },
          { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
        ],
        indexes: [
          "CREATE UNIQUE INDEX idx_gallery_activity_client ON gallery_activity (client)",
          "CREATE INDEX idx_gallery_activity_visit ON gallery_activity (lastVisit)",
        ],
      }),
    );
  },
  (app) => {
    try {
      app.delete(app.findCollectionByNameOrId("gallery_activity"));
    } catch (_) {}
  },
);
