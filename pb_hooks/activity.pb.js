/// <reference path="../pb_data/types.d.ts" />
/** Activity (issue 12): the visitor's page says a zip starts; lib/handlers/activity.js counts it. */
routerAdd("POST", "/api/gallery/{accessUrl}/activity/zip", (e) => require(`${__hooks}/lib/handlers/activity.js`).zipStarted(e, e.request.pathValue("accessUrl")));
