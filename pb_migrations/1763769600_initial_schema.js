/// <reference path="../pb_data/types.d.ts" />
/**
 * The initial schema: users' owner flag, clients, images, zip files, settings, tombstones, the per-gallery
 * attempt counter and the server's own secrets. Every collection the app syncs has `created`/`updated`
 * autodate fields: the sync pull reads `updated >= cursor` sorted by `updated,id`.
 *
 * Rules: only a studio owner (users.isStudioOwner = true) may touch studio data. A null rule means
 * superusers only; hooks (which run as the app) bypass rules.
 */
const OWNER = "@request.auth.id != '' && @request.auth.isStudioOwner = true";

function autodates() {
  return [
    { name: "created", type: "autodate", onCreate: true, onUpdate: false },
    { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
  ];
}

function ownerRules() {
  return { listRule: OWNER, viewRule: OWNER, createRule: OWNER, updateRule: OWNER, deleteRule: OWNER };
}

migrate(
  (app) => {
    // users: the owner flag, and rules that keep a user from promoting itself.
    const users = app.findCollectionByNameOrId("users");
    users.fields.add(new BoolField({ name: "isStudioOwner" }));
    users.listRule = "id = @request.auth.id";
    users.viewRule = "id = @request.auth.id";
    // Registration is decided by a hook (off unless ALLOW_REGISTRATION=true); the rule already refuses
    // the owner flag so that a hook regression cannot reopen the hole.
    users.createRule = "@request.body.isStudioOwner:isset = false || @request.body.isStudioOwner = false";
    users.updateRule = "id = @request.auth.id && @request.body.isStudioOwner:isset = false";
    users.deleteRule = null;
    users.fields.getByName("password").min = 6; // specification, section 9: password minimum 6
    // Owners work offline for days at a shoot; the app refreshes the token whenever it is online.
    users.authToken.duration = 30 * 24 * 3600;
    app.save(users);

    const clients = new Collection({
      type: "base",
      name: "clients",
      ...ownerRules(),
      fields: [
        { name: "owner", type: "relation", collectionId: users.id, maxSelect: 1, cascadeDelete: false },
        { name: "name", type: "text", required: true, max: 200 },
        { name: "email", type: "email" },
        { name: "eventType", type: "select", maxSelect: 1, values: ["Wedding", "Portrait", "Family", "Commercial", "Event"] },
        { name: "eventDate", type: "date" },
        { name: "notes", type: "text", max: 10000 },
        { name: "accessUrl", type: "text", max: 64, pattern: "^[a-z0-9-]+$" },
        { name: "accessCode", type: "text", max: 64 },
        { name: "expirationDate", type: "date" },
        { name: "enabled", type: "bool" },
        ...autodates(),
      ],
      indexes: ["CREATE UNIQUE INDEX idx_clients_accessUrl ON clients (accessUrl)", "CREATE INDEX idx_clients_updated ON clients (updated, id)"],
    });
    app.save(clients);

    const imageMimes = [
      "image/jpeg", "image/png", "image/gif", "image/webp", "image/avif", "image/tiff", "image/bmp",
    ];
    const images = new Collection({
      type: "base",
      name: "images",
      ...ownerRules(),
      fields: [
        { name: "client", type: "relation", collectionId: clients.id, maxSelect: 1, cascadeDelete: true, required: true },
        // Originals are stored unchanged; converted TIFFs of a 24 MP camera reach ~75 MB.
        { name: "original", type: "file", maxSelect: 1, maxSize: 200 * 1024 * 1024, protected: true, mimeTypes: imageMimes },
        { name: "thumbnail", type: "file", maxSelect: 1, maxSize: 5 * 1024 * 1024, protected: true, mimeTypes: imageMimes },
        { name: "preview", type: "file", maxSelect: 1, maxSize: 20 * 1024 * 1024, protected: true, mimeTypes: imageMimes },
        { name: "filename", type: "text", max: 255 },
        { name: "originalName", type: "text", max: 255 },
        { name: "fileSize", type: "number", onlyInt: true, min: 0 },
        { name: "mimeType", type: "text", max: 100 },
        { name: "width", type: "number", onlyInt: true, min: 0 },
        { name: "height", type: "number", onlyInt: true, min: 0 },
        { name: "checksum", type: "text", max: 128 },
        { name: "metadata", type: "json", maxSize: 64 * 1024 },
        { name: "uploadedAt", type: "date" },
        ...autodates(),
      ],
      indexes: ["CREATE INDEX idx_images_client ON images (client)", "CREATE INDEX idx_images_updated ON images (updated, id)"],
    });
    app.save(images);

    const zipFiles = new Collection({
      type: "base",
      name: "zip_files",
      ...ownerRules(),
      fields: [
        { name: "client", type: "relation", collectionId: clients.id, maxSelect: 1, cascadeDelete: true, required: true },
        { name: "filename", type: "text", max: 255 },
        { name: "originalName", type: "text", max: 255 },
        { name: "fileSize", type: "number", onlyInt: true, min: 0 },
        { name: "extractedCount", type: "number", onlyInt: true, min: 0 },
        { name: "uploadedAt", type: "date" },
        ...autodates(),
      ],
      indexes: ["CREATE INDEX idx_zip_files_updated ON zip_files (updated, id)"],
    });
    app.save(zipFiles);

    const settings = new Collection({
      type: "base",
      name: "settings",
      listRule: OWNER,
      viewRule: OWNER,
      createRule: null, // exactly one row, made below
      updateRule: OWNER,
      deleteRule: null,
      fields: [
        { name: "companyName", type: "text", required: true, max: 200 },
        { name: "email", type: "email" },
        { name: "websiteUrl", type: "url" },
        { name: "logo", type: "file", maxSelect: 1, maxSize: 2 * 1024 * 1024, mimeTypes: ["image/png", "image/jpeg"] },
        { name: "primaryColor", type: "text", pattern: "^#[0-9a-fA-F]{6}$" },
        { name: "enableWatermark", type: "bool" },
        { name: "lastUpdated", type: "autodate", onCreate: true, onUpdate: true },
        ...autodates(),
      ],
    });
    app.save(settings);
    const row = new Record(settings);
    row.set("companyName", $os.getenv("STUDIO_NAME") || "Studio Gallery");
    row.set("primaryColor", "#6d28d9");
    row.set("enableWatermark", true);
    app.save(row);

    const tombstones = new Collection({
      type: "base",
      name: "tombstones",
      listRule: OWNER,
      viewRule: OWNER,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: "recordCollection", type: "text", required: true, max: 64 },
        { name: "recordId", type: "text", required: true, max: 64 },
        { name: "client", type: "text", max: 64 }, // the owning client of a deleted image or zip file
        ...autodates(),
      ],
      indexes: ["CREATE INDEX idx_tombstones_updated ON tombstones (updated, id)"],
    });
    app.save(tombstones);

    // Wrong-code counter per gallery, in the database so that a restart does not reset it.
    const attempts = new Collection({
      type: "base",
      name: "gallery_attempts",
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: "client", type: "relation", collectionId: clients.id, maxSelect: 1, cascadeDelete: true, required: true },
        { name: "windowStart", type: "date", required: true },
        { name: "failures", type: "number", onlyInt: true, min: 0 },
      ],
      indexes: ["CREATE UNIQUE INDEX idx_gallery_attempts_client ON gallery_attempts (client)"],
    });
    app.save(attempts);

    // Secrets generated once per installation; superusers only.
    const secrets = new Collection({
      type: "base",
      name: "server_secrets",
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: "key", type: "text", required: true, max: 64 },
        { name: "value", type: "text", required: true, max: 256, hidden: true },
      ],
      indexes: ["CREATE UNIQUE INDEX idx_server_secrets_key ON server_secrets (key)"],
    });
    app.save(secrets);
    const gallerySecret = new Record(secrets);
    gallerySecret.set("key", "gallery_token");
    gallerySecret.set("value", $security.randomString(64));
    app.save(gallerySecret);
  },
  (app) => {
    for (const name of ["server_secrets", "gallery_attempts", "tombstones", "settings", "zip_files", "images", "clients"]) {
      app.delete(app.findCollectionByNameOrId(name));
    }
    const users = app.findCollectionByNameOrId("users");
    users.fields.removeByName("isStudioOwner");
    users.createRule = "";
    users.updateRule = "id = @request.auth.id";
    users.listRule = "id = @request.auth.id";
    users.viewRule = "id = @request.auth.id";
    app.save(users);
  },
);
