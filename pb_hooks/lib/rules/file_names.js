/**
 * Safe file names (issue 10): a name stored for an image, or written as a zip entry, is one plain name: no
 * path separators, no `..`, no control or bidi-override characters, none of Windows' reserved `:*?"<>|`,
 * no leading dot, at most 255 characters with its extension kept. `../../x.jpg` becomes `x.jpg`.
 * The app's copy is src/lib/safe-file-name.ts (workers cannot load this CommonJS file); a unit test keeps
 * the two identical. Plain CommonJS without PocketBase globals.
 */
const MAX_NAME_LENGTH = 255;

/**
 * @param {string | null | undefined} name
 * @param {string} [fallback] what an empty name becomes, "image" unless given
 * @returns {string}
 */
function safeFileName(name, fallback) {
  const empty = fallback === undefined ? "image" : fallback;
  let s = String(name == null ? "" : name)
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .split(/[\\/]+/)
    .map((part) => part.trim())
    .filter((part) => part !== "" && part !== "." && part !== "..")
    .join("_")
    .replace(/[:*?"<>|]/g, "_")
    .replace(/\.{2,}/g, ".")
    .replace(/^[.\s]+/, "")
    .replace(/[.\s]+$/, "");
  if (!s) return empty;
  const chars = Array.from(s);
  if (chars.length > MAX_NAME_LENGTH) {
    const dot = s.lastIndexOf(".");
    const ext = dot > 0 && s.length - dot <= 16 ? Array.from(s.slice(dot)) : [];
    s = chars.slice(0, MAX_NAME_LENGTH - ext.length).join("") + ext.join("");
  }
  return s;
}

/**
 * Fields of each collection that hold a file name someone typed or a device sent.
 * @type {{ [collection: string]: string[] }}
 */
const NAME_FIELDS = { images: ["filename", "originalName"] };

/**
 * Replaces the record's name fields with their safe form (hooks: every create and update).
 * @param {{ collection(): { name: string }, getString(field: string): string, set(field: string, value: string): void }} record a PocketBase record
 */
function sanitizeRecordNames(record) {
  const fields = NAME_FIELDS[record.collection().name] || [];
  for (const field of fields) {
    const value = record.getString(field);
    if (value === "") continue;
    const safe = safeFileName(value);
    if (safe !== value) record.set(field, safe);
  }
}

module.exports = { MAX_NAME_LENGTH, safeFileName, sanitizeRecordNames };
