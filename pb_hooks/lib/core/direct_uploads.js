/**
 * Direct uploads (issue 39): with object storage on (lib/core/object_store.js `directEnabled`), the owner's
 * device asks here, per file, for permission and presigned URLs, sends the bytes straight to the bucket, then
 * asks the server to complete (lib/core/direct_complete.js), which checks the object IN the bucket before the
 * record takes it. The server's checks at the start: the owner (the route's policy), the record, the field,
 * the type the field takes, the studio's size limit. The key is PocketBase's own `<collectionId>/<recordId>/
 * <name>`, so PocketBase then serves and deletes the object as its own file.
 *
 * A file up to SINGLE_MAX goes in one presigned PUT whose Content-MD5 and Content-Type are signed into its URL;
 * a larger one in the parts of an S3 multipart upload, each part's URL signed with that part's Content-MD5
 * (the bucket refuses other bytes). The same file started again (a reload, a cut) gets the same key and finds
 * its multipart upload and the parts the bucket holds (ListParts): only the missing ones are sent.
 *
 * The upload's id on the wire is a ticket (lib/rules/direct_upload_rules.js) signed with a key derived from
 * the bucket's secret, which only the server holds. Routes: lib/handlers/direct_upload_routes.js.
 */
const rules = () => require(`${__hooks}/lib/rules/direct_upload_rules.js`);
const xml = () => require(`${__hooks}/lib/rules/s3_xml.js`);
const store = () => require(`${__hooks}/lib/core/object_store.js`);
const refusal = (status, code, params, fields) => require(`${__hooks}/lib/rules/refusals.js`).refusalError(status, code, params, fields);

/** The HMAC of the tickets, keyed by the bucket's secret (never sent to a device). */
function ticketHmac(config) {
  return (/** @type {string} */ text) => $security.hs256(text, "studio-direct-uploads\n" + config.secret);
}

/** The bucket's config, or the refusal that direct uploads are off (files go through /api/owner/uploads and the record API). */
function directConfig(app) {
  const os = store();
  const config = os.directEnabled(app) ? os.storeConfig(app) : null;
  if (!config) throw refusal(409, "direct_off");
  return config;
}

/** A call to the bucket that must succeed (2xx, and no <Error> in a 200's body, which S3 may answer to a complete). */
function bucket(app, method, key, opts) {
  const res = store().send(app, method, key, opts || {});
  const raw = String(res.raw || "");
  if (res.statusCode < 200 || res.statusCode >= 300 || raw.indexOf("<Error>") >= 0) {
    app.logger().warn("object storage refused a call", "method", method, "key", key, "status", res.statusCode, "body", raw.slice(0, 300));
    const err = new ApiError(502, "The object storage did not answer as expected. Try again.", {});
    /** @type {any} */ (err).bucketStatus = res.statusCode;
    /** @type {any} */ (err).bucketBody = raw;
    throw err;
  }
  return res;
}

/** The file field of images, or null. */
function imageField(app, field) {
  return app.findCollectionByNameOrId("images").fields.getByName(field);
}

/**
 * What the studio lets into `field` of `record`: the types the field takes (a clip's original a video, a
 * photo's an image; a web version an MP4; every size an image) and the size limit with its refusal.
 */
function checkFile(app, record, asked) {
  const field = imageField(app, asked.field);
  const types = [];
  for (let i = 0; i < field.mimeTypes.length; i++) types.push(String(field.mimeTypes[i]));
  const isVideo = require(`${__hooks}/lib/rules/video_guard.js`).isVideoType(asked.type);
  const isClip = record.getString("kind") === "video";
  const wantsVideo = asked.field === "webVideo" || (asked.field === "original" && isClip);
  if ((types.length && types.indexOf(asked.type) < 0) || !rules().extensionOf(asked.type) || isVideo !== wantsVideo) {
    throw refusal(400, "upload_type", { type: asked.type });
  }
  const limits = require(`${__hooks}/lib/rules/original_limit.js`);
  const settings = require(`${__hooks}/lib/core/studio_settings.js`).studioSettings(app);
  let limit = field.maxSize > 0 ? field.maxSize : limits.originalLimitBytes(0);
  let code = "validation_file_size_limit";
  let max = limits.MAX_ORIGINAL_MB;
  if (isVideo) {
    limit = limits.videoLimitBytes(settings ? settings.getInt("maxVideoMB") : 0);
    code = "validation_video_size_limit";
    max = limits.MAX_VIDEO_MB;
  } else if (asked.field === "original") {
    limit = limits.originalLimitBytes(settings ? settings.getInt("maxOriginalMB") : 0);
  }
  if (asked.size > limit) {
    const p = limits.tooLargeParams(asked.size, limit);
    throw refusal(400, code, { size: p.size, limit: p.limit, max }, { [asked.field]: code });
  }
}

/** The row of the multipart upload of `key` (pb_migrations/1796000000_direct_uploads.js), or null. */
function multipartOf(app, key) {
  try {
    return app.findFirstRecordByData("direct_uploads", "key", key);
  } catch (_) {
    return null;
  }
}

/** The parts a row holds as reported: `[{ n, etag, size }]`, the ones of this file's cut only. */
function partsOf(row, size) {
  let parts = [];
  try {
    parts = row ? JSON.parse(row.getString("parts") || "[]") : [];
  } catch (_) {
    // not JSON: none
  }
  return (Array.isArray(parts) ? parts : []).filter((p) => p && rules().partSize(size, p.n) === p.size && typeof p.etag === "string");
}

/** Starts a multipart upload in the bucket and keeps its row; answers its UploadId. */
function initiate(app, key, type) {
  const uploadId = xml().uploadIdOf(String(bucket(app, "POST", key, { query: { uploads: "" }, headers: { "content-type": type } }).raw));
  if (!uploadId) throw new ApiError(502, "The object storage did not start the upload. Try again.", {});
  const row = new Record(app.findCollectionByNameOrId("direct_uploads"));
  row.set("key", key);
  row.set("uploadId", uploadId);
  row.set("parts", []);
  app.save(row);
  return uploadId;
}

/** POST /api/owner/direct-uploads: checks the file, then answers where and how to send it. */
function start(e) {
  const app = e.app;
  const config = directConfig(app);
  const r = rules();
  const asked = r.readStart(e.requestInfo().body);
  if (!asked.ok) throw refusal(asked.code === "image_not_found" ? 404 : 400, asked.code);
  let record;
  try {
    record = app.findRecordById("images", asked.record);
  } catch (_) {
    throw refusal(404, "image_not_found");
  }
  checkFile(app, record, asked);
  const name = r.storedName(asked.name, asked.type, $security.sha256(r.uploadSeed(asked.record, asked.field, asked.size, asked.type, asked.name)));
  if (record.getString(asked.field) === name) {
    // Completed already (its answer lost on the way): the device sends nothing and takes the record.
    $apis.enrichRecord(e, record);
    return e.json(200, { complete: true, record });
  }
  const key = store().objectKey(app, "images", record.id, name);
  const inParts = r.inParts(asked.size);
  let uploadId = "";
  let parts = [];
  if (inParts) {
    const row = multipartOf(app, key);
    uploadId = row ? row.getString("uploadId") : initiate(app, key, asked.type);
    parts = partsOf(row, asked.size);
  }
  const ticket = r.encodeTicket(
    { owner: e.auth.id, collection: record.collection().id, record: record.id, field: asked.field, key, name, size: asked.size, type: asked.type, uploadId, md5: asked.md5, expires: Date.now() + r.TICKET_MS },
    ticketHmac(config),
  );
  if (!inParts) return e.json(200, { id: ticket, key, single: true, ...presignPut(config, key, asked.type, asked.md5, null) });
  return e.json(200, { id: ticket, key, single: false, partSize: r.PART_SIZE, count: r.partCount(asked.size), parts: parts.map((p) => ({ n: p.n, size: p.size, etag: p.etag })) });
}

/**
 * A presigned PUT of the whole file (`part` null) or of one part, its Content-MD5 (and, whole, its type) signed
 * in: the headers the device must send with it.
 */
function presignPut(config, key, type, md5, part) {
  const sigv4 = require(`${__hooks}/lib/rules/sigv4.js`);
  /** @type {Record<string, string>} */
  const headers = { "content-md5": md5 };
  if (!part) headers["content-type"] = type;
  const query = part ? { partNumber: String(part.n), uploadId: part.uploadId } : undefined;
  const url = sigv4.presignUrl(config, { method: "PUT", key, query, expires: rules().URL_SECONDS, now: new Date(), headers });
  return { url, headers };
}

/** The upload a request names by its ticket, checked; a 404 refusal when it is no ticket of this owner's. */
function ticketOf(e, config) {
  const t = rules().decodeTicket(e.requestInfo().body && e.requestInfo().body.id, ticketHmac(config), e.auth.id, Date.now());
  if (!t) throw refusal(404, "upload_not_found");
  return t;
}

/**
 * POST /api/owner/direct-uploads/parts {id, parts: [{n, md5}], sent?: [{n, etag}]}: fresh presigned URLs of the
 * given parts; `sent` reports parts the bucket took (their ETags), kept so a resumed upload skips them. A
 * report is not trusted: the bucket checks every ETag at the complete, and a wrong one makes the device send again.
 */
function partUrls(e) {
  const app = e.app;
  const config = directConfig(app);
  const t = ticketOf(e, config);
  if (!t.uploadId) throw refusal(400, "upload_part_number", { n: 1 });
  const body = e.requestInfo().body;
  const parts = rules().readParts(body.parts, t.size);
  if (!parts) throw refusal(400, "upload_invalid");
  const row = multipartOf(app, t.key);
  if (!row || row.getString("uploadId") !== t.uploadId) throw refusal(404, "upload_not_found");
  const sent = rules().readSent(body.sent, t.size);
  if (sent.length) {
    const byN = {};
    for (const p of partsOf(row, t.size)) byN[p.n] = p;
    for (const p of sent) byN[p.n] = p;
    row.set("parts", Object.keys(byN).map((n) => byN[n]));
    app.save(row);
  }
  return e.json(200, { urls: parts.map((p) => ({ n: p.n, ...presignPut(config, t.key, t.type, p.md5, { n: p.n, uploadId: t.uploadId }) })) });
}

/** The record when it holds the ticket's file already (a complete sent again, or an abort after it), else null. */
function heldByRecord(app, t) {
  try {
    const record = app.findRecordById("images", t.record);
    return record.getString(t.field) === t.name ? record : null;
  } catch (_) {
    return null;
  }
}

/** POST /api/owner/direct-uploads/abort {id}: the multipart upload aborted, or the whole file's object removed if no record holds it. */
function abort(e) {
  const app = e.app;
  const t = ticketOf(e, directConfig(app));
  if (t.uploadId) endMultipart(app, t);
  else if (!heldByRecord(app, t)) store().send(app, "DELETE", t.key, {});
  return e.noContent(204);
}

/** Aborts a multipart upload in the bucket (a bucket without AbortMultipartUpload keeps its parts) and drops its row. */
function endMultipart(app, t) {
  const res = store().send(app, "DELETE", t.key, { query: { uploadId: t.uploadId } });
  if (res.statusCode >= 300 && res.statusCode !== 404) app.logger().warn("object storage did not abort an upload", "key", t.key, "status", res.statusCode);
  dropRow(app, t.key);
}

/** Drops the row of a multipart upload (completed or aborted). */
function dropRow(app, key) {
  const row = multipartOf(app, key);
  if (row) app.delete(row);
}

module.exports = { start, partUrls, abort, bucket, ticketOf, directConfig, multipartOf, partsOf, endMultipart, dropRow, heldByRecord };
