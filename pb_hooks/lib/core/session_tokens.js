/**
 * Whether a gallery session token (a JWT in the `sg_gallery_{clientId}` cookie, lib/core/gallery_session.js) is valid
 * for a gallery: signed with `key` (the server's secret, the gallery's id and its current code), of type
 * "gallery", for this gallery and its current session generation, and not expired.
 *
 * Tokens this VM has verified are remembered (module state: one per VM) by their exact text, with the key
 * they verified under: the same text under the same key verifies the same way, so the signature is not
 * checked again (a visitor's page sends the same token with each of its images; the check was about a
 * tenth of the image route's time). A change of code or secret changes the key and a new generation fails
 * the comparison, so either still refuses the token at once; the expiry is checked on every use. Only
 * successes are remembered, at most VERIFIED_MAX, dropped whole when full, with their kind (a visitor's
 * session or the owner's preview, issue 27).
 */
const VERIFIED_MAX = 64;
const verified = { count: 0, byToken: {} };

function remember(token, entry) {
  if (!(entry.expiresAt > Date.now())) return; // no expiry read: verify every time
  if (verified.count >= VERIFIED_MAX) {
    verified.count = 0;
    verified.byToken = {};
  }
  if (!verified.byToken[token]) verified.count++;
  verified.byToken[token] = entry;
}

/** "" when the token is not valid for the gallery; else "preview" for the owner's preview (lib/core/gallery_preview.js), "visitor" otherwise. */
function kindOf(token, key, clientId, generation) {
  const known = verified.byToken[token];
  if (known && known.key === key && Date.now() < known.expiresAt) return known.gallery === clientId && known.gen === generation ? known.kind : "";
  try {
    const claims = $security.parseJWT(token, key);
    const ok = claims.gallery === clientId && claims.type === "gallery" && Number(claims.gen) === generation;
    if (!ok) return "";
    const kind = claims.preview === true ? "preview" : "visitor";
    remember(token, { key, gallery: clientId, gen: generation, kind, expiresAt: Number(claims.exp) * 1000 });
    return kind;
  } catch (_) {
    return ""; // bad signature (code changed, other gallery) or expired
  }
}

function verifies(token, key, clientId, generation) {
  return kindOf(token, key, clientId, generation) !== "";
}

module.exports = { verifies, kindOf };
