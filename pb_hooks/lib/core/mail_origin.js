/**
 * Where the studio's mail links point (issue 37): the configured origin, the studio's Gallery address, else
 * APP_ORIGIN, else PocketBase's Application URL (lib/core/reset_mail.js says why never the request), and PocketBase's
 * own templates moved onto it. Uses PocketBase globals; required in handlers.
 */
const mail = require(`${__hooks}/lib/core/reset_mail.js`);

/** The origin every mail of the studio links to. */
function studioMailBase(app) {
  const settings = require(`${__hooks}/lib/core/studio_settings.js`).studioSettings(app);
  return mail.resetLinkBase({
    galleryUrl: settings ? settings.getString("galleryUrl") : "",
    appOrigin: $os.getenv("APP_ORIGIN"),
    appURL: app.settings().meta.appURL,
  });
}

/** A PocketBase template's message (onMailerRecord*Send) with its links on the studio's origin. */
function pointAtStudio(e) {
  const base = studioMailBase(e.app);
  const appURL = e.app.settings().meta.appURL;
  e.message.html = mail.rebaseLinks(e.message.html, appURL, base);
  if (e.message.text) e.message.text = mail.rebaseLinks(e.message.text, appURL, base);
  e.message.subject = mail.rebaseLinks(e.message.subject, appURL, base);
}

module.exports = { studioMailBase, pointAtStudio };
