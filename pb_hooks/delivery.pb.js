/// <reference path="../pb_data/types.d.ts" />
/* global onRecordAfterDeleteSuccess */
/** Delivery controls' own route: the download PIN (logic in lib/handlers/delivery.js). */
routerAdd("POST", "/api/gallery/{accessUrl}/download-pin", (e) =>
  require(`${__hooks}/lib/handlers/delivery.js`).verifyPin(e, e.request.pathValue("accessUrl")),
);

/** The owner's Reset of a gallery's wrong codes and PINs (the delete of its access_failures row) also lifts its PIN's puzzle (issue 37). */
onRecordAfterDeleteSuccess((e) => {
  require(`${__hooks}/lib/core/access_guard.js`).clearPinPressure(e.record.getString("client"));
  e.next();
}, "access_failures");
