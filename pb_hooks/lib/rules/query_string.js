/**
 * A request's query read in JavaScript from its raw text (`e.request.url.rawQuery`), with Go's
 * `url.ParseQuery` rules, for the image route (lib/handlers/image_route.js): one string crosses from Go instead of a
 * `url.Values` whose every `get` is a call between PocketBase's JS engine and Go (docs/benchmarks-history.md,
 * issue 28's floor). Pure: no PocketBase globals, unit-tested in Node.
 *
 * As Go: pairs split on "&"; a pair with ";" or an empty one is skipped; key and value split at the first
 * "="; "+" is a space and "%XX" a byte, and a pair with a bad escape is skipped; `get` answers the first
 * value of a key, or "". Bytes that are not UTF-8 arrive from Go as U+FFFD; here such a value is "\uFFFD"
 * (never equal to a word the route asks for, as Go's is not).
 */
const HEX = /^[0-9a-fA-F]{2}$/;

/** Go's QueryUnescape, or null when it would fail. @param {string} text @returns {string | null} */
function queryUnescape(text) {
  if (text.indexOf("%") < 0) return text.indexOf("+") < 0 ? text : text.split("+").join(" ");
  for (let i = text.indexOf("%"); i >= 0; i = text.indexOf("%", i + 1)) if (!HEX.test(text.slice(i + 1, i + 3))) return null;
  const spaced = text.split("+").join(" ");
  try {
    return decodeURIComponent(spaced);
  } catch (_) {
    return "\uFFFD"; // valid escapes, bytes that are not UTF-8
  }
}

/**
 * The last queries parsed (module state: one per VM, at most REMEMBERED, dropped whole when full): a
 * gallery page asks for thousands of images with a handful of distinct queries. Entries are never changed.
 */
const REMEMBERED = 32;
/** @typedef {{ get(name: string): string }} Query */
/** @type {{ count: number, byText: { [text: string]: Query } }} */
const recent = { count: 0, byText: Object.create(null) };

/** The query's values as Go parses them: `{ get(name) }`, the first value of `name` or "". @param {unknown} raw @returns {Query} */
function parseQuery(raw) {
  const text = String(raw || "");
  const known = recent.byText[text];
  if (known) return known;
  if (recent.count >= REMEMBERED) {
    recent.count = 0;
    recent.byText = Object.create(null);
  }
  recent.count++;
  return (recent.byText[text] = parse(text));
}

/** @param {string} text @returns {Query} */
function parse(text) {
  /** @type {{ [key: string]: string }} */
  const values = Object.create(null);
  if (text) {
    for (const pair of text.split("&")) {
      if (!pair || pair.indexOf(";") >= 0) continue;
      const eq = pair.indexOf("=");
      const key = queryUnescape(eq < 0 ? pair : pair.slice(0, eq));
      const value = queryUnescape(eq < 0 ? "" : pair.slice(eq + 1));
      if (key === null || value === null) continue;
      if (!(key in values)) values[key] = value;
    }
  }
  return { get: (name) => (name in values ? String(values[name]) : "") };
}

module.exports = { parseQuery };
