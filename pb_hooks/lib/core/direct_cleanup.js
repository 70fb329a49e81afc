/**
 * The cleanup of abandoned direct uploads (issue 39; direct_uploads.pb.js runs it every hour): in the bucket,
 * multipart uploads nobody touched for a day are aborted (their parts go with them; `S3_ABANDONED_HOURS` changes the day), and objects under a
 * record's folder (`<collectionId>/<recordId>/<name>`) that no record's file field names and that are older than
 * a day are removed: a device that sent a file and never completed, or a complete refused while the bucket
 * could not delete. Never touched: any object a record names (nor its `thumbs_<name>/` folder, which is not of
 * that layout), anything younger than a day (an upload in flight, a record being saved), and any key outside a
 * collection of ours with file fields (the bucket may be shared). Returns what it removed.
 */
const rules = () => require(`${__hooks}/lib/rules/direct_upload_rules.js`);
const xml = () => require(`${__hooks}/lib/rules/s3_xml.js`);
const store = () => require(`${__hooks}/lib/core/object_store.js`);
/** A day, or `S3_ABANDONED_HOURS` (docs/DEPLOY.md). */
const afterMs = () => rules().abandonedAfterMs($os.getenv("S3_ABANDONED_HOURS"));

/** Aborts the multipart uploads nobody touched for a day (their rows: lib/core/direct_uploads.js). */
function abortAbandoned(app, nowMs) {
  const uploads = require(`${__hooks}/lib/core/direct_uploads.js`);
  const before = new Date(nowMs - afterMs()).toISOString().replace("T", " ");
  const rows = app.findRecordsByFilter("direct_uploads", "updated <= {:before}", "updated", 500, 0, { before });
  for (const row of rows) uploads.endMultipart(app, { key: row.getString("key"), uploadId: row.getString("uploadId") });
  return rows.length;
}

/** The file fields of a collection id of ours, or null (not ours, a view, no file fields). */
function fileFieldsOf(app, collectionId) {
  let collection;
  try {
    collection = app.findCollectionByNameOrId(collectionId);
  } catch (_) {
    return null;
  }
  if (collection.isView()) return null;
  const fields = collection.fields.filter((f) => f.type() === "file").map((f) => f.name);
  return fields.length ? { collection, fields } : null;
}

/** Removes objects no record names, older than a day. */
function removeOrphans(app, nowMs) {
  const bucket = require(`${__hooks}/lib/core/direct_uploads.js`).bucket;
  const cleanup = require(`${__hooks}/lib/core/storage_cleanup.js`);
  /** @type {Record<string, any>} */
  const referenced = {};
  let removed = 0;
  /** @type {Record<string, string>} */
  let query = { "list-type": "2" };
  for (let page = 0; page < 10000; page++) {
    const listing = xml().objectsOf(String(bucket(app, "GET", "", { query }).raw));
    for (const o of listing.objects) {
      const where = rules().splitKey(o.key);
      if (!where || !rules().isAbandoned(o.modified, nowMs, afterMs())) continue;
      if (!(where.collectionId in referenced)) {
        const of = fileFieldsOf(app, where.collectionId);
        referenced[where.collectionId] = of ? cleanup.referencedFiles(app, of.collection, of.fields) : null;
      }
      const byId = referenced[where.collectionId];
      if (!byId) continue;
      const names = byId[where.recordId];
      if (names && names.indexOf(where.name) >= 0) continue;
      // Looked up again right before the delete: the list above was read before this page's objects.
      if (stillNamed(app, where)) continue;
      const res = store().send(app, "DELETE", o.key, {});
      if (res.statusCode === 204 || res.statusCode === 200) removed++;
    }
    if (!listing.next) break;
    query = { "list-type": "2", "continuation-token": listing.next };
  }
  return removed;
}

/** Whether the record of a key names the key's file now. */
function stillNamed(app, where) {
  let record;
  try {
    record = app.findRecordById(where.collectionId, where.recordId);
  } catch (_) {
    return false;
  }
  const of = fileFieldsOf(app, where.collectionId);
  for (const f of of ? of.fields : []) {
    const value = record.get(f);
    const names = typeof value === "string" ? [value] : Array.from(value || []).map(String);
    if (names.indexOf(where.name) >= 0) return true;
  }
  return false;
}

/** The hourly sweep; nothing without object storage. */
function sweep(app, nowMs) {
  if (!store().storeConfig(app)) return { aborted: 0, removed: 0 };
  return { aborted: abortAbandoned(app, nowMs), removed: removeOrphans(app, nowMs) };
}

module.exports = { sweep };
