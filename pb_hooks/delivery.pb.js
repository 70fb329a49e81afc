/// <reference path="../pb_data/types.d.ts" />
/* global onRecordAfterDeleteSuccess */
/**
 * The owner's Reset of a gallery's wrong codes and PINs (the delete of its access_failures row) also lifts its PIN's
 * puzzle (issue 37). The download PIN's route is in lib/handlers/gallery_routes.js.
 */
onRecordAfterDeleteSuccess((e) => {
  require(`${__hooks}/lib/core/access_guard.js`).clearPinPressure(e.record.getString("client"));
  e.next();
}, "access_failures");
