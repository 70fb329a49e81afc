/// <reference path="../pb_data/types.d.ts" />
/**
 * Routes of the visitor gallery (specification, section 7). Handlers only dispatch; the logic is in
 * lib/handlers/gallery_api.js. `GET /api/gallery/image/{id}` and `GET /api/gallery/{accessUrl}/images` would be
 * conflicting patterns for Go's router, so one two-segment route serves both ("image" is a reserved accessUrl).
 * `GET /api/gallery/image/{id}` itself, the hot path of every gallery page, is answered by the app's
 * middleware before this route is dispatched (lib/handlers/middlewares.js).
 */
routerAdd("POST", "/api/gallery/access", (e) => require(`${__hooks}/lib/handlers/gallery_api.js`).access(e));

// The code-only page's pressure, reset and switch (issue 37): the studio owner only.
routerAdd("GET", "/api/owner/code-only-page", (e) => require(`${__hooks}/lib/handlers/gallery_api.js`).codeOnlyPage(e), $apis.requireAuth("users"));
routerAdd("POST", "/api/owner/code-only-page", (e) => require(`${__hooks}/lib/handlers/gallery_api.js`).changeCodeOnlyPage(e), $apis.requireAuth("users"));

routerAdd("GET", "/api/gallery/{accessUrl}", (e) => require(`${__hooks}/lib/handlers/gallery_api.js`).info(e, e.request.pathValue("accessUrl")));

routerAdd("POST", "/api/gallery/{accessUrl}/verify", (e) =>
  require(`${__hooks}/lib/handlers/gallery_api.js`).verify(e, e.request.pathValue("accessUrl")),
);

routerAdd("GET", "/api/gallery/{first}/{second}", (e) => {
  const first = e.request.pathValue("first");
  const second = e.request.pathValue("second");
  if (first === "studio" && second === "logo") return require(`${__hooks}/lib/core/studio_info.js`).studioLogo(e);
  if (first === "studio" && second === "info") return require(`${__hooks}/lib/core/studio_info.js`).studioInfo(e);
  const api = require(`${__hooks}/lib/handlers/gallery_api.js`);
  if (second === "images") return api.images(e, first);
  if (second === "all-images") return api.allImages(e, first);
  if (second === "verify-session") return api.verifySession(e, first);
  throw new NotFoundError();
});

// 'Preview as client' (issue 27): the owner's app asks for a preview session of one of its galleries.
routerAdd("POST", "/api/owner/preview/{clientId}", (e) => require(`${__hooks}/lib/core/gallery_preview.js`).start(e, e.request.pathValue("clientId")));
