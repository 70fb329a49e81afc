/**
 * Delivery controls on the server (decisions in ./delivery_rules.js): the gate in front of every visitor's
 * image file, the download PIN route (per-address waits of the access codes' budget plus the current PIN's own budget with growing friction, lib/core/access_guard.js) and
 * the fields the visitor's gallery reads to show or hide its download controls. Uses PocketBase globals;
 * required in handlers.
 *
 * The PIN's proof is a session cookie (no Max-Age: gone when the browser closes) holding a token signed with
 * a key made of the gallery's session key and the PIN, carrying the session generation: a new PIN, a new
 * code or a revoked session make it worthless.
 */
const rules = require(`${__hooks}/lib/rules/rules.js`);
const delivery = require(`${__hooks}/lib/rules/delivery_rules.js`);

function pinKey(client) {
  const secret = $app.findFirstRecordByData("server_secrets", "key", "gallery_token").getString("value");
  return rules.galleryTokenKey(secret, client.id, client.getString("accessCode")) + ":download-pin:" + client.getString("downloadPin");
}

function hasPinProof(e, client) {
  let cookie;
  try {
    cookie = e.request.cookie(delivery.pinCookieName(client.id, require(`${__hooks}/lib/core/gallery_session.js`).isSecureRequest(e)));
  } catch (_) {
    return false;
  }
  if (!cookie || !cookie.value) return false;
  try {
    const claims = $security.parseJWT(cookie.value, pinKey(client));
    return claims.gallery === client.id && claims.type === "download-pin" && Number(claims.gen) === client.getInt("sessionGeneration");
  } catch (_) {
    return false;
  }
}

/** The visitor's delivery settings, as the gallery page needs them (never the PIN itself). */
function visitorFields(e, client) {
  const pinRequired = !!client.getString("downloadPin");
  return {
    downloads: delivery.modeOf(client.getString("downloadMode")),
    originalsAs: client.getString("originalsAs") === "jpeg" ? "jpeg" : "shot",
    pinRequired,
    // The owner's preview (issue 27) needs no PIN.
    pinVerified: pinRequired ? require(`${__hooks}/lib/core/gallery_session.js`).isPreview(e, client) || hasPinProof(e, client) : true,
  };
}

/**
 * Throws the refusal when a visitor (not the owner) may not have `field` of an image of `client` the way the
 * request asks; returns the download kind ("" | "single" | "zip") when allowed. `isPreview`: the owner's
 * preview (issue 27), which the gallery's mode binds but no PIN.
 */
function gateFile(e, client, field, query, isPreview) {
  const kind = delivery.downloadKind((query || e.request.url.query()).get("download"));
  const pinRequired = !!client.getString("downloadPin") && !isPreview; // the owner's preview needs no PIN
  const decision = delivery.decideFile({
    mode: client.getString("downloadMode"),
    pinRequired,
    pinVerified: pinRequired && (field === "original" || kind) ? hasPinProof(e, client) : false,
    field,
    download: kind,
  });
  if (!decision.ok) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(403, decision.code);
  return kind || (field === "original" ? "single" : "");
}

/** POST /api/gallery/{accessUrl}/download-pin {pin}: a right PIN sets the PIN's session cookie. */
function verifyPin(e, accessUrl) {
  const gallerySession = require(`${__hooks}/lib/core/gallery_session.js`);
  const client = gallerySession.requireSession(e, accessUrl);
  const body = e.requestInfo().body || {};
  const pin = typeof body.pin === "string" ? body.pin.trim() : "";
  if (!delivery.isPinFormat(pin)) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(400, "pin_format");
  const expected = client.getString("downloadPin");
  if (!expected) return e.json(200, { success: true }); // no PIN asked: nothing to prove
  const guard = require(`${__hooks}/lib/core/access_guard.js`);
  const taken = guard.take(e, "pin", client.id, body.pow, expected);
  if (!taken.ok) return guard.refuse(e, taken);
  if (!$security.equal(pin, expected)) {
    guard.recordGalleryFailure(client.id, "pin");
    throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(401, "pin_wrong");
  }
  guard.refund(taken.ticket);
  const token = $security.createJWT({ gallery: client.id, type: "download-pin", gen: client.getInt("sessionGeneration") }, pinKey(client), rules.GALLERY_SESSION_SECONDS);
  // `__Host-` at Path=/ over HTTPS, as the session's cookie (lib/core/gallery_session.js).
  const place = require(`${__hooks}/lib/core/gallery_session.js`).cookiePlace(e, delivery.pinCookieName(client.id, false));
  e.setCookie(
    new Cookie({
      name: place.name,
      value: token,
      path: place.path,
      httpOnly: true,
      secure: place.secure,
      sameSite: 3,
    }),
  );
  return e.json(200, { success: true });
}

module.exports = { visitorFields, gateFile, verifyPin };
