/**
 * The one session module of the visitor gallery: the gallery a request names, whether it is open, whether the
 * request is the studio owner's or holds the gallery's session token (`requireSession`), and that token (a
 * cookie per gallery, signed with a key that contains the gallery's current access code and carrying its
 * session generation; lib/handlers/gallery_api.js states the invariants). The token carries a session id (`sid`),
 * minted with the session since issue 37, and the person the visitor proofs as (`person`), set by
 * lib/handlers/proof_people.js. Every
 * visitor route (gallery, proofing, people, delivery, activity, image) checks here; the owner's preview
 * (issue 27, lib/core/gallery_preview.js) is such a session with `preview: true`, which `isPreview` tells; this module requires no
 * route module back. Required inside handlers.
 */
const rules = require(`${__hooks}/lib/rules/rules.js`);
const serveCache = require(`${__hooks}/lib/core/serve_cache.js`);
// Once per VM: a require costs about as much as the token check itself (measured, issue 28's floor).
const sessionTokens = require(`${__hooks}/lib/core/session_tokens.js`);
// Whether a connection comes from a proxy whose X-Forwarded-Proto is believed (TRUSTED_PROXY_ADDRESSES,
// loopback by default), read once per VM.
const isTrustedProxy = require(`${__hooks}/lib/core/deploy_settings.js`).trustedProxyCheck((name) => $os.getenv(name));

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
    cookie = e.request.cookie(rules.galleryCookieName(clientId, isSecureRequest(e)));
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
    cookie = e.request.cookie(rules.galleryCookieName(clientId, isSecureRequest(e)));
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

/**
 * Whether the visitor came over HTTPS: TLS to PocketBase itself, or `X-Forwarded-Proto: https` from a trusted
 * proxy (anyone else could write the header). Then the gallery's cookies are `__Host-` cookies, and only those
 * are read: an unprefixed one, which a sibling subdomain could plant, is not (issue 37).
 */
function isSecureRequest(e) {
  if (e.isTLS()) return true;
  return e.request.header.get("X-Forwarded-Proto") === "https" && isTrustedProxy(e.remoteIP());
}

/**
 * Where a gallery cookie (`plainName`) lives for this request: over HTTPS `__Host-` + name at Path=/ and
 * Secure (the prefix needs both, and no Domain); over plain HTTP, the development path, the plain name at
 * /api/gallery/.
 */
function cookiePlace(e, plainName) {
  return isSecureRequest(e) ? { name: "__Host-" + plainName, path: "/", secure: true } : { name: plainName, path: "/api/gallery/", secure: false };
}

/**
 * A new session (`extra` absent), minted with its random session id (`sid`, issue 37: what the per-session
 * limit of new people counts, so re-sending one cookie is one session), or the same session with other
 * `extra` claims (session id, person) for its `seconds` left.
 */
function setSessionCookie(e, client, extra, seconds) {
  const key = rules.galleryTokenKey(serverSecret(), client.id, client.getString("accessCode"));
  const age = seconds || rules.GALLERY_SESSION_SECONDS;
  const claims = extra || { sid: $security.randomString(24) };
  if (!extra || extra.preview) require(`${__hooks}/lib/core/metrics.js`).countSession(e.app, extra ? "preview" : "visitor");
  const token = $security.createJWT(Object.assign({}, claims, { gallery: client.id, type: "gallery", gen: client.getInt("sessionGeneration") }), key, age);
  const place = cookiePlace(e, rules.galleryCookieName(client.id, false));
  e.setCookie(
    new Cookie({
      name: place.name,
      value: token,
      path: place.path,
      maxAge: age,
      httpOnly: true,
      secure: place.secure,
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
    // A gallery in the trash (issue 43) is closed to visitors at once, answered as a disabled one.
    enabled: record.getBool("enabled") && !record.getString("trashedAt"),
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

/**
 * Whether `token` is a valid, unexpired PocketBase file token (`pb.files.getToken()`, the `fileToken` duration of
 * the users collection, minutes) of the studio owner, checked as PocketBase checks one for a protected file
 * (signed with the user's token key and the collection's file-token secret). The image route honours it in the
 * query of a clip's playing requests only (`?video=`, issue 38): a `<video>` cannot send the owner's Authorization
 * header. Any other account's token, a superuser's, an auth token, an expired or malformed one: false.
 */
function isStudioOwnerFileToken(token) {
  if (!token) return false;
  try {
    const record = $app.findAuthRecordByToken(token, "file");
    return !!(record && record.collection().name === "users" && record.getBool("isStudioOwner"));
  } catch (_) {
    return false;
  }
}

function hasValidSession(e, client) {
  return hasSession(e, client.id, client.getString("accessCode"), client.getInt("sessionGeneration"));
}

/**
 * The gallery of `accessUrl` when it is open and the request is its owner's or holds its session; else throws.
 * Checked once per request: the route's visitorSession policy (lib/core/policies.js) asks first, its handler again.
 */
function requireSession(e, accessUrl) {
  const held = e.get(HELD_GALLERY);
  if (held && held.getString("accessUrl") === accessUrl) return held;
  const client = findClientByAccessUrl(accessUrl);
  assertOpen(client);
  if (!isStudioOwner(e) && !hasValidSession(e, client)) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(401, "session_required");
  e.set(HELD_GALLERY, client);
  return client;
}

/** The request's key for the gallery requireSession let it into. */
const HELD_GALLERY = "sgSessionGallery";

module.exports = {
  sessionClaims,
  hasSession,
  sessionKind,
  isPreview,
  setSessionCookie,
  isSecureRequest,
  cookiePlace,
  plainClient,
  findClientByAccessUrl,
  assertOpen,
  assertOpenPlain,
  isStudioOwner,
  isStudioOwnerFileToken,
  hasValidSession,
  requireSession,
};
