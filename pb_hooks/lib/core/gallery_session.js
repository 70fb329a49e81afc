/**
 * The one session module of the visitor gallery: the gallery a request names, whether it is open, whether the
 * request is the studio owner's or holds the gallery's session token (`requireSession`), and that token (a
 * cookie per gallery, signed with a key that contains the gallery's current access code and carrying its
 * session generation; lib/handlers/gallery_api.js states the invariants). Since issue 26 the token also carries a
 * session id (`sid`) and the person the visitor proofs as (`person`), set by lib/handlers/proof_people.js. Every
 * visitor route (gallery, proofing, people, delivery, activity, image) checks here; the owner's preview
 * (issue 27, lib/core/gallery_preview.js) is such a session with `preview: true`, which `isPreview` tells; this module requires no
 * route module back. Required inside handlers.
 */
const rules = require(`${__hooks}/lib/rules/rules.js`);
const serveCache = require(`${__hooks}/lib/core/serve_cache.js`);
// Once per VM: a require costs about as much as the token check itself (measured, issue 28's floor).
const sessionTokens = require(`${__hooks}/lib/core/session_tokens.js`);

function serverSecret() {
  return serveCache.serverSecret();
}

/** The claims of the request's valid session token of this gallery (lib/handlers/proof_people.js reads its person), or null. */
function sessionClaims(e, client) {
  return claimsOf(e, client.id, client.getString("accessCode"), client.getInt("sessionGeneration"));
}

/**
 * Whether the request holds a valid session token of the gallery `clientId` with this code and generation:
 * the image route's check, through lib/core/session_tokens.js, which remembers the tokens this VM verified.
 */
function hasSession(e, clientId, accessCode, generation) {
  return sessionKind(e, clientId, accessCode, generation) !== "";
}

/**
 * hasSession's check, telling which session: "" (none), "visitor", or "preview" (the owner's, lib/core/gallery_preview.js).
 * `secret`: the server's token secret when the caller has read it (the image route, under its request's epoch).
 */
function sessionKind(e, clientId, accessCode, generation, secret) {
  let cookie;
  try {
    cookie = e.request.cookie(rules.galleryCookieName(clientId));
  } catch (_) {
    return ""; // no such cookie
  }
  if (!cookie || !cookie.value) return "";
  const key = rules.galleryTokenKey(secret === undefined ? serverSecret() : secret, clientId, accessCode);
  return sessionTokens.kindOf(cookie.value, key, clientId, generation);
}

/** Whether the request's session of this gallery is the owner's preview: counted nowhere, writes nothing. */
function isPreview(e, client) {
  return sessionKind(e, client.id, client.getString("accessCode"), client.getInt("sessionGeneration")) === "preview";
}

function claimsOf(e, clientId, accessCode, generation) {
  let cookie;
  try {
    cookie = e.request.cookie(rules.galleryCookieName(clientId));
  } catch (_) {
    return null; // no such cookie
  }
  if (!cookie || !cookie.value) return null;
  try {
    const claims = $security.parseJWT(cookie.value, rules.galleryTokenKey(serverSecret(), clientId, accessCode));
    return claims.gallery === clientId && claims.type === "gallery" && Number(claims.gen) === generation ? claims : null;
  } catch (_) {
    return null; // bad signature (code changed, other gallery) or expired
  }
}

function isSecureRequest(e) {
  return e.isTLS() || e.request.header.get("X-Forwarded-Proto") === "https";
}

/** A new session (`extra` absent), or the same one with other `extra` claims (session id, person) for its `seconds` left. */
function setSessionCookie(e, client, extra, seconds) {
  const key = rules.galleryTokenKey(serverSecret(), client.id, client.getString("accessCode"));
  const age = seconds || rules.GALLERY_SESSION_SECONDS;
  const token = $security.createJWT(Object.assign({}, extra || {}, { gallery: client.id, type: "gallery", gen: client.getInt("sessionGeneration") }), key, age);
  e.setCookie(
    new Cookie({
      name: rules.galleryCookieName(client.id),
      value: token,
      path: "/api/gallery/",
      maxAge: age,
      httpOnly: true,
      secure: isSecureRequest(e),
      sameSite: 3, // Strict: the gallery page and its API share one origin
    }),
  );
}

// ---- the gallery a request names, and whether the request may see it ----------------------------------
// Shared by the gallery routes (lib/handlers/gallery_api.js), the proofing and people routes, the delivery and
// activity routes and the image route; it lives here so none of them requires another's handlers.

function plainClient(record) {
  return {
    id: record.id,
    name: record.getString("name"),
    enabled: record.getBool("enabled"),
    expirationDate: record.getString("expirationDate"),
    accessUrl: record.getString("accessUrl"),
    accessCode: record.getString("accessCode"),
  };
}

function findClientByAccessUrl(accessUrl) {
  if (!rules.isValidAccessUrl(accessUrl)) return null;
  try {
    return $app.findFirstRecordByData("clients", "accessUrl", accessUrl);
  } catch (_) {
    return null;
  }
}

/** Throws the specified answer unless the gallery is open to visitors. */
function assertOpen(client) {
  assertOpenPlain(client && plainClient(client));
}

/** assertOpen for a gallery's plain fields (plainClient's shape, or null). */
function assertOpenPlain(plain) {
  const state = rules.galleryState(plain, Date.now());
  if (state === "missing") throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(404, "gallery_not_found");
  if (state === "expired") throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(410, "gallery_expired");
}

function isStudioOwner(e) {
  return !!(e.auth && e.auth.collection().name === "users" && e.auth.getBool("isStudioOwner"));
}

function hasValidSession(e, client) {
  return hasSession(e, client.id, client.getString("accessCode"), client.getInt("sessionGeneration"));
}

/** The gallery of `accessUrl` when it is open and the request is its owner's or holds its session; else throws. */
function requireSession(e, accessUrl) {
  const client = findClientByAccessUrl(accessUrl);
  assertOpen(client);
  if (!isStudioOwner(e) && !hasValidSession(e, client)) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(401, "session_required");
  return client;
}

module.exports = {
  sessionClaims,
  hasSession,
  sessionKind,
  isPreview,
  setSessionCookie,
  plainClient,
  findClientByAccessUrl,
  assertOpen,
  assertOpenPlain,
  isStudioOwner,
  hasValidSession,
  requireSession,
};
