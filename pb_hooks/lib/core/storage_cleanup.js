/**
 * Cleanup after a crash (issue 10): a killed server leaves multipart temp files of uploads it was receiving
 * and stored files whose record was never written (PocketBase stores files before it inserts the row).
 * Before the server listens, `cleanAtStart(app)` empties the upload temp folder (one folder, cheap). The scan
 * of local storage for files and folders no record refers to walks every record folder (minutes at 100,000
 * photos, issue 39), so it is not in the start: `removeOrphans(app, nowMs)` runs from the hourly cron
 * `sg_orphaned_files` (storage_cleanup.pb.js) while the server answers, and removes only what is older than
 * ORPHAN_MIN_AGE_MS.
 *
 * Invariants a change must keep:
 * - a name a record's file field holds is never deleted, nor its `.attrs` (type, written beside it by the
 *   local storage) nor its `thumbs_<name>` folder;
 * - a folder of a collection that no longer exists, or has no file fields, is left alone (not ours to judge);
 * - with S3 storage configured nothing is scanned (the bucket may be shared; local files are not the store);
 * - the temp folder is emptied only for `serve`, before requests are accepted, so no upload is in flight;
 * - the orphan scan runs beside live uploads: a create stores its files, then inserts its row, within one
 *   request, so a file (or a record folder's newest entry) younger than ORPHAN_MIN_AGE_MS is never removed,
 *   and the rows are read before the folders are listed.
 * `unreferenced` is pure and unit-tested; the rest needs PocketBase.
 */

/** The upload temp folder inside the data folder; scripts/lib/pocketbase.mjs points TMPDIR at it. */
const UPLOAD_TMP_DIR = ".upload_tmp";

/** An unreferenced file younger than this may belong to a create still in flight: left for a later scan. */
const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

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

/** A folder's entries, each with its last change (ms); [] when it is gone. */
function listDir(path) {
  try {
    return $os.readDir(path).map((d) => ({ name: d.name(), isDir: d.isDir(), modifiedMs: modifiedMs(d) }));
  } catch (_) {
    return [];
  }
}

function modifiedMs(entry) {
  try {
    return entry.info().modTime().unixMilli();
  } catch (_) {
    return Number.MAX_SAFE_INTEGER; // gone meanwhile, or unreadable: treated as young, never removed
  }
}

/** The newest change in a folder and its entries (a record folder being written is young). */
function newestIn(path, ownMs) {
  let newest = ownMs;
  for (const e of listDir(path)) newest = Math.max(newest, e.modifiedMs);
  return newest;
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

/** Removes, from local storage, files and folders no record refers to and unchanged for ORPHAN_MIN_AGE_MS. */
function removeOrphans(app, nowMs) {
  if (app.settings().s3.enabled) return 0;
  const oldBefore = nowMs - ORPHAN_MIN_AGE_MS;
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
        if (newestIn(path, recordDir.modifiedMs) >= oldBefore) continue;
        $os.removeAll(path);
        removed++;
        continue;
      }
      const entries = listDir(path);
      for (const name of unreferenced(entries, names)) {
        const entry = entries.find((e) => e.name === name);
        const newest = entry.isDir ? newestIn(path + "/" + name, entry.modifiedMs) : entry.modifiedMs;
        if (newest >= oldBefore) continue;
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
  app.logger().info("Start cleanup done (orphaned files: hourly, sg_orphaned_files)", "tempFiles", temp);
}

module.exports = { UPLOAD_TMP_DIR, ORPHAN_MIN_AGE_MS, unreferenced, namesOf, referencedFiles, cleanAtStart, removeOrphans };
