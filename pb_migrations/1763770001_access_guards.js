/// <reference path="../pb_data/types.d.ts" />
/**
 * The brute-force budget of the gallery doors (docs/SECURITY.md). `access_guards` (superusers only) keeps
 * one row per address (keyed by an HMAC of it, never the address) with its failures and the time of its
 * next allowed attempt, and one row for the studio-wide budget of the code-only route. `access_failures`
 * records wrong codes per gallery for the owner, who may read and delete (reset) them; it never locks a
 * gallery. They replace `gallery_attempts`, whose hourly lock let anyone with the link lock the client out.
 */
const OWNER = "@request.auth.id != '' && @request.auth.isStudioOwner = true";

migrate(
  (app) => {
    const clients = app.findCollectionByNameOrId("clients");
    const guards = new Collection({
      type: "base",
      name: "access_guards",
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: "key", type: "text", required: true, max: 128 },
        { name: "failures", type: "number", onlyInt: true, min: 0 },
        { name: "nextAt", type: "number", onlyInt: true, min: 0 }, // ms: the next attempt allowed, or the budget's window end
        { name: "lastAt", type: "number", onlyInt: true, min: 0 }, // ms: the last failure
      ],
      indexes: ["CREATE UNIQUE INDEX idx_access_guards_key ON access_guards (key)"],
    });
    app.save(guards);

    const failures = new Collection({
      type: "base",
      name: "access_failures",
      listRule: OWNER,
      viewRule: OWNER,
      createRule: null,
      updateRule: null,
      deleteRule: OWNER, // the owner's reset
      fields: [
        { name: "client", type: "relation", collectionId: clients.id, maxSelect: 1, cascadeDelete: true, required: true },
        { name: "failures", type: "number", onlyInt: true, min: 0 },
        { name: "lastFailureAt", type: "date" },
      ],
      indexes: ["CREATE UNIQUE INDEX idx_access_failures_client ON access_failures (client)"],
    });
    app.save(failures);

    try {
      app.delete(app.findCollectionByNameOrId("gallery_attempts"));
    } catch (_) {}
  },
  (app) => {
    for (const name of ["access_failures", "access_guards"]) app.delete(app.findCollectionByNameOrId(name));
    const clients = app.findCollectionByNameOrId("clients");
    app.save(
      new Collection({
        type: "base",
        name: "gallery_attempts",
        fields: [
          { name: "client", type: "relation", collectionId: clients.id, maxSelect: 1, cascadeDelete: true, required: true },
          { name: "windowStart", type: "date", required: true },
          { name: "failures", type: "number", onlyInt: true, min: 0 },
        ],
        indexes: ["CREATE UNIQUE INDEX idx_gallery_attempts_client ON gallery_attempts (client)"],
      }),
    );
  },
);
