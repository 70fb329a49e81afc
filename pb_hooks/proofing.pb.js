/// <reference path="../pb_data/types.d.ts" />
/**
 * Proofing routes of the visitor gallery (issue 12): the favourites, picks, comments and submission of
 * the person the session holds (issue 26, lib/handlers/proof_people.js). Handlers only dispatch; lib/handlers/proofing.js decides. Writes are PUT/DELETE (idempotent, and
 * outside the code routes' "POST /api/gallery/" budget), each under its own path of three or more segments
 * so they never overlap gallery.pb.js's `GET /api/gallery/{first}/{second}`.
 */
routerAdd("GET", "/api/gallery/{accessUrl}/proofing/state", (e) => require(`${__hooks}/lib/handlers/proofing.js`).state(e, e.request.pathValue("accessUrl")));

routerAdd("PUT", "/api/gallery/{accessUrl}/proofing/favourites/{imageId}", (e) =>
  require(`${__hooks}/lib/handlers/proofing.js`).favourite(e, e.request.pathValue("accessUrl"), e.request.pathValue("imageId"), true),
);
routerAdd("DELETE", "/api/gallery/{accessUrl}/proofing/favourites/{imageId}", (e) =>
  require(`${__hooks}/lib/handlers/proofing.js`).favourite(e, e.request.pathValue("accessUrl"), e.request.pathValue("imageId"), false),
);

routerAdd("PUT", "/api/gallery/{accessUrl}/proofing/lists/{listId}/{imageId}", (e) =>
  require(`${__hooks}/lib/handlers/proofing.js`).pick(e, e.request.pathValue("accessUrl"), e.request.pathValue("listId"), e.request.pathValue("imageId"), true),
);
routerAdd("DELETE", "/api/gallery/{accessUrl}/proofing/lists/{listId}/{imageId}", (e) =>
  require(`${__hooks}/lib/handlers/proofing.js`).pick(e, e.request.pathValue("accessUrl"), e.request.pathValue("listId"), e.request.pathValue("imageId"), false),
);

routerAdd("PUT", "/api/gallery/{accessUrl}/proofing/comments/{imageId}", (e) =>
  require(`${__hooks}/lib/handlers/proofing.js`).comment(e, e.request.pathValue("accessUrl"), e.request.pathValue("imageId")),
);

routerAdd("PUT", "/api/gallery/{accessUrl}/proofing/submission", (e) => require(`${__hooks}/lib/handlers/proofing.js`).submit(e, e.request.pathValue("accessUrl")));

// People (issue 26): a new person held by the session from now on, or a switch to a person of the gallery.
routerAdd("PUT", "/api/gallery/{accessUrl}/proofing/person", (e) => require(`${__hooks}/lib/handlers/proof_people.js`).create(e, e.request.pathValue("accessUrl")));
routerAdd("PUT", "/api/gallery/{accessUrl}/proofing/person/{personId}", (e) =>
  require(`${__hooks}/lib/handlers/proof_people.js`).switchTo(e, e.request.pathValue("accessUrl"), e.request.pathValue("personId")),
);
