/// <reference path="../pb_data/types.d.ts" />
/** Cache lifetimes, 404 for missing assets and precompressed text for the built app; lib/static_files.js decides. */
routerUse((e) => require(`${__hooks}/lib/static_files.js`).serve(e));
