/**
 * Equal JSON values compare equal whatever the order of their keys (issue 23, finding 5). The device keeps
 * an object in the order it built it, the server stores it in the order its JSON encoder writes it, so
 * comparing their texts made conflicts of values that are the same. Plain CommonJS with no PocketBase
 * globals: the hooks `require` it, the app imports it through the `hooksContract` Vite plugin
 * (src/lib/canonical-json.ts); TypeScript reads its JSDoc types.
 */

/**
 * The value with every object's keys sorted, recursively; arrays keep their order (it means something).
 * @template T
 * @param {T} value
 * @returns {T}
 */
function canonicalValue(value) {
  if (Array.isArray(value)) return /** @type {T} */ (value.map(canonicalValue));
  if (value && typeof value === "object") {
    const source = /** @type {{ [key: string]: unknown }} */ (value);
    /** @type {{ [key: string]: unknown }} */
    const sorted = {};
    for (const key of Object.keys(source).sort()) {
      // Like JSON.stringify: a key whose value is undefined is not there.
      if (source[key] !== undefined) sorted[key] = canonicalValue(source[key]);
    }
    return /** @type {T} */ (sorted);
  }
  return value;
}

/** One text per JSON value: keys sorted at every depth, no spaces. undefined reads as null. */
/** @param {unknown} value @returns {string} */
function canonicalJson(value) {
  return JSON.stringify(canonicalValue(value === undefined ? null : value));
}

/** Whether two values are the same JSON value (null and undefined are the same: both mean none). */
/** @param {unknown} a @param {unknown} b @returns {boolean} */
function sameJson(a, b) {
  return a === b || canonicalJson(a) === canonicalJson(b);
}

/**
 * Whether two stored JSON texts hold the same value ("" is null; invalid text compares as text). PocketBase
 * hands a JSON field to the hooks as its text, in whatever key order and spacing it was written.
 * @param {string} a
 * @param {string} b
 * @returns {boolean}
 */
function sameJsonText(a, b) {
  if (a === b) return true;
  const left = parseOrNone(a);
  const right = parseOrNone(b);
  if (left === NOT_JSON || right === NOT_JSON) return false;
  return canonicalJson(left) === canonicalJson(right);
}

const NOT_JSON = {};

/** @param {unknown} text @returns {unknown} */
function parseOrNone(text) {
  if (text === "") return null;
  if (typeof text !== "string") return NOT_JSON;
  try {
    return JSON.parse(text);
  } catch (_) {
    return NOT_JSON;
  }
}

module.exports = { canonicalValue, canonicalJson, sameJson, sameJsonText };
