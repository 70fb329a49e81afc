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
 * - nothing of the session is stored but a hash of its random id (`proof_people.session`, hidden).
 */
const rules = require(`${__hooks}/lib/rules/proofing_rules.js`);

function session() {
  return require(`${__hooks}/lib/core/gallery_session.js`);
}

/** The same session with this person in it, for the time the session has left. */
function holdPerson(e, client, claims, personId) {
  const left = Math.floor(Number(claims.exp) - Date.now() / 1000);
  session().setSessionCookie(e, client, { sid: claims.sid, person: personId }, left > 60 ? left : 60);
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
  const sid = claims.sid || $security.randomString(24);
  const sessionKey = $security.sha256(sid);
  let refusal = null;
  let person = null;
  $app.runInTransaction((txApp) => {
    if (txApp.countRecords("proof_people", $dbx.hashExp({ client: client.id })) >= rules.PEOPLE_PER_GALLERY) refusal = { code: "people_gallery_full", params: { max: rules.PEOPLE_PER_GALLERY } };
    else if (txApp.countRecords("proof_people", $dbx.hashExp({ client: client.id, session: sessionKey })) >= rules.PEOPLE_PER_SESSION) refusal = { code: "people_session_full", params: { max: rules.PEOPLE_PER_SESSION } };
    if (refusal) return;
    person = new Record(txApp.findCollectionByNameOrId("proof_people"));
    person.set("client", client.id);
    person.set("name", name);
    person.set("email", email);
    person.set("session", sessionKey);
    txApp.save(person);
  });
  if (refusal) return refuse(e, 429, refusal.code, refusal.params);
  holdPerson(e, client, Object.assign({}, claims, { sid: sid }), person.id);
  return e.json(200, require(`${__hooks}/lib/core/proofing_state.js`).stateOf(client.id, person));
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
  if (!person || person.getString("client") !== client.id) return refuse(e, 404, "person_not_found");
  holdPerson(e, client, claims, person.id);
  return e.json(200, require(`${__hooks}/lib/core/proofing_state.js`).stateOf(client.id, person));
}

module.exports = { create, switchTo, cleanFields };
