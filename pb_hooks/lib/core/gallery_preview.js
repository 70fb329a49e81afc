/**
 * 'Preview as client' (issue 27): the signed-in studio owner opens a gallery as its clients see it, without
 * its access code and without being counted. `POST /api/owner/preview/{clientId}` (the owner's app sends its
 * own auth header) answers the gallery's address and sets the gallery's session cookie with a preview token:
 * the same token a visitor gets for a right code (signed with the gallery's key, carrying its session
 * generation: lib/core/gallery_session.js), plus `preview: true`, for PREVIEW_SECONDS only.
 *
 * Invariants a change must keep:
 * - only the studio owner gets a preview token: 401 without an auth token, 403 for any other account;
 * - only the server signs a token, so `preview` cannot be added by a visitor; a preview token opens no more
 *   than a visitor's session of the same gallery does (the routes treat it as one), and less: it writes no
 *   activity, no person, no favourite, pick, comment or submission (403), and needs no download PIN;
 * - a gallery not on the server answers 404, a disabled or expired one 409 with its reason: a preview shows
 *   what a client can open now, never a gallery closed to them.
 */
const rules = require(`${__hooks}/lib/rules/rules.js`);

/** How long a preview lasts: the owner opens it again from the client's page after that. */
const PREVIEW_SECONDS = 30 * 60;

/** PREVIEW_SECONDS, or fewer when GALLERY_PREVIEW_SECONDS says so (the server tests' expiry; never longer). */
function previewSeconds() {
  const asked = Math.floor(Number($os.getenv("GALLERY_PREVIEW_SECONDS")));
  return asked >= 1 && asked < PREVIEW_SECONDS ? asked : PREVIEW_SECONDS;
}

/** POST /api/owner/preview/{clientId} -> {accessUrl, expiresIn}, with the preview's session cookie; the studio owner only (lib/handlers/owner_routes.js). */
function start(e, clientId) {
  const session = require(`${__hooks}/lib/core/gallery_session.js`);
  let client = null;
  try {
    client = $app.findRecordById("clients", clientId);
  } catch (_) {}
  if (!client) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(404, "preview_not_on_server");
  const state = rules.galleryState(session.plainClient(client), Date.now());
  if (state !== "open") return e.json(409, require(`${__hooks}/lib/rules/refusals.js`).refusalBody(409, "preview_closed", undefined, { reason: state === "expired" ? "expired" : "disabled" }));
  const seconds = previewSeconds();
  session.setSessionCookie(e, client, { preview: true }, seconds);
  return e.json(200, { accessUrl: client.getString("accessUrl"), expiresIn: seconds });
}

module.exports = { start };
