/// <reference path="../pb_data/types.d.ts" />
/* global onMailerRecordAuthAlertSend */
/**
 * PocketBase's "Login from a new location" email, in the studio's language and under the studio's name
 * (lib/rules/auth_alert_mail.js says what it says and why): its subject, text and HTML are replaced before it
 * goes; whether and to whom it goes stays PocketBase's (the users collection's auth alert).
 */
onMailerRecordAuthAlertSend((e) => {
  const settings = require(`${__hooks}/lib/core/studio_settings.js`).studioSettings(e.app);
  const message = require(`${__hooks}/lib/rules/auth_alert_mail.js`).authAlertMessage(
    settings ? settings.getString("language") : "",
    settings ? settings.getString("companyName") : "",
  );
  e.message.subject = message.subject;
  e.message.html = message.html;
  e.message.text = message.text;
  return e.next();
}, "users");
