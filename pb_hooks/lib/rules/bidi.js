/**
 * Removes the bidi embedding, override and isolate controls (U+202A-U+202E, U+2066-U+2069) from text a
 * visitor or a device stores for the owner's screens (comments, client names): they reverse the text that
 * follows them ("gpj.exe" shown as "exe.jpg"). The marks U+200E/U+200F stay: they only nudge neutral
 * characters and are real in right-to-left names. File names drop those too (./file_names.js). Pure.
 */
/** @param {unknown} text @returns {string} */
function stripBidiControls(text) {
  return String(text).replace(/[\u202a-\u202e\u2066-\u2069]/g, "");
}

module.exports = { stripBidiControls };
