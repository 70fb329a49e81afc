/**
 * Proofing's decisions that need no PocketBase (unit-tested in Node): the comment's
 * form, a person's name and email, whether a pick fits its list's limit, and the studio's "selection
 * submitted" email. The app imports the person rules too (vite-plugin-hooks-contract.ts), for the owner's
 * rename: one rule on both sides.
 */
const COMMENT_MAX = 2000;
/** People (issue 26): a name's length, and how many people one session and one gallery may make. */
const NAME_MAX = 60;
const EMAIL_MAX = 254;
const PEOPLE_PER_SESSION = 20;
const PEOPLE_PER_GALLERY = 200;
const { refusalThrown } = require("./refusals.js");

/** A pick fits when the list has no limit (0) or holds fewer than its limit. @param {number} limit @param {number} count @returns {boolean} */
function pickFits(limit, count) {
  return !(limit > 0) || count < limit;
}

/**
 * The comment's text as stored, trimmed; "" removes the comment. Cleaned as a name is (cleanPersonName): bidi
 * controls and marks and zero-width characters (word joiners too) removed, control characters made spaces,
 * but its line breaks kept (CR LF, CR and U+2028/U+2029 become LF). Throws a refusal (./refusals.js) for anything else.
 * @param {unknown} value
 * @returns {string}
 */
function commentText(value) {
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") throw refusalThrown("comment_not_text");
  const text = require("./bidi.js")
    .stripBidiControls(value)
    .replace(/[\u200b-\u200f\u061c\ufeff\u2060-\u2064]/g, "")
    .replace(/\r\n?|[\u2028\u2029]/g, "\n")
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, " ")
    .trim();
  if (text.length > COMMENT_MAX) throw refusalThrown("comment_too_long", { max: COMMENT_MAX });
  return text;
}

/**
 * A person's name as stored: bidi controls and marks and zero-width characters removed, control characters
 * and line breaks made spaces, spaces collapsed, trimmed. The owner's device cleans a rename the same way
 * (src/store/repositories/proofPeople.ts), so the server keeps what the device sent.
 * @param {string} value
 * @returns {string}
 */
function cleanPersonName(value) {
  return require("./bidi.js")
    .stripBidiControls(value)
    .replace(/[\u200b-\u200f\u061c\ufeff]/g, "")
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** A visitor's name as stored (cleanPersonName), required, at most NAME_MAX characters. Throws a refusal. @param {unknown} value @returns {string} */
function personName(value) {
  if (typeof value !== "string") throw refusalThrown("name_required");
  const name = cleanPersonName(value);
  if (!name) throw refusalThrown("name_required");
  if (name.length > NAME_MAX) throw refusalThrown("name_too_long", { max: NAME_MAX });
  return name;
}

/**
 * Whether a trimmed, non-empty email is one plain address of at most EMAIL_MAX characters.
 * @param {string} email
 * @returns {boolean}
 */
function isPersonEmail(email) {
  return email.length <= EMAIL_MAX && /^[^\s@<>"',;]+@[^\s@<>"',;]+\.[^\s@<>"',;.]+$/.test(email);
}

/** The optional email: "" when absent or blank, else one plain address. Throws a message. @param {unknown} value @returns {string} */
function personEmail(value) {
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") throw refusalThrown("email_invalid");
  const email = value.trim();
  if (!email) return "";
  if (!isPersonEmail(email)) throw refusalThrown("email_invalid");
  return email;
}

/** @type {{ [c: string]: string }} */
const HTML_ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** @param {unknown} s @returns {string} */
function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] || c);
}

/**
 * The studio's email when a person submits: subject, HTML and plain text. `lists` are {name, count, limit},
 * `favourites` and `comments` counts; the person's email, when they gave one, is in the text. `options`:
 * the studio's `language` (English by default) and the submission's `day`, already written in it (issue 27).
 * @param {string} clientName
 * @param {string} personName
 * @param {Array<{ name: string, count: number, limit: number }>} lists
 * @param {number} favourites
 * @param {number} comments
 * @param {string} [link]
 * @param {string} [personEmail]
 * @param {{ language?: string, day?: string }} [options]
 * @returns {{ subject: string, text: string, html: string }}
 */
function submittedEmail(clientName, personName, lists, favourites, comments, link, personEmail, options) {
  const t = require("./mail_texts.js").selectionTexts(options && options.language);
  const who = personName && personName !== clientName ? t.who(personName, clientName) : clientName;
  const lines = [t.submitted(who, (options && options.day) || "")];
  if (personEmail) lines.push(t.email(personName, personEmail));
  if (link) lines.push(t.gallery + link);
  for (const l of lists) lines.push(t.list(l.name, l.count, l.limit));
  lines.push(t.favourites + favourites);
  lines.push(t.comments + comments);
  lines.push(t.footer);
  return {
    subject: t.subject(who),
    text: lines.join("\n"),
    html: require("./mail_layout.js").layout({ body: lines.map((l) => "<p>" + escapeHtml(l) + "</p>").join("\n"), lang: (options && options.language) || "" }),
  };
}

module.exports = { COMMENT_MAX, NAME_MAX, EMAIL_MAX, PEOPLE_PER_SESSION, PEOPLE_PER_GALLERY, pickFits, commentText, cleanPersonName, personName, isPersonEmail, personEmail, submittedEmail };
