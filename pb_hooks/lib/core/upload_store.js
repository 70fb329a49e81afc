/**
 * Where uploads in parts live (issue 38): the folder of each upload in the data dir, its meta and its checked
 * parts, and how a failure the server did not mean is answered. Shared by lib/core/uploads.js (start, parts,
 * abort, sweep) and lib/core/upload_complete.js (joining and completing), so neither requires the other back.
 */
/* global $filepath */
const rules = () => require(`${__hooks}/lib/rules/upload_rules.js`);
const refusal = (status, code, params, fields) => require(`${__hooks}/lib/rules/refusals.js`).refusalError(status, code, params, fields);

/** The folder of uploads in parts inside the data dir (excluded from backups: storage_cleanup.pb.js). */
const UPLOADS_DIR = ".part_uploads";
const META = "meta.json";

function uploadsRoot(app) {
  return $filepath.join(app.dataDir(), UPLOADS_DIR);
}

/** An upload's folder from its id as the path gave it (hex only), or "". */
function uploadDir(app, id) {
  return /^[0-9a-f]{32}$/.test(String(id)) ? $filepath.join(uploadsRoot(app), id) : "";
}

function readMeta(dir) {
  try {
    return JSON.parse(toString($os.readFile($filepath.join(dir, META))));
  } catch (_) {
    return null;
  }
}

/** The upload of the path's id and its meta, or a 404 refusal. */
function findUpload(app, id) {
  const dir = uploadDir(app, id);
  const meta = dir ? readMeta(dir) : null;
  if (!meta) throw refusal(404, "upload_not_found");
  return { dir, meta };
}

/** The checked parts in an upload's folder. */
function listParts(dir) {
  try {
    return rules().partsFromListing($os.readDir(dir).map((d) => ({ name: d.name(), size: d.isDir() ? -1 : d.info().size() })));
  } catch (_) {
    return [];
  }
}

/** The HTTP status an error thrown through Go carries (PocketBase's ApiError), else 0. */
function statusOf(err) {
  const e = /** @type {any} */ (err);
  const value = e && e.value;
  if (value && typeof value.status === "number") return value.status;
  return e && typeof e.status === "number" ? e.status : 0;
}

/**
 * What a failure the server did not mean answers: its refusal or ApiError as it is, anything else (a disk or
 * storage error, which PocketBase would answer as a 400) a 500, so the device tries again.
 */
function asAnswer(err, what) {
  if (statusOf(err) > 0) return err;
  $app.logger().error(what, "error", String(err));
  return new ApiError(500, what + " Try again.", {});
}

module.exports = { UPLOADS_DIR, META, uploadsRoot, uploadDir, readMeta, findUpload, listParts, statusOf, asAnswer };
