/// <reference path="../pb_data/types.d.ts" />
/* global onRecordAfterCreateSuccess, onRecordAfterUpdateSuccess, cronAdd */
/**
 * The studio's emails (logic in lib/core/mail.js): the gallery email when a client's galleryEmailAt changes
 * (after the save is committed, so a synced batch sends it once it has landed), expiry reminders every
 * hour (each linking to the Gallery address, else the origin the owner's app asked from). The owner's mail
 * routes (mail status, test email, running the reminders) are in the route table lib/handlers/owner_routes.js.
 */
onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/core/mail.js`).keepRequestOrigin(e, 0);
  return e.next();
}, "clients");

onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/core/mail.js`).keepRequestOrigin(e, e.record.original().getInt("galleryEmailAt"));
  return e.next();
}, "clients");

onRecordAfterCreateSuccess((e) => {
  require(`${__hooks}/lib/core/mail.js`).galleryEmailIfAsked(e.app, e.record, 0);
  return e.next();
}, "clients");

onRecordAfterUpdateSuccess((e) => {
  require(`${__hooks}/lib/core/mail.js`).galleryEmailIfAsked(e.app, e.record, e.record.original().getInt("galleryEmailAt"));
  return e.next();
}, "clients");

cronAdd("sg_expiry_reminders", "7 * * * *", () => {
  require(`${__hooks}/lib/core/mail.js`).runReminders($app, Date.now());
});
