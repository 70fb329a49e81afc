/**
 * GET /api/gallery/image/{id}[?size=400|800|1600|2048, or ?thumbnail=true|?preview=true, or ?video=web|original]: an image's file, to
 * the studio owner or the gallery's visitor; the hot path of every visitor's page (docs/benchmarks-history.md, the
 * image endpoint under load). The image, its gallery and the secret come from lib/core/serve_cache.js (no
 * query while nothing changed); the checks run on every request, in this order: gallery open, session
 * (404 for a missing, revoked or other gallery's session), size, delivery gate, then the ETag's 304.
 * Modules are required once per VM (at the top), not per request. Each touch of a Go value (the event, the
 * request, the store) is a call between PocketBase's JS engine and Go, so the route makes few: the cache's
 * epoch read once per request, the query read as one string, the answer's headers and their `set` fetched
 * once (a Go method looked up by name costs about twice its call; docs/benchmarks-history.md, issue 28's floor).
 */
const gallerySession = require(`${__hooks}/lib/core/gallery_session.js`);
const cache = require(`${__hooks}/lib/core/serve_cache.js`);
const sizes = require(`${__hooks}/lib/rules/image_sizes.js`);
const transfers = require(`${__hooks}/lib/core/transfers.js`);
const imageFiles = require(`${__hooks}/lib/core/image_files.js`);
const delivery = require(`${__hooks}/lib/handlers/delivery.js`);
const rulesOfDelivery = require(`${__hooks}/lib/rules/delivery_rules.js`);
const { parseQuery } = require(`${__hooks}/lib/rules/query_string.js`);
const directDelivery = require(`${__hooks}/lib/core/direct_delivery.js`);

/** Revalidate every time: a revoked session must not keep seeing images from the browser's cache. */
const CACHE_CONTROL = "private, no-cache";

/** The request-event key PocketBase's activity logger reads (apis.Static sets it for every static file). */
const SKIP_SUCCESS_LOG = "__skipSuccessActivityLogger";

/**
 * The cached gallery as the record reads of lib/handlers/delivery.js expect it, made once per copy of the gallery
 * (lib/core/serve_cache.js keeps this VM's copies, never changed once made) rather than per request.
 */
const recordViews = new WeakMap();
function asRecord(client) {
  let view = recordViews.get(client);
  if (!view) recordViews.set(client, (view = recordView(client)));
  return view;
}

function recordView(client) {
  return {
    id: client.id,
    getString: (field) => (client[field] === undefined || client[field] === null ? "" : String(client[field])),
    getInt: (field) => Number(client[field]) || 0,
    getBool: (field) => !!client[field],
  };
}

/** "original" or "jpeg" for a request of the original, or throws the refusal of the other format. */
function originalField(asked, isOwner, client, image) {
  const decision = rulesOfDelivery.originalFile({ originalsAs: client.originalsAs, hasJpeg: !!image.files.jpeg, asked: asked === "jpeg" || asked === "original" ? asked : "", isOwner });
  if (!decision.ok) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(403, decision.code);
  return decision.field;
}

/**
 * `known`: what the caller already holds (lib/handlers/middlewares.js): `setHeader` (the answer's `header.set`,
 * looked up once), the `request` and its `url`. The caller has set CACHE_CONTROL.
 */
function imageFile(e, imageId, known) {
  const at = cache.epoch(); // once, before any entry it labels (lib/core/serve_cache.js)
  let image, client;
  try {
    image = cache.image(imageId, at);
    client = cache.client(image.client, at);
  } catch (_) {
    throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(404, "image_not_found");
  }
  const q = parseQuery(known.url.rawQuery);
  // The owner's `<video>` carries a file token in the query (it cannot send a header): honoured for a clip's
  // playing requests only, never for a photo's file or a clip's poster (issue 38, docs/SECURITY.md).
  const isOwner = gallerySession.isStudioOwner(e) || (!!q.get("video") && gallerySession.isStudioOwnerFileToken(q.get("token")));
  let session = "";
  if (!isOwner) {
    // A photo in the trash (issue 43) is gone for visitors; the owner still sees it (the Trash screen).
    if (image.trashed) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(404, "image_not_found");
    gallerySession.assertOpenPlain(client);
    session = gallerySession.sessionKind(e, client.id, client.accessCode, client.sessionGeneration, cache.serverSecret(at));
    if (!session) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(404, "image_not_found");
  }
  if (q.get("video")) return clipFile(e, image, client, isOwner, session, q, known, at);
  const field = sizes.fileFor({ thumbnail: q.get("thumbnail"), preview: q.get("preview"), size: q.get("size") }, (f) => !!image.files[f]);
  if (!field) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(404, "image_not_found");
  const gated = isOwner ? "" : delivery.gateFile(e, asRecord(client), field, q, session === "preview");
  // The owner's preview (issue 27) downloads what a client could, uncounted.
  const download = session === "preview" ? "" : gated;
  // An original goes as shot or as the device's full-size JPEG, as the gallery says (issue 25).
  const served = field === "original" ? originalField(q.get("format"), isOwner, client, image) : field;
  const fileName = image.files[served];
  const downloadName = served === "jpeg" ? rulesOfDelivery.jpegName(image.originalName || fileName) : field === "original" ? image.originalName || fileName : fileName;
  // Like PocketBase's own static files: a request log only when it fails (a gallery page asks for
  // thousands of images; each logged one cost a row in the log database and the CPU to write it).
  e.set(SKIP_SUCCESS_LOG, true);
  // A download counts once, from its first byte: not each later range of the same file.
  const counted = rulesOfDelivery.countsAsDownload(download, known.request.header.get("Range"));
  if (transfers.notModified(e, fileName, known.setHeader, known.request)) return counted ? require(`${__hooks}/lib/handlers/activity.js`).downloaded(client.id, download) : undefined;
  // Files in a bucket in direct mode (issue 39): a visitor gets a redirect to a short-lived URL of the object,
  // after every check above (lib/core/direct_delivery.js). The owner's requests stream as before: the owner's
  // app is cross-origin isolated, where an image of another origin would need the bucket to opt in.
  const direct = isOwner ? null : directDelivery.directConfig(at);
  if (direct) {
    imageFiles.redirectStudioFile(e, image.base + "/" + fileName, downloadName, { config: direct, typeCache: cache.contentType, download: q.get("download"), attachment: !!gated || field === "original", setHeader: known.setHeader });
    if (counted) require(`${__hooks}/lib/handlers/activity.js`).downloaded(client.id, download, e);
    return;
  }
  // The Content-Type is what the bytes are, never what the name says (lib/core/image_files.js).
  imageFiles.serveStudioFile(e, image.base + "/" + fileName, downloadName, {
    typeCache: cache.contentType,
    fsys: cache.filesystem(at),
    localFiles: cache.localFiles(at),
    download: q.get("download"),
    // A visitor's download, and any original, goes as an attachment (issue 37).
    attachment: !!gated || field === "original",
    setHeader: known.setHeader,
    // Thumbnails from memory: the grid's hundreds of small requests (lib/core/serve_cache.js).
    smallFile: served === "thumbnail" ? cache.smallFile : null,
  });
  // Counted once the file is sent (it has a Content-Length): the visitor does not wait for the count.
  if (counted) require(`${__hooks}/lib/handlers/activity.js`).downloaded(client.id, download, e);
}

/**
 * `?video=web|original` (issue 38): a clip's web version, or its original while it has no web version
 * (lib/rules/image_sizes.js videoFileFor; 404 otherwise), to play or to download. Playing is viewing, as a
 * preview is: open in every delivery mode, no PIN, not counted. With `download`, it is the gallery's web
 * download (the web size of a photo): refused when downloads are off, the PIN asked, counted; named the
 * original's stem with `.mp4` for the web version. Ranges (206, 416) and conditional requests (ETag, If-Range)
 * are http.ServeContent's, under the stored file's name as ETag; the Content-Type is what the bytes are.
 */
function clipFile(e, image, client, isOwner, session, q, known, at) {
  // The owner may play a clip's original whatever its web version (the owner's viewer, while that is on its way).
  const ownersOriginal = isOwner && q.get("video") === "original" && image.kind === "video" && !!image.files.original;
  const field = ownersOriginal ? "original" : sizes.videoFileFor(q.get("video"), image, (f) => !!image.files[f]);
  if (!field) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(404, "image_not_found");
  const gated = isOwner ? "" : delivery.gateFile(e, asRecord(client), "webVideo", q, session === "preview");
  const download = session === "preview" ? "" : gated;
  const fileName = image.files[field];
  const original = image.originalName || fileName;
  e.set(SKIP_SUCCESS_LOG, true);
  const counted = rulesOfDelivery.countsAsDownload(download, known.request.header.get("Range"));
  if (transfers.notModified(e, fileName, known.setHeader, known.request)) return counted ? require(`${__hooks}/lib/handlers/activity.js`).downloaded(client.id, download) : undefined;
  const name = q.get("video") === "web" ? rulesOfDelivery.webVideoName(original) : original;
  const direct = isOwner ? null : directDelivery.directConfig(at);
  if (direct) {
    imageFiles.redirectStudioFile(e, image.base + "/" + fileName, name, { config: direct, typeCache: cache.contentType, download: q.get("download"), attachment: !!gated, setHeader: known.setHeader });
    if (counted) require(`${__hooks}/lib/handlers/activity.js`).downloaded(client.id, download, e);
    return;
  }
  imageFiles.serveStudioFile(e, image.base + "/" + fileName, name, {
    typeCache: cache.contentType,
    fsys: cache.filesystem(at),
    download: q.get("download"),
    attachment: !!gated,
    setHeader: known.setHeader,
  });
  if (counted) require(`${__hooks}/lib/handlers/activity.js`).downloaded(client.id, download, e);
}

module.exports = { imageFile, CACHE_CONTROL };
