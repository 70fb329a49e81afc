/// <reference path="../pb_data/types.d.ts" />
/**
 * Unknown /api/ paths answer a JSON 404 instead of falling through to the app's index.html with 200 (the
 * more specific routes of PocketBase and of our hooks still win over this catch-all).
 */
routerAdd("GET", "/api/{path...}", () => {
  throw new NotFoundError("No such API route.");
});
