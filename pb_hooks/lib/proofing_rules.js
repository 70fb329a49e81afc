/**
 * Proofing's decisions that need no PocketBase (unit-tested in Node): the visitor's texts, the comment's
 * form, whether a pick fits its list's limit, and the studio's "selection submitted" email.
 */
const COMMENT_MAX = 2000;

const TEXTS = {
  notInGallery: "This photo is not in this gallery.",
  listNotFound: "This list is not in this gallery.",
  locked: "Your selection has been submitted. Ask your photographer to unlock it to make changes.",
  alreadySubmitted: "Your selection has already been submitted.",
  commentTooLong: "A comment can have at most " + COMMENT_MAX + " characters.",
  commentNotText: "A comment must be text.",
};

function overLimitText(name, limit) {
  return "You can choose up to " + limit + " photos for " + name + ". Remove one to choose another.";
}

/** A pick fits when the list has no limit (0) or holds fewer than its limit. */
function pickFits(limit, count) {
  return !(limit > 0) || count < limit;
}

/** The comment's text, trimmed; "" removes the comment. Throws a message for anything else. */
function commentText(value) {
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") throw new Error(TEXTS.commentNotText);
  const text = require("./bidi.js").stripBidiControls(value).trim();
  if (text.length > COMMENT_MAX) throw new Error(TEXTS.commentTooLong);
  return text;
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

/**
 * The studio's email when a client submits: subject, HTML and plain text. `lists` are {name, count, limit},
 * `favourites` and `comments` counts.
 */
function submittedEmail(clientName, lists, favourites, comments, link) {
  const lines = [clientName + " submitted their selection."];
  if (link) lines.push("Gallery: " + link);
  for (const l of lists) lines.push(l.name + ": " + l.count + (l.limit > 0 ? " of " + l.limit : "") + " chosen");
  lines.push("Favourites: " + favourites);
  lines.push("Comments: " + comments);
  lines.push("Open the client's page in Studio Gallery to see the photos, copy the file names or unlock the selection.");
  return {
    subject: clientName + " submitted their selection",
    text: lines.join("\n"),
    html: lines.map((l) => "<p>" + escapeHtml(l) + "</p>").join("\n"),
  };
}

module.exports = { COMMENT_MAX, TEXTS, overLimitText, pickFits, commentText, submittedEmail };
