/// <reference path="../pb_data/types.d.ts" />
/** Serves the visitor entry (gallery.html) for /gallery/*; lib/visitor_pages.js decides. */
routerAdd("GET", "/gallery/{path...}", (e) => require(`${__hooks}/lib/visitor_pages.js`).galleryPage(e));
