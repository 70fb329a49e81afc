/**
 * The visitor gallery's routes (specification, section 7; lib/handlers/routes.js registers them): the code, the
 * gallery's face, its images, the download PIN, the zip's activity, and the visitor's page. Handlers only
 * dispatch; lib/handlers/gallery_api.js, delivery.js, activity.js and visitor_pages.js decide. `GET
 * /api/gallery/image/{id}`, the hot path of every gallery page, is answered by the app's middleware before
 * any route (lib/handlers/middlewares.js).
 */
const { route, publicRoute, visitorSession } = require(`${__hooks}/lib/core/policies.js`);

const api = () => require(`${__hooks}/lib/handlers/gallery_api.js`);
const studio = () => require(`${__hooks}/lib/core/studio_info.js`);
const accessUrl = (e) => e.request.pathValue("accessUrl");

module.exports = [
  route("POST", "/api/gallery/access", publicRoute((e) => api().access(e))),
  route("GET", "/api/gallery/{accessUrl}", publicRoute((e) => api().info(e, accessUrl(e)))),
  route("POST", "/api/gallery/{accessUrl}/verify", publicRoute((e) => api().verify(e, accessUrl(e)))),
  route("GET", "/api/gallery/{accessUrl}/verify-session", publicRoute((e) => api().verifySession(e, accessUrl(e)))),
  route("GET", "/api/gallery/studio/logo", publicRoute((e) => studio().studioLogo(e))),
  route("GET", "/api/gallery/studio/info", publicRoute((e) => studio().studioInfo(e))),
  route("GET", "/api/gallery/{accessUrl}/images", visitorSession((e) => api().images(e, accessUrl(e)))),
  route("GET", "/api/gallery/{accessUrl}/all-images", visitorSession((e) => api().allImages(e, accessUrl(e)))),
  // Delivery controls' own route: the download PIN (a right PIN sets the PIN's session cookie).
  route("POST", "/api/gallery/{accessUrl}/download-pin", visitorSession((e) => require(`${__hooks}/lib/handlers/delivery.js`).verifyPin(e, accessUrl(e)))),
  // Activity (issue 12): the visitor's page says a zip starts.
  route("POST", "/api/gallery/{accessUrl}/activity/zip", visitorSession((e) => require(`${__hooks}/lib/handlers/activity.js`).zipStarted(e, accessUrl(e)))),
  // The visitor entry (gallery.html) for /gallery/*.
  route("GET", "/gallery/{path...}", publicRoute((e) => require(`${__hooks}/lib/handlers/visitor_pages.js`).galleryPage(e))),
];
