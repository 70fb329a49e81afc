/**
 * The visitor's gallery session token (a cookie per gallery, signed with a key that contains the gallery's
 * current access code and carrying its session generation; lib/gallery_api.js states the invariants). Since
 * issue 26 the token also carries a session id (`sid`) and the person the visitor proofs as (`person`),
 * set by lib/proof_people.js. Required inside handlers.
 */
const rules = require(`${__hooks}/lib/rules.js`);
const serveCache = require(`${__hooks}/lib/serve_cache.js`);

function serverSecret() {
  return serveCache.serverSecret();
}

/** The claims of the request's valid session token of this gallery (lib/proof_people.js reads its person), or null. */
function sessionClaims(e, client) {
  return claimsOf(e, client.id, client.getString("accessCode"), client.getInt("sessionGeneration"));
}

/**
 * Whether the request holds a valid session token of the gallery `clientId` with this code and generation:
 * the image route's check, through lib/session_tokens.js, which remembers the tokens this VM verified.
 */
function hasSession(e, clientId, accessCode, generation) {
  let cookie;
  try {
    cookie = e.request.cookie(rules.galleryCookieName(clientId));
  } catch (_) {
    return false; // no such cookie
  }
  if (!cookie || !cookie.value) return false;
  const key = rules.galleryTokenKey(serverSecret(), clientId, accessCode);
  return require(`${__hooks}/lib/session_tokens.js`).verifies(cookie.value, key, clientId, generation);
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

module.exports = { sessionClaims, hasSession, setSessionCookie };
