/**
 * The end of an upload in parts (issue 38; lib/core/uploads.js receives the parts): `POST
 * /api/owner/uploads/{id}/complete` joins the checked parts into the file and sets it on its record, whose save
 * judges it (lib/core/image_files.js guardUploads).
 *
 * Disk: the parts are joined into `<dir>/joined/<name>` by Go's copy (ReadFrom), each part removed as soon as
 * it is copied, so the parts and the joined file together hold the file once (plus one part); the save then
 * copies it into the storage (on local storage a second copy, briefly; on S3 none on this disk). Before the
 * first part is removed, `joined.json` keeps the parts' list, so a start sent again still answers every part
 * as held, and a join cut by a crash goes on from the joined file's size.
 *
 * A lost answer: once the record is saved, the upload's folder keeps only `done.json` (record, field, stored
 * file name) until the hourly sweep removes it a day later; a complete or a start of the same file sent again
 * (the answer never reached the device) answers the record while it still holds that file, so the device
 * sends nothing again. Two completes of one upload never join at once: the second waits for the first
 * (a folder `joining.<boot>`, made atomically; one left by an earlier process is stale).
 */
/* global $filepath, $filesystem, sleep */
const rules = () => require(`${__hooks}/lib/rules/upload_rules.js`);
const uploads = () => require(`${__hooks}/lib/core/upload_store.js`);
const refusal = (status, code, params, fields) => require(`${__hooks}/lib/rules/refusals.js`).refusalError(status, code, params, fields);

const DONE = "done.json";
const JOINED_LIST = "joined.json";
const JOINED = "joined";
const LOCK = "joining.";
/** How long a complete waits for another complete of the same upload (joining a 4 GB file takes under a minute). */
const WAIT_MS = 10 * 60 * 1000;
const WAIT_STEP_MS = 200;

function readJson(path) {
  try {
    return JSON.parse(toString($os.readFile(path)));
  } catch (_) {
    return null;
  }
}

/** Writes JSON whole or not at all (a temporary file renamed into place). */
function writeJson(dir, name, value) {
  const tmp = $filepath.join(dir, name + ".tmp");
  $os.writeFile(tmp, JSON.stringify(value), /** @type {any} */ (0o600));
  $os.rename(tmp, $filepath.join(dir, name));
}

/** The parts an upload holds: once its join began, the list kept then (its parts are being removed). */
function joinedParts(dir) {
  const list = dir ? readJson($filepath.join(dir, JOINED_LIST)) : null;
  return Array.isArray(list) ? list : null;
}

/** The record a completed upload answers: its `done.json`, and the record still holding that file; else null. */
function completedRecord(app, dir) {
  const done = dir ? readJson($filepath.join(dir, DONE)) : null;
  if (!rules().isCompletedMarker(done)) return null;
  try {
    const record = app.findRecordById("images", done.record);
    return record.getString(done.field) === done.file ? record : null;
  } catch (_) {
    return null;
  }
}

/** This process's identity (server_epoch.pb.js sets it at boot). */
function boot(app) {
  return String(app.store().get("serverBoot") || "boot").replace(/[^A-Za-z0-9]/g, "");
}

/**
 * Claims the upload's join for this request, waiting while another complete of it runs; a claim left by an
 * earlier process (a crash, a restart) is removed. Returns the claim's path, or "" when there is no such upload.
 */
function claim(app, dir) {
  if (!dir) return "";
  const mine = LOCK + boot(app);
  for (let waited = 0; ; waited += WAIT_STEP_MS) {
    try {
      $os.mkdir($filepath.join(dir, mine), /** @type {any} */ (0o700));
      return $filepath.join(dir, mine);
    } catch (_) {
      // taken, or no such upload
    }
    let entries;
    try {
      entries = $os.readDir(dir);
    } catch (_) {
      return "";
    }
    let live = false;
    for (const d of entries) {
      const name = d.name();
      if (name === mine) live = true;
      else if (name.indexOf(LOCK) === 0) $os.removeAll($filepath.join(dir, name));
    }
    if (!live) continue;
    if (waited >= WAIT_MS) throw new ApiError(503, "The server is still storing this file. Try again.", {});
    sleep(WAIT_STEP_MS);
  }
}

/**
 * Joins the parts into `<dir>/joined/<name>`, removing each part once copied; a join cut earlier goes on from
 * the joined file's size. Returns the joined file's path.
 */
function joinParts(dir, meta, parts) {
  const r = rules();
  const rel = $filepath.join(JOINED, r.storedName(meta.name));
  $os.mkdirAll($filepath.join(dir, JOINED), /** @type {any} */ (0o700));
  let have = 0;
  try {
    have = $os.stat($filepath.join(dir, rel)).size();
  } catch (_) {
    // a new join
  }
  const from = r.joinResumesAt(have, meta.size, meta.partSize);
  const root = $os.openRoot(dir);
  try {
    const out = have > 0 ? root.openFile(rel, /** @type {any} */ ($os).O_WRONLY || 1, /** @type {any} */ (0o600)) : root.create(rel);
    try {
      if (have > 0 && from < r.partCount(meta.size, meta.partSize)) {
        out.truncate(from * meta.partSize);
        out.seek(from * meta.partSize, 0);
      }
      for (const p of parts) {
        const name = r.partFileName(p.n, p.sha256);
        if (p.n < from) {
          if (have > 0) removeQuietly(root, name); // joined before the cut
          continue;
        }
        let part;
        try {
          part = root.open(name);
        } catch (_) {
          // Neither joined nor held (removed by hand): the upload cannot end; the device sends the file again.
          $os.removeAll(dir);
          throw refusal(400, "upload_incomplete", { missing: 1, count: r.partCount(meta.size, meta.partSize) });
        }
        try {
          out.readFrom(part);
        } finally {
          part.close();
        }
        root.remove(name);
      }
    } finally {
      out.close();
    }
  } finally {
    root.close();
  }
  return $filepath.join(dir, rel);
}

function removeQuietly(root, name) {
  try {
    root.remove(name);
  } catch (_) {
    // already gone
  }
}

/** The record as the owner's answer. */
function answer(e, record) {
  $apis.enrichRecord(e, record);
  return e.json(200, record);
}

/** POST /api/owner/uploads/{id}/complete: every part there, the file set on its record (whose save judges its header). */
function complete(e) {
  const app = e.app;
  const dir = uploads().uploadDir(app, e.request.pathValue("id"));
  let held = "";
  try {
    held = claim(app, dir);
    const done = completedRecord(app, dir);
    if (done) return answer(e, done);
    return finish(e, dir);
  } catch (err) {
    throw uploads().asAnswer(err, "The server could not store the file.");
  } finally {
    if (held) $os.removeAll(held);
  }
}

function finish(e, dir) {
  const app = e.app;
  const { meta } = uploads().findUpload(app, e.request.pathValue("id"));
  let parts = joinedParts(dir);
  if (!parts) {
    parts = uploads().listParts(dir);
    const whole = rules().wholeFile(meta.size, meta.partSize, parts);
    if (!whole.ok) throw refusal(400, "upload_incomplete", { missing: whole.missing.length, count: rules().partCount(meta.size, meta.partSize) });
  }
  let record;
  try {
    record = app.findRecordById("images", meta.record);
  } catch (_) {
    $os.removeAll(dir);
    throw refusal(404, "image_not_found");
  }
  writeJson(dir, JOINED_LIST, parts);
  const path = joinParts(dir, meta, parts);
  try {
    record.set(meta.field, $filesystem.fileFromPath(path));
    app.save(record);
  } catch (err) {
    // A file its record refuses (its bytes, its size: a 4xx) will not pass later either: the upload ends here.
    // Anything else (the storage unreachable) keeps the joined file, so a later complete needs no byte sent again.
    const status = uploads().statusOf(err);
    if (status >= 400 && status < 500) $os.removeAll(dir);
    throw err;
  }
  writeJson(dir, DONE, { record: record.id, field: meta.field, file: record.getString(meta.field), completed: new Date().toISOString() });
  for (const d of $os.readDir(dir)) if (d.name() !== DONE && d.name().indexOf(LOCK) !== 0) $os.removeAll($filepath.join(dir, d.name()));
  return answer(e, record);
}

module.exports = { complete, completedRecord, joinedParts, DONE };
