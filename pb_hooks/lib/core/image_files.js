/**
 * The PocketBase side of the image-file rules (issue 10); the rules themselves are in ./image_guard.js.
 * - `guardUploads(record)`: on every create and update of an image (the API, a batch from sync, the app
 *   itself), each new file is read from its header before anything decodes it: not an image we know,
 *   a header without a size, or more than 100 megapixels answers 400 naming the field. An accepted file is
 *   stored under the extension of what its bytes are, so a GIF called `evil.js` is stored as `.gif`.
 * - `serveStudioFile(...)`: serves a stored file with the Content-Type sniffed from its bytes at upload
 *   (the storage's attributes), never one guessed from its name, under a name with that type's extension;
 *   downloads as attachments.
 * - `refuseServerThumbs(e)`: PocketBase's own `?thumb=` would decode any stored file in server memory (a
 *   14,000 x 14,000 PNG took 1.5 GB); the app makes every size on the device, so the server never does.
 */

/**
 * Bytes read first, and the formats judged from them alone (their size is at the start, or, for a JPEG,
 * found marker by marker through `readAt`, the same bytes either way). PocketBase's JS engine copies bytes
 * one by one: reading HEADER_BYTES (64 KB) of every file was most of the server's time per image record
 * written with files (docs/benchmarks-history.md, "Uploads, session 6").
 */
const FIRST_BYTES = 4 * 1024;
/** Required once per VM: serveStudioFile runs on every image request (lib/handlers/image_route.js). */
const contract = require(`${__hooks}/lib/rules/contract.js`);
const QUICK_FORMATS = ["jpeg", "png", "gif", "webp", "bmp"];

/**
 * Reads the header of an uploaded file (and, for a TIFF, its first directory) and judges it. A file that
 * its first bytes do not pass as one of QUICK_FORMATS is judged again from HEADER_BYTES, as always, so
 * every verdict is the one the full header read gives.
 */
/* global toBytes */
function inspect(file) {
  const guard = require(`${__hooks}/lib/rules/image_guard.js`);
  const reader = file.reader.open();
  try {
    const readAt = (offset, length) => {
      reader.seek(offset, 0);
      return toBytes(reader, length);
    };
    const quick = guard.checkImage(toBytes(reader, FIRST_BYTES), readAt);
    if (quick.ok && QUICK_FORMATS.indexOf(quick.header.format) >= 0) return quick;
    reader.seek(0, 0);
    return guard.checkImage(toBytes(reader, guard.HEADER_BYTES), readAt);
  } finally {
    reader.close();
  }
}

/** The studio's limit for originals in bytes (settings.maxOriginalMB, lib/rules/original_limit.js). */
function studioOriginalLimit() {
  const settings = require(`${__hooks}/lib/core/studio_settings.js`).studioSettings();
  return require(`${__hooks}/lib/rules/original_limit.js`).originalLimitBytes(settings ? settings.getInt("maxOriginalMB") : 0);
}

/** The studio's limit for clips in bytes (settings.maxVideoMB, lib/rules/original_limit.js; issue 38). */
function studioVideoLimit() {
  const settings = require(`${__hooks}/lib/core/studio_settings.js`).studioSettings();
  return require(`${__hooks}/lib/rules/original_limit.js`).videoLimitBytes(settings ? settings.getInt("maxVideoMB") : 0);
}

/** A refusal of `field` with `code`. */
function refuseField(field, code, params) {
  const fields = {};
  fields[field] = code;
  return require(`${__hooks}/lib/rules/refusals.js`).refusalError(400, code, params, fields);
}

/**
 * A clip's file (issue 38): the original of a record of kind "video", or any webVideo, judged by its first bytes
 * (lib/rules/video_guard.js; the server never decodes a video), within the studio's clip limit; a web version
 * must be an MP4. Stored under the extension of what its bytes are.
 */
function guardVideo(field, file) {
  const limit = studioVideoLimit();
  if (file.size > limit) {
    const limits = require(`${__hooks}/lib/rules/original_limit.js`);
    const p = limits.tooLargeParams(file.size, limit);
    throw refuseField(field, "validation_video_size_limit", { size: p.size, limit: p.limit, max: limits.MAX_VIDEO_MB });
  }
  const videoGuard = require(`${__hooks}/lib/rules/video_guard.js`);
  const reader = file.reader.open();
  let verdict;
  try {
    verdict = videoGuard.sniffVideo(toBytes(reader, videoGuard.VIDEO_HEAD_BYTES));
  } finally {
    reader.close();
  }
  if (!verdict.ok) throw refuseField(field, verdict.code);
  if (field === "webVideo" && verdict.format !== "mp4") throw refuseField(field, "validation_web_video_not_mp4");
  file.name = require(`${__hooks}/lib/rules/image_guard.js`).withExtension(file.name, verdict.extension);
}

/**
 * Every new file of an image record judged by its bytes. A photo's files, and a clip's poster sizes, must be
 * images (a video there is not an image); a clip's original and web version go through guardVideo.
 */
function guardUploads(record) {
  const guard = require(`${__hooks}/lib/rules/image_guard.js`);
  const isClip = record.getString("kind") === "video";
  for (const field of guard.IMAGE_FILE_FIELDS.concat(["webVideo"])) {
    const files = record.getUnsavedFiles(field);
    for (let i = 0; i < files.length; i++) {
      const file = files[i];
      if (field === "webVideo" || (field === "original" && isClip)) {
        guardVideo(field, file);
        continue;
      }
      if (field === "original") {
        const limit = studioOriginalLimit();
        if (file.size > limit) {
          const params = require(`${__hooks}/lib/rules/original_limit.js`).tooLargeParams(file.size, limit);
          throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(400, "validation_file_size_limit", params, { original: "validation_file_size_limit" });
        }
      }
      let verdict = inspect(file);
      // The full-size JPEG of a non-JPEG original (issue 25) is delivered as a .jpg: it must be one.
      if (verdict.ok && field === "jpeg" && verdict.header.format !== "jpeg") verdict = { ok: false, code: "validation_not_jpeg", params: {} };
      if (!verdict.ok) throw refuseField(field, verdict.code, verdict.params);
      file.name = guard.withExtension(file.name, verdict.header.extension);
    }
  }
}

/** Bytes of a logo's end read to see it is whole (a JPEG's end-of-image marker may have padding after it). */
const LOGO_TAIL_BYTES = 64;

/**
 * The studio's logo, judged by its bytes as a photo is (issue 37): a PNG or a JPEG with a readable size that
 * ends as a whole file of its format, stored under its format's extension; anything else answers 400 on
 * `logo` (a 24-byte file that only starts like a PNG was "Logo updated").
 */
function guardLogo(record) {
  const guard = require(`${__hooks}/lib/rules/image_guard.js`);
  const files = record.getUnsavedFiles("logo");
  for (let i = 0; i < files.length; i++) {
    const file = files[i];
    const verdict = inspect(file);
    let whole = false;
    if (verdict.ok && (verdict.header.format === "png" || verdict.header.format === "jpeg")) {
      const reader = file.reader.open();
      try {
        const start = Math.max(0, file.size - LOGO_TAIL_BYTES);
        reader.seek(start, 0);
        whole = guard.endsWhole(verdict.header.format, toBytes(reader, file.size - start));
      } finally {
        reader.close();
      }
    }
    if (!whole) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(400, "validation_not_whole_logo", undefined, { logo: "validation_not_whole_logo" });
    file.name = guard.withExtension(file.name, verdict.header.extension);
  }
}

/** The Content-Type of a stored file: what its bytes were sniffed as when it was stored. */
function storedContentType(fsys, key) {
  const guard = require(`${__hooks}/lib/rules/image_guard.js`);
  try {
    return guard.servedContentType(fsys.attributes(key).contentType);
  } catch (_) {
    return "application/octet-stream";
  }
}

/**
 * The types PocketBase's storage serves inline (its `Serve`, the image types of that list); any other type,
 * or a `download` query it reads as true (Go's strconv.ParseBool), goes as an attachment.
 */
const INLINE_TYPES = { "image/png": true, "image/jpg": true, "image/jpeg": true, "image/gif": true, "image/webp": true, "image/x-icon": true, "image/bmp": true };
const TRUE_WORDS = { 1: true, t: true, T: true, TRUE: true, true: true, True: true };
/** Names the storage's `Serve` writes as `filename="name"` (others go through it, whatever it does with them). */
const PLAIN_NAME = /^[A-Za-z0-9._-]+$/;

/**
 * `attachment; filename="..."` for a name: a plain ASCII fallback, and the name itself as RFC 5987's
 * `filename*` (UTF-8), so a name with quotes, semicolons or accents can neither break the header nor be lost.
 */
function attachmentDisposition(name) {
  const plain = String(name).replace(/[^\x20-\x7e]|["\\;%]/g, "_");
  return 'attachment; filename="' + plain + "\"; filename*=UTF-8''" + encodeURIComponent(String(name)).replace(/['()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
}

/**
 * Serves `key` of the storage with its sniffed Content-Type; `downloadName` only names the download.
 * `opts.typeCache(key, read)`, when given, may answer the type without reading it (lib/core/serve_cache.js);
 * `opts.fsys`, when given, is a storage handle the caller keeps open (serve_cache.filesystem), else one is
 * opened and closed for this file; `opts.setHeader`: the answer's `header.set`, if the caller looked it up.
 * `opts.localFiles` (serve_cache.localFiles, local storage only) and `opts.download` (the request's
 * `download` query): an image the storage would send inline, under a plain name, goes from that folder
 * with the headers the storage's `Serve` would add (`Content-Disposition: inline; filename="name"`; the
 * others are set before) through the same http.ServeContent (ranges, conditional requests,
 * Last-Modified), without the storage's reader, which opens the file and decodes its attributes file on
 * every request (docs/benchmarks-history.md, issue 28's floor). `opts.smallFile(key)`, when given, may
 * answer such a file's bytes from memory (serve_cache.smallFile: thumbnails), sent with `e.blob`: a 200 with
 * the same headers but for Last-Modified and ranges, which a thumbnail's ETag (checked before) and its few
 * KB do not need. Anything else goes through `Serve`.
 */
function serveStudioFile(e, key, downloadName, opts) {
  const o = opts || {};
  const fsys = o.fsys || $app.newFilesystem();
  try {
    const read = () => storedContentType(fsys, key);
    const type = o.typeCache ? o.typeCache(key, read) : read();
    const set = o.setHeader || e.response.header().set;
    // Named for what the bytes are (PNG bytes imported as invoice.hta go as invoice.png), and a download
    // (`opts.attachment`, or a `download` query read as true) always as an attachment (issue 37).
    const name = contract.deliveredName(downloadName, type);
    const attachment = o.attachment === true || TRUE_WORDS[o.download || ""] === true;
    if (attachment) set("Content-Disposition", attachmentDisposition(name));
    if (o.localFiles && INLINE_TYPES[type] === true && (attachment || PLAIN_NAME.test(name))) {
      if (!attachment) set("Content-Disposition", 'inline; filename="' + name + '"');
      // A thumbnail's few KB from memory (serve_cache.smallFile): no open, stat or read per request.
      const bytes = o.smallFile ? o.smallFile(key) : null;
      if (bytes) return e.blob(200, type, bytes); // which sets the Content-Type
      set("Content-Type", type);
      return e.fileFS(o.localFiles, key);
    }
    set("Content-Type", type);
    fsys.serve(e.response, e.request, key, name);
  } finally {
    if (!o.fsys) fsys.close();
  }
}

/**
 * Direct delivery (lib/core/direct_delivery.js): answers `key` with a redirect to its presigned URL in the bucket
 * (`opts.config`, direct_delivery.directConfig), whose answer carries what serveStudioFile would have set: the
 * sniffed Content-Type, the delivered name, and an attachment for a download (`opts.attachment`, `opts.download`)
 * or any type PocketBase's `Serve` would not show inline (clips excepted, which play). `opts.typeCache`,
 * `opts.setHeader` as for serveStudioFile.
 */
function redirectStudioFile(e, key, downloadName, opts) {
  const o = opts || {};
  const read = () => {
    const fsys = $app.newFilesystem();
    try {
      return storedContentType(fsys, key);
    } finally {
      fsys.close();
    }
  };
  const type = o.typeCache ? o.typeCache(key, read) : read();
  const name = contract.deliveredName(downloadName, type);
  const attachment = o.attachment === true || TRUE_WORDS[o.download || ""] === true;
  const inline = !attachment && (INLINE_TYPES[type] === true || type.indexOf("video/") === 0);
  const disposition = inline ? 'inline; filename="' + String(name).replace(/[^\x20-\x7e]|["\\;%]/g, "_") + '"' : attachmentDisposition(name);
  const direct = require(`${__hooks}/lib/core/direct_delivery.js`);
  return direct.redirect(e, o.setHeader || e.response.header().set, direct.fileUrl(o.config, key, { contentType: type, disposition: disposition }, Date.now()));
}

/**
 * For PocketBase's file route (/api/files/{collection}/{record}/{name}), run by lib/handlers/middlewares.js before
 * the route:
 * - `?thumb=` answers 400 before PocketBase could decode anything;
 * - the answer's Content-Type is the stored name's extension, which guardUploads made the bytes' own (an
 *   older file with another extension is served as bytes). PocketBase keeps a Content-Type already set.
 */
function guardFileRoute(e) {
  const path = e.request.url.path;
  if (path.indexOf("/api/files/") !== 0) return;
  if (e.request.url.query().get("thumb") !== "") {
    throw new BadRequestError("The server does not make thumbnails; ask /api/gallery/image/{id}?size= for a size.");
  }
  const parts = path.split("/"); // "", "api", "files", collection, record, name
  if (parts.length === 6 && parts[5]) {
    const guard = require(`${__hooks}/lib/rules/image_guard.js`);
    e.response.header().set("Content-Type", guard.contentTypeOfName(decodeURIComponent(parts[5])));
  }
}

module.exports = { guardUploads, guardLogo, serveStudioFile, redirectStudioFile, guardFileRoute };
