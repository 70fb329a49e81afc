/**
 * The operator's metrics in Prometheus's text format (version 0.0.4), pure: what GET /api/metrics answers
 * (lib/core/metrics.js gathers the numbers). Each family is `{ name, help, type, samples: [{ labels, value }] }`;
 * a family without samples is left out (Prometheus wants none rather than an empty one).
 */

/** The content type Prometheus asks for and this text is. */
const CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

/** The class of an HTTP status as the requests counter labels it: "2xx" ... "5xx", or "other" (0, or out of range). */
function statusClass(status) {
  const n = Math.floor(Number(status) / 100);
  return n >= 1 && n <= 5 ? n + "xx" : "other";
}

/** A label value escaped as the format says: backslash, double quote and newline. */
function escapeLabel(value) {
  return String(value).replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}

/** HELP text escaped: backslash and newline. */
function escapeHelp(text) {
  return String(text).replace(/\\/g, "\\\\").replace(/\n/g, "\\n");
}

/** A sample's value: integers as they are, NaN and infinities in the format's words. */
function formatValue(value) {
  const n = Number(value);
  if (Number.isNaN(n)) return "NaN";
  if (n === Infinity) return "+Inf";
  if (n === -Infinity) return "-Inf";
  return String(n);
}

/** The whole text: HELP and TYPE lines, then each sample, one family after another, ending with a newline. */
function exposition(families) {
  const lines = [];
  for (const f of families) {
    if (!/^[a-zA-Z_:][a-zA-Z0-9_:]*$/.test(f.name)) throw new Error("Not a metric name: " + f.name);
    if (!f.samples || f.samples.length === 0) continue;
    lines.push(`# HELP ${f.name} ${escapeHelp(f.help)}`);
    lines.push(`# TYPE ${f.name} ${f.type}`);
    for (const s of f.samples) {
      const keys = Object.keys(s.labels || {});
      const labels = keys.length ? "{" + keys.map((k) => `${k}="${escapeLabel(s.labels[k])}"`).join(",") + "}" : "";
      lines.push(`${f.name}${labels} ${formatValue(s.value)}`);
    }
  }
  return lines.join("\n") + "\n";
}

/**
 * The token in an `Authorization: Bearer <token>` header, or "" when the header is missing or of another kind.
 * @param {string} header
 */
function bearerToken(header) {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(String(header || ""));
  return m ? m[1] : "";
}

/** The shortest METRICS_TOKEN that turns the endpoint on: a shorter one is as good as none (guessable). */
const MIN_TOKEN_LENGTH = 16;

module.exports = { CONTENT_TYPE, MIN_TOKEN_LENGTH, statusClass, exposition, bearerToken };
