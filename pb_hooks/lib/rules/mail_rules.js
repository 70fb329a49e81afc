/**
 * The studio's emails (issue 12): the gallery email from the studio's template, and expiry reminders 7 days
 * and 1 day before a gallery closes. Pure: no PocketBase globals, unit-tested in Node. Sending is in
 * ./mail.js. Each message is in `vars.lang`, the gallery's language (./mail_texts.js; English when unset).
 */
const { mailTexts, longDay } = require("./mail_texts.js");
const layout = require("./mail_layout.js");

const DAY_MS = 24 * 3600 * 1000;

/**
 * What a message says of its gallery: the client's name, the gallery's link, its access code, the studio's
 * name, the expiry (formatted, or ""), and `lang`, the email's language (./mail_texts.js, English when unset).
 * @typedef {{ client: string, link: string, code: string, studio: string, expiry: string, lang?: string }} Vars
 */

/** The gallery email's text when the studio has not written its own; the same as the Settings placeholder. */
const DEFAULT_TEMPLATE =
  "Hello {client},\n\nYour photos are ready! Open your private gallery at {link} and enter the access code {code}.\n\nWe hope you enjoy them.\n{studio}";

/**
 * The template's placeholders; each is replaced wherever it appears.
 * @type {("client" | "link" | "code" | "studio" | "expiry")[]}
 */
const PLACEHOLDERS = ["client", "link", "code", "studio", "expiry"];

/**
 * The template (the language's default when blank) with every placeholder replaced by its value ("" for none).
 * @param {string} template
 * @param {Partial<Vars>} vars
 */
function render(template, vars) {
  let out = String(template || "").trim() ? String(template) : mailTexts(vars.lang).template;
  for (const name of PLACEHOLDERS) out = out.split("{" + name + "}").join(vars[name] == null ? "" : String(vars[name]));
  return out;
}

/**
 * The gallery's link: the base without trailing slashes, /gallery/, the access URL.
 * @param {string} base
 * @param {string} accessUrl
 */
function galleryLink(base, accessUrl) {
  return String(base || "").replace(/\/+$/, "") + "/gallery/" + encodeURIComponent(accessUrl);
}

/**
 * How far `timeZone`'s clock is ahead of UTC at `ms`, through Intl where there is one (the device, Node);
 * 0 without (PocketBase's JavaScript has no Intl: ./mail.js measures it with PocketBase's DateTime instead).
 * @param {number} ms
 * @param {string} timeZone
 */
function zoneOffset(ms, timeZone) {
  if (!timeZone || typeof Intl === "undefined") return 0;
  try {
    /** @type {Intl.DateTimeFormatOptions} */
    const options = { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" };
    const parts = new Intl.DateTimeFormat("en-US", options).formatToParts(new Date(ms));
    const get = (/** @type {Intl.DateTimeFormatPartTypes} */ type) => Number((parts.find((p) => p.type === type) || { value: 0 }).value);
    return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour") % 24, get("minute"), get("second")) - Math.floor(ms / 1000) * 1000;
  } catch (_) {
    return 0;
  }
}

/**
 * The day of `ms` in the studio's time zone, in full in `language`: "June 1, 2026" (specification, section
 * 9), "1. Juni 2026". `offsetMs`: the zone's offset when the caller measured it (the server has no Intl).
 * @param {number} ms
 * @param {string} timeZone
 * @param {string} [language]
 * @param {number} [offsetMs]
 */
function formatDay(ms, timeZone, language, offsetMs) {
  const day = new Date(ms + (typeof offsetMs === "number" ? offsetMs : zoneOffset(ms, timeZone)));
  return longDay(language || "en", day.getUTCDate(), day.getUTCMonth(), day.getUTCFullYear());
}

/**
 * { subject, text } of the gallery email.
 * @param {string} template
 * @param {Vars} vars
 */
function galleryMessage(template, vars) {
  return {
    subject: mailTexts(vars.lang).subject(vars.studio),
    text: render(template, vars),
  };
}

/**
 * Which reminder is due for a gallery expiring at `expiryMs`: "reminder-1", "reminder-7" or null.
 * @param {number} expiryMs
 * @param {number} nowMs
 * @returns {"reminder-1" | "reminder-7" | null}
 */
function reminderDue(expiryMs, nowMs) {
  const left = expiryMs - nowMs;
  if (!(left > 0)) return null;
  if (left <= DAY_MS) return "reminder-1";
  if (left <= 7 * DAY_MS) return "reminder-7";
  return null;
}

/**
 * { subject, text } of a reminder.
 * @param {"reminder-1" | "reminder-7"} kind
 * @param {Vars} vars
 */
function reminderMessage(kind, vars) {
  return mailTexts(vars.lang).reminder(kind, vars);
}

/** The error a mail row keeps when its link cannot be made (the owner's refusal is lib/rules/refusals.js's mail_no_link). */
const TEXTS = {
  noLink: "Not sent: the gallery's link could not be made. Set Settings > Gallery address (or send it again from the app).",
};

/**
 * The origin (scheme, host, port) of an http(s) URL, or "".
 * @param {string | null | undefined} url
 */
function originOf(url) {
  const m = /^https?:\/\/[^/?#\s]+/i.exec(String(url || "").trim());
  return m ? m[0].toLowerCase() : "";
}

const HTML_ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** @param {unknown} s */
function escapeHtml(s) {
  // Each character the pattern matches is a key of HTML_ESCAPES.
  return String(s).replace(/[&<>"']/g, (c) => HTML_ESCAPES[/** @type {keyof typeof HTML_ESCAPES} */ (c)]);
}

const DEFAULT_COLOR = "#6d28d9";

/**
 * The message with its HTML part (issue 25): the same text in the studio's branding, its name on a band of
 * its colour, the gallery's link as a button as well as in the text. Everything the studio or the client
 * wrote is escaped. brand: { studio, color, logo }: `logo` is the logo image's src (a `cid:` of the inline
 * attachment lib/core/mail.js sends with it), shown on the band above the name; "" for none.
 * @param {{ subject: string, text: string }} message
 * @param {Partial<Vars>} vars
 * @param {{ studio: string, color: string, logo?: string }} brand
 */
function withHtml(message, vars, brand) {
  const color = /^#[0-9a-f]{6}$/i.test(String(brand.color || "")) ? brand.color : DEFAULT_COLOR;
  const studio = escapeHtml(brand.studio || "");
  // Outlook ignores max-height and sizes an image by its attributes: the height is one.
  const logo = /^cid:[a-z0-9.-]+$/i.test(String(brand.logo || "")) ? '<img src="' + brand.logo + '" alt="' + studio + '" height="56" style="display:block;height:56px;width:auto;max-width:240px;border:0;margin:0 0 8px">' : "";
  const link = escapeHtml(vars.link || "");
  const paragraphs = String(message.text)
    .split(/\n{2,}/)
    .map((p) => "<p style=\"margin:0 0 16px\">" + escapeHtml(p).split(link).join('<a href="' + link + '" style="color:' + color + '">' + link + "</a>").replace(/\n/g, "<br>") + "</p>")
    .join("");
  const button = link ? layout.button(link, escapeHtml(mailTexts(vars.lang).open), color) : "";
  const html = layout.layout({ band: studio || logo ? logo + studio : "", color, body: paragraphs + button, lang: vars.lang || "" });
  return { subject: message.subject, text: message.text, html };
}

module.exports = { TEXTS, originOf, withHtml, DAY_MS, DEFAULT_TEMPLATE, PLACEHOLDERS, render, galleryLink, formatDay, galleryMessage, reminderDue, reminderMessage };
