/// <reference path="../pb_data/types.d.ts" />
/** Delivery controls' own route: the download PIN (logic in lib/handlers/delivery.js). */
routerAdd("POST", "/api/gallery/{accessUrl}/download-pin", (e) =>
  require(`${__hooks}/lib/handlers/delivery.js`).verifyPin(e, e.request.pathValue("accessUrl")),
);
