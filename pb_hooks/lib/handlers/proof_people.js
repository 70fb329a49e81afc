/**
 * The people of a gallery's proofing (issue 26): who the visitor's gallery session proofs as. The session
 * token (lib/core/gallery_session.js) carries the person's id; these routes set it, and lib/core/proofing_state.js reads
 * it back for every write of lib/handlers/proofing.js: a person the owner removed is no one's any more, so a session
 * still holding it writes nothing until its visitor names themselves again. Required inside handlers.
 *
 * Invariants a change must keep:
 * - a session holds only a person of its own gallery, and only the server puts one in it (a signed token);
 * - a new person's name and email are cleaned and checked (lib/rules/proofing_rules.js) before anything is stored;
 * - one session makes at most PEOPLE_PER_SESSION people and a gallery holds at most PEOPLE_PER_GALLERY: both
 *   are counted in the same transaction as the insert (PocketBase runs write transactions one at a time);
 *   the session's id is minted with the session (lib/core/gallery_session.js), so re-sending one cookie is one
 *   session (issue 37); a token from before that counts by its expiry, which one cookie never changes;
 * - one address and one network make new people only as fast as lib/rules/people_limits.js allows (429 with
 *   Retry-After), checked and counted in the same transaction (lib/core/people_guard.js);
 * - people who chose nothing stop counting after lib/rules/people_limits.js's UNUSED_AFTER_MS: they are removed
 *   before the gallery's people are counted, so names nobody used never refuse a real guest;
 * - nothing of the session is stored but a hash of its random id (`proof_people.session`, hidden).
 */
const rules = require(`${__hooks}/lib/rules/proofing_rules.js`);

function session() {
  return require(`${__hooks}/lib/core/gallery_session.js`);
}

/**
 * The session's id: minted with the session (issue 37); a token from before that counts as one session by
 * its expiry, which re-sending that cookie never changes (and which the session keeps from then on).
 */
function sessionIdOf(claims) {
  return claims.sid || "exp:" + claims.exp;
}

/** The same session with this person in it, for the time the session has left. */
function holdPerson(e, client, claims, personId) {
  const left = Math.floor(Number(claims.exp) - Date.now() / 1000);
  session().setSessionCookie(e, client, { sid: sessionIdOf(claims), person: personId }, left > 60 ? left : 60);
}

function refuse(e, status, code, params) {
  return e.json(status, require(`${__hooks}/lib/rules/refusals.js`).refusalBody(status, code, params));
}

/**
 * A person's name and email as every save stores them, cleaned and checked like a new person's: the owner's
 * rename through the records API as much as a visitor's person. Step 1 of the save pipeline
 * (lib/handlers/save_pipeline.js).
 */
function cleanFields(record) {
  try {
    record.set("name", rules.personName(record.getString("name")));
    record.set("email", rules.personEmail(record.getString("email")));
  } catch (err) {
    throw require(`${__hooks}/lib/rules/refusals.js`).thrownRefusalError(400, err);
  }
}

/** Whether the gallery has room for one more person, once the people who chose nothing for too long are gone. */
function roomInGallery(txApp, clientId, now) {
  const count = () => txApp.countRecords("proof_people", $dbx.hashExp({ client: clientId }));
  if (count() < rules.PEOPLE_PER_GALLERY) return true;
  return require(`${__hooks}/lib/core/people_guard.js`).sweepUnused(txApp, clientId, now) > 0 && count() < rules.PEOPLE_PER_GALLERY;
}

/** PUT .../proofing/person {name, email?}: a new person of the gallery, held by the session from now on. */
function create(e, accessUrl) {
  const client = session().requireSession(e, accessUrl);
  const claims = session().sessionClaims(e, client);
  if (!claims) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(401, "session_required"); // the owner, who has no session
  if (claims.preview === true) return refuse(e, 403, "preview_read_only"); // the owner's preview
  const body = e.requestInfo().body || {};
  let name, email;
  try {
    name = rules.personName(body.name);
    email = rules.personEmail(body.email);
  } catch (err) {
    throw require(`${__hooks}/lib/rules/refusals.js`).thrownRefusalError(400, err);
  }
  const sessionKey = $security.sha256(sessionIdOf(claims));
  const guard = require(`${__hooks}/lib/core/people_guard.js`);
  const now = Date.now();
  let refusal = /** @type {{ code: import("../rules/refusals.js").RefusalCode, params?: Record<string, number> } | null} */ (null); // set inside the transaction
  let retryAfterMs = 0;
  let person = /** @type {core.Record | null} */ (null);
  $app.runInTransaction((txApp) => {
    if (txApp.countRecords("proof_people", $dbx.hashExp({ client: client.id, session: sessionKey })) >= rules.PEOPLE_PER_SESSION) refusal = { code: "people_session_full", params: { max: rules.PEOPLE_PER_SESSION } };
    else if (!roomInGallery(txApp, client.id, now)) refusal = { code: "people_gallery_full", params: { max: rules.PEOPLE_PER_GALLERY } };
    if (refusal) return;
    const wait = guard.takeNewPerson(txApp, e, now);
    if (wait) {
      refusal = { code: "people_network_wait" };
      retryAfterMs = wait.retryAfterMs;
      return;
    }
    person = new Record(txApp.findCollectionByNameOrId("proof_people"));
    person.set("client", client.id);
    person.set("name", name);
    person.set("email", email);
    person.set("session", sessionKey);
    txApp.save(person);
  });
  if (retryAfterMs) e.response.header().set("Retry-After", String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  if (refusal) return refuse(e, 429, refusal.code, refusal.params);
  const made = /** @type {core.Record} */ (person); // no refusal: the transaction made the person
  holdPerson(e, client, claims, made.id);
  return e.json(200, require(`${__hooks}/lib/core/proofing_state.js`).stateOf(client.id, made));
}

/** PUT .../proofing/person/{personId}: the session proofs as another person of the same gallery. */
function switchTo(e, accessUrl, personId) {
  const client = session().requireSession(e, accessUrl);
  const claims = session().sessionClaims(e, client);
  if (!claims) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(401, "session_required");
  if (claims.preview === true) return refuse(e, 403, "preview_read_only"); // the owner's preview
  let person = null;
  try {
    person = $app.findRecordById("proof_people", personId);
  } catch (_) {}
  // A person in the trash (issue 43) is not in the gallery until the owner restores them.
  if (!person || person.getString("client") !== client.id || person.getString("trashedAt")) return refuse(e, 404, "person_not_found");
  holdPerson(e, client, claims, person.id);
  return e.json(200, require(`${__hooks}/lib/core/proofing_state.js`).stateOf(client.id, person));
}

module.exports = { create, switchTo, cleanFields };
