/// <reference path="../pb_data/types.d.ts" />
/* global onMailerRecordPasswordResetSend */
/**
 * A way back into a lost owner account (issue 25): PocketBase's password-reset email, with its link
 * pointing at the app's own reset page (lib/core/reset_mail.js says where and why). Whether the server can send
 * it at all is a public route (lib/handlers/app_routes.js), so the sign-in page can say plainly when email is not set up.
 */
onMailerRecordPasswordResetSend((e) => {
  const mail = require(`${__hooks}/lib/core/reset_mail.js`);
  const settings = require(`${__hooks}/lib/core/studio_settings.js`).studioSettings(e.app);
  const base = require(`${__hooks}/lib/core/mail_origin.js`).studioMailBase(e.app);
  const message = mail.resetMessage(mail.resetLink(base, String(e.meta.token)), settings ? settings.getString("companyName") : "");
  e.message.subject = message.subject;
  e.message.html = message.html;
  e.message.text = message.text;
  return e.next();
}, "users");
