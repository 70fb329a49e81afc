/// <reference path="../pb_data/types.d.ts" />
/* global onRecordAfterCreateSuccess, onRecordAfterUpdateSuccess, cronAdd */
/**
 * The studio's emails (logic in lib/core/mail.js): the gallery email when a client's galleryEmailAt changes
 * (after the save is committed, so a synced batch sends it once it has landed), expiry reminders every
 * hour (each linking to the Gallery address, else the origin the owner's app asked from), the owner's check whether mail is configured, the owner's test email, and a superusers' route that runs the reminder job
 * at a given time (tests; an operator catching up).
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

routerAdd("GET", "/api/owner/mail-status", (e) => {
  if (!(e.auth && e.auth.collection().name === "users" && e.auth.getBool("isStudioOwner"))) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(403, "owner_only");
  return e.json(200, { configured: require(`${__hooks}/lib/core/mail.js`).smtpConfigured(e.app) });
});

routerAdd("POST", "/api/owner/test-email", (e) => {
  if (!(e.auth && e.auth.collection().name === "users" && e.auth.getBool("isStudioOwner"))) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(403, "owner_only");
  return require(`${__hooks}/lib/core/mail.js`).sendTestEmail(e);
});

routerAdd("POST", "/api/owner/run-reminders", (e) => {
  const body = e.requestInfo().body || {};
  const now = typeof body.now === "string" ? Date.parse(body.now) : Date.now();
  if (!Number.isFinite(now)) throw new BadRequestError("now must be an ISO date.");
  return e.json(200, { sent: require(`${__hooks}/lib/core/mail.js`).runReminders(e.app, now) });
}, $apis.requireSuperuserAuth());
