/**
 * The studio's emails (issue 12): the gallery email from the studio's template, and expiry reminders 7 days
 * and 1 day before a gallery closes. Pure: no PocketBase globals, unit-tested in Node. Sending is in
 * ./mail.js.
 */
const DAY_MS = 24 * 3600 * 1000;

/** The gallery email's text when the studio has not written its own; the same as the Settings placeholder. */
const DEFAULT_TEMPLATE =
  "Hello {client},\n\nYour photos are ready! Open your private gallery at {link} and enter the access code {code}.\n\nWe hope you enjoy them.\n{studio}";

/** The template's placeholders; each is replaced wherever it appears. */
const PLACEHOLDERS = ["client", "link", "code", "studio", "expiry"];

function render(template, vars) {
  let out = String(template || "").trim() ? String(template) : DEFAULT_TEMPLATE;
  for (const name of PLACEHOLDERS) out = out.split("{" + name + "}").join(vars[name] == null ? "" : String(vars[name]));
  return out;
}

/** The gallery's link: the base without trailing slashes, /gallery/, the access URL. */
function galleryLink(base, accessUrl) {
  return String(base || "").replace(/\/+$/, "") + "/gallery/" + encodeURIComponent(accessUrl);
}

/** "June 1, 2026" (specification, section 9: US English, long month). */
function formatDay(ms, timeZone) {
  try {
    return new Date(ms).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: timeZone || "UTC" });
  } catch (_) {
    return new Date(ms).toISOString().slice(0, 10);
  }
}

/** { subject, text } of the gallery email. vars: client, link, code, studio, expiry (formatted or ""). */
function galleryMessage(template, vars) {
  return {
    subject: vars.studio ? "Your photos from " + vars.studio + " are ready" : "Your photos are ready",
    text: render(template, vars),
  };
}

/** Which reminder is due for a gallery expiring at `expiryMs`: "reminder-1", "reminder-7" or null. */
function reminderDue(expiryMs, nowMs) {
  const left = expiryMs - nowMs;
  if (!(left > 0)) return null;
  if (left <= DAY_MS) return "reminder-1";
  if (left <= 7 * DAY_MS) return "reminder-7";
  return null;
}

/** { subject, text } of a reminder. vars: client, link, code, studio, expiry. */
function reminderMessage(kind, vars) {
  const when = kind === "reminder-1" ? "tomorrow" : "in 7 days";
  const from = vars.studio ? " from " + vars.studio : "";
  return {
    subject: "Your gallery" + from + " expires " + when,
    text:
      "Hello " + vars.client + ",\n\nA reminder that your private gallery closes " + when + " (" + vars.expiry + "). " +
      "Download or choose your favourite photos before then at " + vars.link + " with the access code " + vars.code + ".\n\n" + (vars.studio || ""),
  };
}

module.exports = { DAY_MS, DEFAULT_TEMPLATE, PLACEHOLDERS, render, galleryLink, formatDay, galleryMessage, reminderDue, reminderMessage };
