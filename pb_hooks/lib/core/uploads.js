/**
 * Resumable uploads in parts (issue 38): a clip's original or web version, or any large original, arrives in
 * parts that are each checked (size, SHA-256) and kept in a folder of the data dir (UPLOADS_DIR, never the
 * storage, which may be S3) until the whole file is there; then it is judged by its header and set on its
 * record, which the storage (local or S3) stores as any upload. The rules are in lib/rules/upload_rules.js;
 * the routes in lib/handlers/upload_routes.js. Required in handlers.
 *
 * Bytes never pass through the JS engine (it copies a byte array element by element): a part goes from the
 * request body to its file by Go's *os.File.ReadFrom, is hashed by `sha256sum` on the file (docs/SECURITY.md,
 * "Uploads in parts", for the measures behind that choice), and the parts are joined by ReadFrom again
 * (lib/core/upload_complete.js, which also answers a complete or a start sent again after the upload ended).
 *
 * One folder per upload, `<UPLOADS_DIR>/<id>`: `meta.json` (what was started), the checked parts `<n>.<sha256>`,
 * a part being received `<n>.<random>.tmp`; while joining `joined.json` and `joined/<name>`; once completed only
 * `done.json`. The id is a hash of (record, field, size, name), so the same file started again finds its parts.
 */
/* global $filepath */
const rules = () => require(`${__hooks}/lib/rules/upload_rules.js`);
const refusal = (status, code, params, fields) => require(`${__hooks}/lib/rules/refusals.js`).refusalError(status, code, params, fields);

const store = require(`${__hooks}/lib/core/upload_store.js`);
const { UPLOADS_DIR, META, uploadsRoot, uploadDir, readMeta, findUpload, listParts, statusOf, asAnswer } = store;

/** The studio's limit for a file of `type` (a clip's, or a photo's original's) and its refusal code. */
function limitFor(app, type) {
  const limits = require(`${__hooks}/lib/rules/original_limit.js`);
  const settings = require(`${__hooks}/lib/core/studio_settings.js`).studioSettings(app);
  if (require(`${__hooks}/lib/rules/video_guard.js`).isVideoType(type)) {
    return { bytes: limits.videoLimitBytes(settings ? settings.getInt("maxVideoMB") : 0), code: "validation_video_size_limit", max: limits.MAX_VIDEO_MB };
  }
  return { bytes: limits.originalLimitBytes(settings ? settings.getInt("maxOriginalMB") : 0), code: "validation_file_size_limit", max: limits.MAX_ORIGINAL_MB };
}

/** The types a file field of images takes. */
function fieldTypes(app, field) {
  const types = app.findCollectionByNameOrId("images").fields.getByName(field).mimeTypes;
  const out = [];
  for (let i = 0; i < types.length; i++) out.push(String(types[i]));
  return out;
}

/** POST /api/owner/uploads: starts an upload, or finds the one of the same file; answers its id, part size and the parts it has. */
function start(e) {
  const app = e.app;
  const asked = rules().readStart(e.requestInfo().body);
  if (!asked.ok) throw refusal(asked.code === "image_not_found" ? 404 : 400, asked.code);
  try {
    app.findRecordById("images", asked.record);
  } catch (_) {
    throw refusal(404, "image_not_found");
  }
  if (fieldTypes(app, asked.field).indexOf(asked.type) < 0) throw refusal(400, "upload_type", { type: asked.type });
  const limit = limitFor(app, asked.type);
  if (asked.size > limit.bytes) {
    const p = require(`${__hooks}/lib/rules/original_limit.js`).tooLargeParams(asked.size, limit.bytes);
    throw refusal(400, limit.code, { size: p.size, limit: p.limit, max: limit.max });
  }
  const id = $security.sha256(rules().uploadKey(asked.record, asked.field, asked.size, asked.name)).slice(0, 32);
  const dir = uploadDir(app, id);
  const finished = require(`${__hooks}/lib/core/upload_complete.js`);
  const done = finished.completedRecord(app, dir);
  if (done) {
    // Completed already (its answer lost on the way): the device sends nothing and takes the record.
    $apis.enrichRecord(e, done);
    return e.json(200, { id, partSize: asked.partSize, parts: [], complete: true, record: done });
  }
  let meta = readMeta(dir);
  if (!meta) {
    // A marker of a file the record no longer holds (replaced since) ends: this is a new upload.
    $os.removeAll(dir);
    meta = { record: asked.record, field: asked.field, size: asked.size, name: asked.name, type: asked.type, partSize: asked.partSize, started: new Date().toISOString() };
    $os.mkdirAll(dir, /** @type {any} */ (0o700));
    $os.writeFile($filepath.join(dir, META), JSON.stringify(meta), /** @type {any} */ (0o600));
  }
  return e.json(200, { id, partSize: meta.partSize, parts: finished.joinedParts(dir) || listParts(dir) });
}

/** The SHA-256 of a file, in hex, by `sha256sum` (Go runs it; the bytes never enter the JS engine). */
function fileSha256(path) {
  const out = toString($os.cmd("sha256sum", "--", path).output());
  return out.slice(0, 64);
}

/** PUT /api/owner/uploads/{id}/parts/{n}: one part, its size and SHA-256 checked before it counts. */
function putPart(e) {
  try {
    return storePart(e);
  } catch (err) {
    throw asAnswer(err, "The server could not store this part.");
  }
}

function storePart(e) {
  const { dir, meta } = findUpload(e.app, e.request.pathValue("id"));
  const r = rules();
  const n = r.partNumber(e.request.pathValue("n"));
  const expected = r.expectedPartSize(meta.size, meta.partSize, n);
  if (expected < 0) throw refusal(400, "upload_part_number", { n: e.request.pathValue("n") });
  const sha256 = r.sha256Hex(e.request.header.get("X-Part-Sha256"));
  if (!sha256) throw refusal(400, "upload_part_checksum", { n });
  // A body announced larger or smaller than the part is refused before a byte is written.
  const announced = e.request.contentLength;
  if (announced >= 0 && announced !== expected) throw refusal(400, "upload_part_size", { n, expected, size: announced });
  // Being joined: the part is already in (or refused as one of other bytes, which the device sends again).
  const joined = require(`${__hooks}/lib/core/upload_complete.js`).joinedParts(dir);
  if (joined) {
    for (const p of joined) if (p.n === n && p.sha256 === sha256) return e.json(200, { n, size: p.size, sha256 });
    throw refusal(400, "upload_part_checksum", { n });
  }
  const tmp = n + "." + $security.randomStringWithAlphabet(12, "abcdefghijklmnopqrstuvwxyz0123456789") + ".tmp";
  const root = $os.openRoot(dir);
  let written;
  try {
    const f = root.create(tmp);
    try {
      written = f.readFrom(e.request.body);
    } finally {
      f.close();
    }
  } catch (err) {
    try {
      root.remove(tmp);
    } catch (_) {
      // already gone
    }
    root.close();
    throw err;
  }
  root.close();
  const tmpPath = $filepath.join(dir, tmp);
  if (written !== expected) {
    $os.remove(tmpPath);
    throw refusal(400, "upload_part_size", { n, expected, size: written });
  }
  if (fileSha256(tmpPath) !== sha256) {
    $os.remove(tmpPath);
    throw refusal(400, "upload_part_checksum", { n });
  }
  for (const p of listParts(dir)) if (p.n === n && p.sha256 !== sha256) $os.remove($filepath.join(dir, r.partFileName(p.n, p.sha256)));
  try {
    $os.rename(tmpPath, $filepath.join(dir, r.partFileName(n, sha256)));
  } catch (err) {
    $os.remove(tmpPath);
    throw err;
  }
  return e.json(200, { n, size: written, sha256 });
}

/** POST /api/owner/uploads/{id}/complete (lib/core/upload_complete.js). */
function complete(e) {
  return require(`${__hooks}/lib/core/upload_complete.js`).complete(e);
}

/** DELETE /api/owner/uploads/{id}: the upload and its parts are removed. */
function abort(e) {
  const { dir } = findUpload(e.app, e.request.pathValue("id"));
  $os.removeAll(dir);
  return e.noContent(204);
}

/**
 * Removes the uploads nobody touched for a day (the hourly cron, uploads.pb.js): an upload is touched by its
 * newest file, so one receiving a part or being joined is never removed. Returns how many were removed.
 */
function removeAbandoned(app, nowMs) {
  const root = uploadsRoot(app);
  let removed = 0;
  let uploads;
  try {
    uploads = $os.readDir(root);
  } catch (_) {
    return 0;
  }
  for (const u of uploads) {
    if (!u.isDir()) continue;
    const dir = $filepath.join(root, u.name());
    let touched = u.info().modTime().unixMilli();
    try {
      for (const f of $os.readDir(dir)) touched = Math.max(touched, f.info().modTime().unixMilli());
    } catch (_) {
      // gone meanwhile
    }
    if (rules().isAbandoned(touched, nowMs)) {
      $os.removeAll(dir);
      removed++;
    }
  }
  return removed;
}

module.exports = { UPLOADS_DIR, start, putPart, complete, abort, removeAbandoned, uploadDir, findUpload, listParts, asAnswer, statusOf };
