/**
 * Cleanup at start (issue 10): a killed server leaves multipart temp files of uploads it was receiving
 * and stored files whose record was never written (PocketBase stores files before it inserts the row).
 * Before the server listens, `cleanAtStart(app)` empties the upload temp folder and removes, from local
 * storage only, every file and folder no record refers to.
 *
 * Invariants a change must keep:
 * - a name a record's file field holds is never deleted, nor its `.attrs` (type, written beside it by the
 *   local storage) nor its `thumbs_<name>` folder;
 * - a folder of a collection that no longer exists, or has no file fields, is left alone (not ours to judge);
 * - with S3 storage configured nothing is scanned (the bucket may be shared; local files are not the store);
 * - it runs only for `serve`, before requests are accepted, so no upload is in flight.
 * `unreferenced` is pure and unit-tested; the rest needs PocketBase.
 */

/** The upload temp folder inside the data folder; scripts/lib/pocketbase.mjs points TMPDIR at it. */
const UPLOAD_TMP_DIR = ".upload_tmp";

/** Names in a record's folder (`entries`: {name, isDir}) that none of `referenced` (stored names) accounts for. */
function unreferenced(entries, referenced) {
  const keep = {};
  for (const name of referenced) {
    if (!name) continue;
    keep[name] = "file";
    keep[name + ".attrs"] = "file";
    keep["thumbs_" + name] = "dir";
  }
  return entries.filter((e) => keep[e.name] !== (e.isDir ? "dir" : "file")).map((e) => e.name);
}

/** The stored names in one raw column value: a plain name, or a JSON list for multi-file fields. */
function namesOf(raw) {
  const s = String(raw || "");
  if (s === "") return [];
  if (s.charAt(0) !== "[") return [s];
  try {
    return JSON.parse(s).map(String);
  } catch (_) {
    return [s];
  }
}

function listDir(path) {
  try {
    return $os.readDir(path).map((d) => ({ name: d.name(), isDir: d.isDir() }));
  } catch (_) {
    return [];
  }
}

/* global arrayOf */
/** Every record id of `collection` with the names its file fields hold. */
function referencedFiles(app, collection, fileFields) {
  const shape = { id: "" };
  for (const f of fileFields) shape[f] = "";
  const rows = arrayOf(new DynamicModel(shape));
  app.db().select.apply(app.db(), ["id"].concat(fileFields)).from(collection.name).all(rows);
  const byId = {};
  for (const row of rows) {
    let names = [];
    for (const f of fileFields) names = names.concat(namesOf(row[f]));
    byId[row.id] = names;
  }
  return byId;
}

function removeOrphans(app) {
  const root = app.dataDir() + "/storage";
  let removed = 0;
  for (const dir of listDir(root)) {
    if (!dir.isDir) continue;
    let collection;
    try {
      collection = app.findCollectionByNameOrId(dir.name);
    } catch (_) {
      continue;
    }
    if (collection.isView()) continue;
    const fileFields = collection.fields.filter((f) => f.type() === "file").map((f) => f.name);
    if (fileFields.length === 0) continue;
    const byId = referencedFiles(app, collection, fileFields);
    for (const recordDir of listDir(root + "/" + dir.name)) {
      const path = root + "/" + dir.name + "/" + recordDir.name;
      if (!recordDir.isDir) continue;
      const names = byId[recordDir.name];
      if (!names) {
        $os.removeAll(path);
        removed++;
        continue;
      }
      for (const name of unreferenced(listDir(path), names)) {
        $os.removeAll(path + "/" + name);
        removed++;
      }
    }
  }
  return removed;
}

function emptyUploadTemp(app) {
  const dir = app.dataDir() + "/" + UPLOAD_TMP_DIR;
  let removed = 0;
  for (const entry of listDir(dir)) {
    $os.removeAll(dir + "/" + entry.name);
    removed++;
  }
  return removed;
}

function cleanAtStart(app) {
  const temp = emptyUploadTemp(app);
  if (app.settings().s3.enabled) {
    app.logger().info("Start cleanup: upload temp files removed; orphaned-file scan skipped (S3 storage)", "tempFiles", temp);
    return;
  }
  const orphans = removeOrphans(app);
  app.logger().info("Start cleanup done", "tempFiles", temp, "orphans", orphans);
}

module.exports = { UPLOAD_TMP_DIR, unreferenced, namesOf, referencedFiles, cleanAtStart };
