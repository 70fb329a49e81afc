/// <reference path="../pb_data/types.d.ts" />
/** Serves the visitor entry (gallery.html) for /gallery/*; lib/handlers/visitor_pages.js decides. */
routerAdd("GET", "/gallery/{path...}", (e) => require(`${__hooks}/lib/handlers/visitor_pages.js`).galleryPage(e));
