/// <reference path="../pb_data/types.d.ts" />
/* global onRecordRequestVerificationRequest, onRecordRequestEmailChangeRequest, onMailerRecordVerificationSend, onMailerRecordEmailChangeSend, onMailerRecordOTPSend, onMailerRecordAuthAlertSend */
/**
 * The studio's mail is the studio's (issue 37). The app uses one of PocketBase's account mails, the password
 * reset (password_reset.pb.js, limited per account in users.pb.js and per address by a rate-limit rule).
 * The flows it does not use are off: asking for an email verification or an email change answers 204, as
 * PocketBase does for a sent mail, and sends nothing, so with registration on nobody can make the studio's
 * SMTP mail an inbox or an arbitrary address. (One-time passwords are off in the users collection.)
 * Whatever PocketBase still sends from its templates (a superuser's test email, the login alert) links to the
 * studio's origin (lib/core/mail_origin.js), never its default http://localhost:8090.
 */
onRecordRequestVerificationRequest((e) => e.noContent(204));

onRecordRequestEmailChangeRequest((e) => e.noContent(204));

onMailerRecordVerificationSend((e) => {
  require(`${__hooks}/lib/core/mail_origin.js`).pointAtStudio(e);
  return e.next();
});

onMailerRecordEmailChangeSend((e) => {
  require(`${__hooks}/lib/core/mail_origin.js`).pointAtStudio(e);
  return e.next();
});

onMailerRecordOTPSend((e) => {
  require(`${__hooks}/lib/core/mail_origin.js`).pointAtStudio(e);
  return e.next();
});

onMailerRecordAuthAlertSend((e) => {
  require(`${__hooks}/lib/core/mail_origin.js`).pointAtStudio(e);
  return e.next();
});
