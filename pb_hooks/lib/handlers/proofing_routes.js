/**
 * Proofing routes of the visitor gallery (issue 12; lib/handlers/routes.js registers them): the favourites, picks,
 * comments and submission of the person the session holds, and that person (issue 26). Handlers only
 * dispatch; lib/handlers/proofing.js and proof_people.js decide. Writes are PUT/DELETE (idempotent, and outside the
 * code routes' "POST /api/gallery/" budget), each under a path of three or more segments below the gallery.
 */
const { route, visitorSession } = require(`${__hooks}/lib/core/policies.js`);

const proofing = () => require(`${__hooks}/lib/handlers/proofing.js`);
const people = () => require(`${__hooks}/lib/handlers/proof_people.js`);
const param = (e, name) => e.request.pathValue(name);
const FAVOURITE = "/api/gallery/{accessUrl}/proofing/favourites/{imageId}";
const PICK = "/api/gallery/{accessUrl}/proofing/lists/{listId}/{imageId}";

module.exports = [
  route("GET", "/api/gallery/{accessUrl}/proofing/state", visitorSession((e) => proofing().state(e, param(e, "accessUrl")))),
  route("PUT", FAVOURITE, visitorSession((e) => proofing().favourite(e, param(e, "accessUrl"), param(e, "imageId"), true))),
  route("DELETE", FAVOURITE, visitorSession((e) => proofing().favourite(e, param(e, "accessUrl"), param(e, "imageId"), false))),
  route("PUT", PICK, visitorSession((e) => proofing().pick(e, param(e, "accessUrl"), param(e, "listId"), param(e, "imageId"), true))),
  route("DELETE", PICK, visitorSession((e) => proofing().pick(e, param(e, "accessUrl"), param(e, "listId"), param(e, "imageId"), false))),
  route("PUT", "/api/gallery/{accessUrl}/proofing/comments/{imageId}", visitorSession((e) => proofing().comment(e, param(e, "accessUrl"), param(e, "imageId")))),
  route("PUT", "/api/gallery/{accessUrl}/proofing/submission", visitorSession((e) => proofing().submit(e, param(e, "accessUrl")))),
  // People (issue 26): a new person held by the session from now on, or a switch to a person of the gallery.
  route("PUT", "/api/gallery/{accessUrl}/proofing/person", visitorSession((e) => people().create(e, param(e, "accessUrl")))),
  route("PUT", "/api/gallery/{accessUrl}/proofing/person/{personId}", visitorSession((e) => people().switchTo(e, param(e, "accessUrl"), param(e, "personId")))),
];
