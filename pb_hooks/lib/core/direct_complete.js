/**
 * The end of a direct upload (issue 39; lib/core/direct_uploads.js starts it): `POST
 * /api/owner/direct-uploads/complete {id, parts}` completes the multipart upload, then checks the object IN
 * THE BUCKET before anything counts: its size (HEAD) is the size the start allowed, and its first bytes (ranged
 * GETs) pass the same judgement as a file sent through the server (lib/rules/image_guard.js, video_guard.js),
 * as the type the start announced. Only then does the record take the file, by its stored name (PocketBase's
 * file field keeps a name it is given only as an existing file, so the save skips that validation; the save
 * hooks run as for any update, and PocketBase deletes the object with the record or when the field changes).
 * A refused object is deleted from the bucket. A complete sent again after its answer was lost answers the
 * record, which holds the file already.
 */
const rules = () => require(`${__hooks}/lib/rules/direct_upload_rules.js`);
const uploads = () => require(`${__hooks}/lib/core/direct_uploads.js`);
const store = () => require(`${__hooks}/lib/core/object_store.js`);
/** The first read of an image, and the formats it is enough for (the same as lib/core/image_files.js). */
const QUICK_BYTES = 4 * 1024;
const QUICK_FORMATS = ["jpeg", "png", "gif", "webp", "bmp"];
const refusal = (status, code, params, fields) => require(`${__hooks}/lib/rules/refusals.js`).refusalError(status, code, params, fields);

/** The record of a ticket when it holds the ticket's file already, else null. */
function answer(e, record) {
  $apis.enrichRecord(e, record);
  return e.json(200, record);
}

/** Bytes from the bucket as a Uint8Array (object_store.js answers a string or an array). */
function bytesOf(raw) {
  if (raw instanceof Uint8Array) return raw;
  if (typeof raw === "string") {
    const out = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i) & 255;
    return out;
  }
  return Uint8Array.from(raw || []);
}

/**
 * The verdict on the object's bytes: a refusal (code and params), or null when it is what the start announced. Reads only
 * the header (and, for a JPEG or TIFF, the ranges its markers point to), never the whole object. `first`: the
 * object's first QUICK_BYTES (or all of it when smaller) read already by `sizeAndHead`.
 */
function judge(app, t, first) {
  const read = (offset, length) =>
    offset === 0 && first && length === QUICK_BYTES ? first : bytesOf(store().readRange(app, t.key, offset, Math.min(t.size, offset + length) - 1));
  const video = require(`${__hooks}/lib/rules/video_guard.js`);
  const typeOff = { code: "upload_type", params: { type: t.type } };
  if (video.isVideoType(t.type)) {
    const verdict = video.sniffVideo(read(0, video.VIDEO_HEAD_BYTES));
    if (!verdict.ok) return { code: verdict.code, params: {} };
    if (t.field === "webVideo" && verdict.format !== "mp4") return { code: "validation_web_video_not_mp4", params: {} };
    return verdict.extension === rules().extensionOf(t.type) ? null : typeOff;
  }
  const guard = require(`${__hooks}/lib/rules/image_guard.js`);
  const readAt = (offset, length) => (offset >= t.size ? new Uint8Array(0) : read(offset, length));
  // 4 KB first, as lib/core/image_files.js does: enough for the formats that say their size at once; every
  // call to the bucket is signed in the JS engine and every byte copied into it, so fewer and smaller reads.
  let verdict = guard.checkImage(read(0, QUICK_BYTES), readAt);
  if (!(verdict.ok && QUICK_FORMATS.indexOf(verdict.header.format) >= 0) && t.size > QUICK_BYTES) verdict = guard.checkImage(read(0, guard.HEADER_BYTES), readAt);
  if (!verdict.ok) return { code: verdict.code, params: verdict.params };
  return verdict.header.extension === rules().extensionOf(t.type) ? null : typeOff;
}

/**
 * The object's size in the bucket and its first QUICK_BYTES, in ONE signed ranged GET (its Content-Range
 * answers the whole object's size), or null when the bucket has no such object. A bucket that answers
 * otherwise (no Content-Range, the whole object) is asked by HEAD for the size, and `first` is left unread.
 * @returns {{ size: number, first: Uint8Array | null } | null}
 */
function sizeAndHead(app, t) {
  const res = store().send(app, "GET", t.key, { headers: { Range: "bytes=0-" + (Math.min(t.size, QUICK_BYTES) - 1) } });
  if (res.statusCode === 404) return null;
  const total = /\/(\d+)\s*$/.exec(store().header(res.headers, "content-range"));
  if (res.statusCode === 206 && total) {
    const first = bytesOf(res.body);
    const size = Number(total[1]);
    return { size, first: first.length === Math.min(size, QUICK_BYTES) ? first : null };
  }
  const head = store().head(app, t.key);
  return head ? { size: head.size, first: null } : null;
}

/** Deletes a refused object (and a multipart upload's leftovers); the refusal follows. */
function removeObject(app, t) {
  try {
    store().send(app, "DELETE", t.key, {});
    if (t.uploadId) uploads().endMultipart(app, t);
  } catch (err) {
    app.logger().warn("a refused direct upload could not be deleted (the cleanup removes it)", "key", t.key, "error", String(err));
  }
}

/** Completes the multipart upload; one completed already (its answer lost) goes on to the checks. */
function completeMultipart(app, t, parts) {
  try {
    uploads().bucket(app, "POST", t.key, { query: { uploadId: t.uploadId }, headers: { "content-type": "application/xml" }, body: require(`${__hooks}/lib/rules/s3_xml.js`).completeXml(parts) });
  } catch (err) {
    const e = /** @type {any} */ (err);
    const body = String(e.bucketBody || "");
    if (body.indexOf("NoSuchUpload") >= 0 && store().head(app, t.key)) return; // completed before
    if (body.indexOf("InvalidPart") >= 0 || body.indexOf("EntityTooSmall") >= 0) {
      // A part the bucket does not hold as named: the reported parts are forgotten, the device sends them again.
      const row = uploads().multipartOf(app, t.key);
      if (row) {
        row.set("parts", []);
        app.save(row);
      }
      throw refusal(400, "upload_incomplete", { missing: 1, count: rules().partCount(t.size) });
    }
    throw err;
  }
}

/** POST /api/owner/direct-uploads/complete {id, parts?}: the object checked in the bucket, then set on its record. */
function complete(e) {
  const app = e.app;
  const t = uploads().ticketOf(e, uploads().directConfig(app));
  const done = uploads().heldByRecord(app, t);
  if (done) return answer(e, done);
  let record;
  try {
    record = app.findRecordById("images", t.record);
  } catch (_) {
    if (t.uploadId) uploads().endMultipart(app, t);
    removeObject(app, t);
    throw refusal(404, "image_not_found");
  }
  if (t.uploadId) {
    const parts = rules().readCompleteParts(e.requestInfo().body.parts, t.size);
    if (!parts) throw refusal(400, "upload_incomplete", { missing: 1, count: rules().partCount(t.size) });
    completeMultipart(app, t, parts);
    uploads().dropRow(app, t.key);
  }
  const object = sizeAndHead(app, t);
  if (!object) throw refusal(400, "upload_incomplete", { missing: 1, count: t.uploadId ? rules().partCount(t.size) : 1 });
  if (object.size !== t.size) {
    removeObject(app, t);
    throw refusal(400, "direct_size", { size: object.size, expected: t.size }, { [t.field]: "direct_size" });
  }
  const refused = judge(app, t, object.first);
  if (refused) {
    removeObject(app, t);
    throw refusal(400, refused.code, refused.params, { [t.field]: refused.code });
  }
  // Read again and saved in one transaction: a device completes a photo's files side by side, and a save of
  // the record as read before another file's save would put that file's field back as it was.
  app.runInTransaction((tx) => {
    const fresh = tx.findRecordById("images", record.id);
    fresh.set(t.field, t.name);
    tx.saveNoValidate(fresh);
  });
  return answer(e, app.findRecordById("images", record.id));
}

module.exports = { complete, judge };
