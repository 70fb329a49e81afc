/**
 * What a visitor's proofing looks like to them: the person their gallery session holds, and the proofing
 * state the routes answer with (the gallery's lists, that person's favourites, picks, comments and
 * submission, and the shared people). Read by both route modules, lib/handlers/proofing.js (the writes) and
 * lib/handlers/proof_people.js (making and switching people), so neither requires the other. Uses PocketBase
 * globals; required in handlers.
 *
 * Invariant a change must keep: the person comes from the session token alone (lib/core/gallery_session.js),
 * and only when it is a person of the session's own gallery; nothing in a request names it.
 */

/** The person record the request's session holds for this gallery, or null. */
function personOf(e, client) {
  const claims = require(`${__hooks}/lib/core/gallery_session.js`).sessionClaims(e, client);
  if (!claims || !claims.person) return null;
  try {
    const person = $app.findRecordById("proof_people", String(claims.person));
    // A person in the trash (issue 43) is no one: their session continues as a new visitor would.
    return person.getString("client") === client.id && !person.getString("trashedAt") ? person : null;
  } catch (_) {
    return null; // removed with its gallery
  }
}

/** The person's proof_states record (their submission), or null before they submit. */
function stateRecord(app, personId) {
  try {
    return app.findFirstRecordByData("proof_states", "person", personId);
  } catch (_) {
    return null;
  }
}

/**
 * A list of records as PocketBase finds them: its types allow a missing entry in any Go slice of records,
 * which a query never returns.
 * @param {Array<core.Record | undefined>} list
 * @returns {core.Record[]}
 */
const rows = (list) => /** @type {core.Record[]} */ (list);

/** The people any visitor of the gallery may continue as: "Client", who holds the selection from before people. */
function sharedPeople(clientId) {
  return rows($app.findRecordsByFilter("proof_people", "client = {:client} && shared = true && trashedAt = ''", "created,id", 0, 0, { client: clientId })).map((p) => ({ id: p.id, name: p.getString("name") }));
}

/**
 * Everything the visitor's page shows of the gallery's proofing: the gallery's lists, and the person's
 * favourites, picks, comments and submission (none without a person), who they are, and the shared people.
 */
function stateOf(clientId, person) {
  const q = { client: clientId, person: person ? person.id : "" };
  /** @param {string} collection */
  // A photo in the trash (issue 43) is gone, with the person's choices of it (they come back with it).
  const mine = (collection) => (person ? rows($app.findRecordsByFilter(collection, "client = {:client} && person = {:person} && image.trashedAt = ''", "created,id", 0, 0, q)) : []);
  const lists = rows($app.findRecordsByFilter("proof_lists", "client = {:client}", "created,id", 0, 0, q));
  const picks = mine("proof_picks");
  const favourites = mine("proof_favourites");
  const comments = mine("proof_comments");
  const s = person ? stateRecord($app, person.id) : null;
  return {
    person: person ? { id: person.id, name: person.getString("name") } : null,
    shared: sharedPeople(clientId),
    submittedAt: s ? s.getString("submittedAt") : "",
    favourites: favourites.map((r) => r.getString("image")),
    lists: lists.map((l) => ({
      id: l.id,
      name: l.getString("name"),
      limit: l.getInt("limit"),
      imageIds: picks.filter((p) => p.getString("list") === l.id).map((p) => p.getString("image")),
    })),
    comments: comments.map((c) => ({ image: c.getString("image"), text: c.getString("text") })),
  };
}

module.exports = { personOf, stateRecord, stateOf };
