/**
 * The visitor-facing gallery API (`/api/gallery/*`). Required inside each route handler (PocketBase runs
 * every handler in an isolated context). All decisions that do not need PocketBase live in ./rules.js.
 *
 * Invariants a change must keep:
 * - every request re-checks `enabled` and `expirationDate` against the client as last saved (the image
 *   route, lib/handlers/image_route.js, reads it through lib/core/serve_cache.js, whose copy counts only until the next save);
 * - an unknown and a disabled gallery answer alike, and an unknown gallery and a wrong code answer alike;
 * - every check of a code takes a ticket of the brute-force budget first (lib/core/access_guard.js);
 * - a session token is signed with a key that contains the gallery's current access code, and carries the
 *   gallery's session generation (raised on disable, expiry change and code change, never lowered), so a
 *   revoked session stays revoked, and a token of one gallery never opens another;
 * - image files are served only to a studio owner or to a holder of a valid token for the image's gallery.
 */
const rules = require(`${__hooks}/lib/rules/rules.js`);
const session = require(`${__hooks}/lib/core/gallery_session.js`);
const { plainClient, findClientByAccessUrl, assertOpen, isStudioOwner, hasValidSession, requireSession } = session;
const galleryImages = require(`${__hooks}/lib/core/gallery_images.js`);

/** Compares the normalised forms (lib/rules/contract.js), in constant time for equal lengths. */
function codesMatch(given, expected) {
  const a = rules.normalizeAccessCode(given);
  const b = rules.normalizeAccessCode(expected);
  return $security.equal(a, b) && b !== "";
}

/** The request's JSON body; anything that is not a JSON object is a 400 (a junk body is no wrong code). */
function requestBody(e) {
  let body;
  try {
    body = e.requestInfo().body;
  } catch (_) {
    throw new BadRequestError("The request body must be a JSON object.");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new BadRequestError("The request body must be a JSON object.");
  return body;
}

function requestedCode(e) {
  const body = requestBody(e);
  return typeof body.accessCode === "string" ? rules.normalizeAccessCode(body.accessCode) : "";
}

function imagePageFields(client, page, limit) {
  const total = galleryImages.visitorImageCount(client.id);
  return { pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } };
}

// ---- route handlers -------------------------------------------------------------------------------------

/**
 * POST /api/gallery/access {accessCode} -> {accessUrl}; finds the gallery by its code alone, through the
 * unique normalised key. A code that two clients shared before codes were unique has no key, so it opens
 * neither here (the link route still works). An expired gallery's code is a wrong code here (its ticket is
 * spent), so that codes of expired galleries cannot be collected for free; its own link says it expired.
 * Off (the owner's switch, lib/core/access_guard.js) it checks no code at all.
 */
function access(e) {
  const guard = require(`${__hooks}/lib/core/access_guard.js`);
  if (guard.codeOnlyOff()) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(403, "code_only_off");
  const code = requestedCode(e);
  if (!code) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(400, "code_required");
  const taken = guard.take(e, "code-only", "", requestBody(e).pow);
  if (!taken.ok) return guard.refuse(e, taken);
  let found = /** @type {core.Record | null} */ (null);
  try {
    found = $app.findFirstRecordByData("clients", "accessKey", code);
  } catch (_) {}
  const open = !!found && rules.galleryState(plainClient(found), Date.now()) === "open";
  if (!found || !open || found.getBool("codeShared") || !codesMatch(code, found.getString("accessCode"))) {
    throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(401, "code_invalid");
  }
  const match = found;
  guard.refund(taken.ticket);
  require(`${__hooks}/lib/handlers/activity.js`).unlocked(match.id, hasValidSession(e, match));
  session.setSessionCookie(e, match);
  return e.json(200, { accessUrl: match.getString("accessUrl") });
}

/** GET /api/owner/code-only-page: the code-only page's switch and pressure (the ownerOnly policy of lib/handlers/owner_routes.js; lib/core/access_guard.js). */
function codeOnlyPage(e) {
  return e.json(200, require(`${__hooks}/lib/core/access_guard.js`).codeOnlyState());
}

/** POST /api/owner/code-only-page {reset?: true, on?: boolean}: the owner's reset and switch; answers the new state. */
function changeCodeOnlyPage(e) {
  const body = requestBody(e);
  if (body.reset !== undefined && body.reset !== true) throw new BadRequestError("reset must be true when given.");
  if (body.on !== undefined && typeof body.on !== "boolean") throw new BadRequestError("on must be true or false when given.");
  const guard = require(`${__hooks}/lib/core/access_guard.js`);
  guard.changeCodeOnly({ reset: body.reset === true, on: body.on });
  return e.json(200, guard.codeOnlyState());
}

/**
 * GET /api/gallery/{accessUrl}[?first=N] -> name, accessCodeVerified, the event date and image count when
 * verified (which answers the session check too), and branding. With `?first=N` (at most the page size's
 * limit) an unlocked visitor also gets the first N images, so the page's first request is enough to draw
 * the first rows of the grid (visitor_pages.js has the browser preload it with the page).
 */
function info(e, accessUrl) {
  const client = findClientByAccessUrl(accessUrl);
  assertOpen(client);
  const owner = isStudioOwner(e);
  const verified = owner || hasValidSession(e, client);
  // The owner's preview (issue 27) is no visit.
  const preview = verified && !owner && session.isPreview(e, client);
  if (verified && !owner && !preview) require(`${__hooks}/lib/handlers/activity.js`).visited(client.id);
  const total = verified ? galleryImages.visitorImageCount(client.id) : 0;
  const first = e.request.url.query().get("first");
  const look = require(`${__hooks}/lib/core/gallery_look.js`).visitorLook(client);
  const fields = {
    name: client.getString("name"),
    accessUrl: client.getString("accessUrl"),
    eventDate: verified ? client.getString("eventDate") : "",
    accessCodeVerified: verified,
    pagination: { total: total },
    coverImage: verified && total > 0 ? coverImageId(client) : "",
    // The gallery's sets with their counts (issue 26); none for a locked visitor.
    sets: verified ? galleryImages.visitorSetsJson(client.id) : [],
    studio: require(`${__hooks}/lib/core/studio_info.js`).studioBranding(),
    // Light or dark (issue 27): the gallery's own, else the studio's default, else light.
    theme: client.getString("galleryTheme") || (require(`${__hooks}/lib/core/studio_settings.js`).studioSettings() || { getString: () => "" }).getString("galleryTheme") || "light",
    delivery: verified ? require(`${__hooks}/lib/handlers/delivery.js`).visitorFields(e, client) : null,
    // The cover style and typeface pairing (issue 27): the gallery's own, else the studio's.
    coverStyle: look.coverStyle,
    typefaces: look.typefaces,
  };
  // The preview's page shows its bar and leads back to the client's page in the owner's app.
  if (preview) Object.assign(fields, { preview: true, client: client.id });
  if (!first || !verified) return e.json(200, fields);
  const limit = rules.parsePaging("1", first).limit;
  fields.pagination = { page: 1, limit: limit, total: total, totalPages: Math.ceil(total / limit) };
  return galleryImages.jsonWithImages(e, fields, galleryImages.visitorImagesJson(client.id, limit, 0));
}

/**
 * The cover's image id: the one the owner picked when it is still an image of this gallery, else the
 * first image (in the grid's order). Told only to an unlocked visitor, like the event date.
 */
function coverImageId(client) {
  const picked = client.getString("coverImage");
  if (picked) {
    try {
      const image = $app.findRecordById("images", picked);
      if (image.getString("client") === client.id && !image.getString("trashedAt")) return image.id;
    } catch (_) {} // deleted since it was picked: the first image
  }
  // Never a photo in the trash (issue 43).
  const first = $app.findRecordsByFilter("images", "client = {:client} && trashedAt = ''", "uploadedAt,id", 1, 0, { client: client.id });
  return first[0] ? first[0].id : "";
}

/** GET /api/gallery/{accessUrl}/verify-session -> {verified} */
function verifySession(e, accessUrl) {
  const client = findClientByAccessUrl(accessUrl);
  assertOpen(client);
  return e.json(200, { verified: isStudioOwner(e) || hasValidSession(e, client) });
}

/** POST /api/gallery/{accessUrl}/verify {accessCode}: a correct code sets the session cookie. */
function verify(e, accessUrl) {
  const code = requestedCode(e);
  if (!code) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(400, "code_required"); // junk is no wrong code: no ticket, no 401
  const guard = require(`${__hooks}/lib/core/access_guard.js`);
  const taken = guard.take(e, "link", "", requestBody(e).pow);
  if (!taken.ok) return guard.refuse(e, taken);
  const client = findClientByAccessUrl(accessUrl);
  const state = rules.galleryState(client && plainClient(client), Date.now());
  if (state === "missing") {
    codesMatch(code, "unknown-gallery"); // same work as a real comparison
    throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(401, "code_invalid");
  }
  if (state === "expired") {
    guard.refund(taken.ticket); // no code was checked
    throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(410, "gallery_expired");
  }
  if (!code || !codesMatch(code, client.getString("accessCode"))) {
    guard.recordGalleryFailure(client.id, "code");
    throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(401, "code_invalid");
  }
  guard.refund(taken.ticket);
  require(`${__hooks}/lib/handlers/activity.js`).unlocked(client.id, hasValidSession(e, client));
  session.setSessionCookie(e, client);
  return e.json(200, { success: true });
}

/** GET /api/gallery/{accessUrl}/images?page&limit */
function images(e, accessUrl) {
  const client = requireSession(e, accessUrl);
  const q = e.request.url.query();
  const paging = rules.parsePaging(q.get("page"), q.get("limit"));
  return galleryImages.jsonWithImages(e, imagePageFields(client, paging.page, paging.limit), galleryImages.visitorImagesJson(client.id, paging.limit, paging.offset));
}

/** GET /api/gallery/{accessUrl}/all-images */
function allImages(e, accessUrl) {
  const client = requireSession(e, accessUrl);
  return galleryImages.jsonWithImages(e, {}, galleryImages.visitorImagesJson(client.id, 0, 0));
}

module.exports = { access, codeOnlyPage, changeCodeOnlyPage, info, verifySession, verify, images, allImages };
