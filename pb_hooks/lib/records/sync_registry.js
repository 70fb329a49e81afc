// @ts-check
/**
 * The collection registry: every collection the owner's device keeps in sync, declared once, read by both
 * sides (docs/ARCHITECTURE.md, "Adding a synced collection"). Plain CommonJS data with no requires and no
 * PocketBase globals: the hooks `require` it (sync rules, tombstones), and the app imports it as an ES
 * module through the `hooksContract` Vite plugin (src/domain/registry.ts derives the pull and push tables,
 * the Dexie tables, the conflict subjects and the restore order from it). TypeScript reads the types from
 * this file itself (the `const` cast below), so a new entry or field needs nothing else typed.
 *
 * An entry:
 * - `name`: the PocketBase collection; `table`: the device's Dexie table; `indexes`: that table's Dexie
 *   indexes (primary key first).
 * - `writer`: "owner" for records the owner's devices edit (pushed from the outbox, newest edit wins per
 *   field); "visitor" for records only the gallery routes write (pulled only, stored as the server wrote
 *   them, never pushed).
 * - `creates`: the owner's devices create its records (false: they only update records the server made,
 *   such as the one settings row, or a visitor's person).
 * - `deletes`: the owner's devices delete its records (a restored server gets the delete again); when absent,
 *   the same as `creates` (what the owner makes, the owner removes).
 * - `parent`: the collection a record belongs to and the field naming it (null for a root): a child waits
 *   for its parent's create, and a tombstone names the parent.
 * - `synced`: the fields that sync with per-field newest-edit-wins (`fieldTimes` on the server); the name
 *   is the same on the wire and in the device's row. Adding a field is one line here.
 * - `setAtCreate`: values the device sets when it creates a record and the server keeps as they are (sent
 *   with the create, pulled back, never edited), with the value a row takes when the server has none.
 * - `pulled`: values only the server writes, which the device keeps (with the same defaults).
 * - `files`: file fields, pulled as file names; `filesIn`: the row's object that holds them (null: each
 *   file name is a field of the row). A create of a collection with files goes through the uploads.
 * - `tombstones`: a delete leaves a tombstone (pb_hooks/tombstones.pb.js) that devices pull.
 * - `subject`: how a conflict names the record: "name" (its name field), "file" (the photo's name),
 *   "parent" (its parent's name), "studio" (the one studio); null when the device never edits it.
 *
 * The order is the pull order: a collection comes after those its records point at.
 */
/** What most records of a gallery have in common: they name their gallery, hold no files and leave tombstones. */
const OF_A_GALLERY = /** @type {const} */ ({ parent: { collection: "clients", field: "client" }, setAtCreate: {}, files: [], filesIn: null, tombstones: true });

const COLLECTIONS = /** @type {const} */ ([
  {
    name: "clients",
    table: "clients",
    indexes: "id, name, createdAt, trashedAt",
    writer: "owner",
    creates: true,
    parent: null,
    synced: [
      "name",
      "email",
      "eventType",
      "eventDate",
      "notes",
      "accessUrl",
      "accessCode",
      "expirationDate",
      // The expiry as the day the owner chose (issue 37): the server derives expirationDate from it (lib/core/expiry.js).
      "expiryDay",
      "enabled",
      "downloadMode",
      "downloadPin",
      "galleryEmailAt",
      "noReminders",
      "coverImage",
      "originalsAs",
      "language",
      "galleryTheme",
      "coverStyle",
      "typefaces",
      // In the trash since (issue 43; "" while live): the gallery is gone for visitors until it is restored.
      "trashedAt",
    ],
    setAtCreate: {},
    pulled: {},
    files: [],
    filesIn: null,
    tombstones: true,
    subject: "name",
  },
  // A gallery's sets (issue 26), before the images that name them.
  {
    name: "sets",
    table: "sets",
    indexes: "id, client, trashedAt",
    writer: "owner",
    creates: true,
    ...OF_A_GALLERY,
    // `trashedAt` (issue 43): in the trash since ("" while live); its photos show in no set meanwhile.
    synced: ["name", "position", "trashedAt"],
    pulled: { created: "", updated: "" },
    subject: "name",
  },
  {
    name: "images",
    table: "images",
    // placeholder, files.medium, files.large (Dexie v9, issue 39): the photos lacking an added size are found
    // by index (src/store/repositories/missingSizes.ts), not by reading the whole catalogue after each sync.
    indexes: "id, client, uploadedAt, files.original, trashedAt, placeholder, files.medium, files.large",
    writer: "owner",
    creates: true,
    parent: { collection: "clients", field: "client" },
    // `set`: the photo's set of its gallery, "" for none (issue 26; kept valid by lib/core/sets.js).
    // `webStatus` (issue 38): a clip's web version, "" until one is made, then "made", "original" (the original
    // plays everywhere) or "unsupported" (delivered as shot); synced, since another device may make it later.
    // `trashedAt` (issue 43): in the trash since ("" while live), gone for visitors until restored.
    synced: ["filename", "originalName", "metadata", "set", "webStatus", "trashedAt"],
    // `kind` "video" is a clip (issue 38; "" is a photo), `duration` its seconds.
    setAtCreate: { fileSize: 0, mimeType: "", width: 0, height: 0, checksum: "", crc32: "", placeholder: "", uploadedAt: "", kind: "", duration: 0 },
    pulled: {},
    files: ["original", "thumbnail", "medium", "large", "preview", "jpeg", "webVideo"],
    filesIn: "files",
    tombstones: true,
    subject: "file",
  },
  {
    name: "settings",
    table: "settings",
    indexes: "id",
    writer: "owner",
    creates: false,
    parent: null,
    synced: ["companyName", "email", "websiteUrl", "galleryUrl", "primaryColor", "enableWatermark", "timeZone", "emailTemplate", "noReminders", "maxOriginalMB", "maxVideoMB", "language", "galleryTheme", "coverStyle", "typefaces", "trashDays"],
    setAtCreate: {},
    pulled: {},
    files: ["logo"],
    filesIn: null,
    tombstones: false,
    subject: "studio",
  },
  // Proofing (issue 12): the owner's lists and unlock are synced edits; favourites, picks and comments are
  // the visitor's, written through the gallery routes only.
  {
    name: "proof_lists",
    table: "proofLists",
    indexes: "id, client",
    writer: "owner",
    creates: true,
    ...OF_A_GALLERY,
    synced: ["name", "limit"],
    pulled: { created: "", updated: "" },
    subject: "name",
  },
  {
    name: "proof_states",
    table: "proofStates",
    indexes: "id, client",
    writer: "owner",
    creates: false,
    ...OF_A_GALLERY,
    synced: ["submittedAt"],
    // One person's submission (issue 26).
    pulled: { created: "", updated: "", person: "" },
    subject: "parent",
  },
  // People (issue 26): who chose; favourites, picks, comments and states name one. A visitor makes a person
  // through the gallery routes; the owner renames (name, email) and removes one (the server cascades their
  // favourites, picks, comments and state, each with its tombstone).
  {
    name: "proof_people",
    table: "proofPeople",
    indexes: "id, client, trashedAt",
    writer: "owner",
    creates: false,
    deletes: true,
    ...OF_A_GALLERY,
    // `trashedAt` (issue 43): in the trash since ("" while live); their choices count for nothing meanwhile.
    synced: ["name", "email", "trashedAt"],
    pulled: { created: "", updated: "", shared: false },
    subject: "name",
  },
  {
    name: "proof_favourites",
    table: "proofFavourites",
    indexes: "id, client",
    writer: "visitor",
    creates: false,
    ...OF_A_GALLERY,
    synced: [],
    pulled: { updated: "", person: "", image: "", created: "" },
    subject: null,
  },
  {
    name: "proof_picks",
    table: "proofPicks",
    indexes: "id, client, list",
    writer: "visitor",
    creates: false,
    ...OF_A_GALLERY,
    synced: [],
    pulled: { updated: "", person: "", list: "", image: "", created: "" },
    subject: null,
  },
  {
    name: "proof_comments",
    table: "proofComments",
    indexes: "id, client",
    writer: "visitor",
    creates: false,
    ...OF_A_GALLERY,
    synced: [],
    pulled: { updated: "", person: "", image: "", text: "" },
    subject: null,
  },
]);

/** The fields each owner-written collection syncs with newest-edit-wins (the hooks' sync rules). */
const SYNCED_FIELDS = syncedFieldsOf(COLLECTIONS);

/** @param {typeof COLLECTIONS} collections */
function syncedFieldsOf(collections) {
  /** @type {Record<string, readonly string[]>} */
  const out = {};
  for (const c of collections) if (c.writer === "owner") out[c.name] = c.synced;
  return out;
}

/** The collections whose deletes leave tombstones. */
const TOMBSTONE_COLLECTIONS = COLLECTIONS.filter((c) => c.tombstones).map((c) => c.name);

module.exports = { COLLECTIONS, SYNCED_FIELDS, TOMBSTONE_COLLECTIONS };
