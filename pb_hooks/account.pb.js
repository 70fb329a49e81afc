/// <reference path="../pb_data/types.d.ts" />
/** The owner's account routes (specification, section 7); logic in lib/handlers/account.js. */
routerAdd("POST", "/api/admin/update-username", (e) => require(`${__hooks}/lib/handlers/account.js`).updateUsername(e), $apis.requireAuth("users"));
