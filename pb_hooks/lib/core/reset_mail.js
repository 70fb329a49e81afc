/**
 * The owner's password-reset email (issue 25): where its link points and what it says. PocketBase's own
 * template links to its dashboard at its Application URL (by default http://localhost:8090), which is
 * neither our app nor, behind a proxy, the right host; this one links to the app's own page that confirms
 * the reset (`/auth/reset-password/{token}`, src/routes/auth). Pure: unit-tested in Node.
 *
 * The base is never taken from the request: anyone may ask for a reset, and a link built from a header
 * they wrote would hand the owner's token to their host. It is the studio's Gallery address (the public URL
 * the owner set and checked), else APP_ORIGIN (the origin the server was started for, which CORS allows),
 * else PocketBase's Application URL.
 */

/** The origin (scheme, host, port) of a URL, or "" when it is not an http(s) URL. */
function originOf(url) {
  const m = /^(https?:\/\/[^/?#\s]+)/i.exec(String(url || "").trim());
  return m ? /** @type {string} */ (m[1]).toLowerCase() : "";
}

/** The base of the reset link: { galleryUrl, appOrigin, appURL } -> an origin. */
function resetLinkBase(sources) {
  return originOf(sources.galleryUrl) || originOf(sources.appOrigin) || originOf(sources.appURL);
}

/**
 * PocketBase's own templates (verification, email change, one-time password, login alert) build their links on
 * its Application URL: `text` with every `appURL` origin (and every root-relative link, when that is empty) on
 * `base` instead.
 */
function rebaseLinks(text, appURL, base) {
  const s = String(text || "");
  if (!base) return s;
  const m = /^(https?:\/\/[^/?#\s]+)/i.exec(String(appURL || "").trim());
  if (!m) return s.replace(/(href=")\//gi, "$1" + base + "/");
  const origin = /** @type {string} */ (m[1]);
  return origin === base ? s : s.split(origin).join(base);
}

/** The reset page's link for a token. */
function resetLink(base, token) {
  return base + "/auth/reset-password/" + encodeURIComponent(token);
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

/** { subject, text, html } of the reset email. studio: the company name (may be empty). */
function resetMessage(link, studio) {
  const name = String(studio || "").trim() || "Studio Gallery";
  const subject = "Reset your " + name + " password";
  const lines = [
    "Hello,",
    "",
    "Someone (hopefully you) asked to reset the password of your " + name + " account.",
    "Choose a new password here (the link works for 30 minutes):",
    link,
    "",
    "If you did not ask for this, ignore this email: your password stays as it is.",
  ];
  const html =
    "<p>Hello,</p><p>Someone (hopefully you) asked to reset the password of your " + escapeHtml(name) + " account.</p>" +
    '<p><a href="' + escapeHtml(link) + '">Choose a new password</a> (the link works for 30 minutes).</p>' +
    "<p>If you did not ask for this, ignore this email: your password stays as it is.</p>";
  return { subject, text: lines.join("\n"), html: require("../rules/mail_layout.js").layout({ body: html, lang: "en" }) };
}

module.exports = { originOf, resetLinkBase, resetLink, resetMessage, rebaseLinks };
