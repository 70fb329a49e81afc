/**
 * Retry-After for refused requests: the longest limiter window (in seconds) when the answer is 429,
 * so a client that waits that long is sure to find a fresh window.
 * @param {{ settings(): { rateLimits: { rules: Array<{ duration: number } | undefined> } } }} app PocketBase's app
 * @returns {number}
 */
function retryAfterSeconds(app) {
  let longest = 1;
  for (const r of app.settings().rateLimits.rules) if (r && r.duration > longest) longest = r.duration;
  return longest;
}

/**
 * The HTTP status an error thrown in a route carries: its own, a wrapped Go error's, or 429 for the limiter's.
 * @param {any} err anything a route throws (a JS error, a Go error, a PocketBase ApiError)
 * @returns {number}
 */
function statusOf(err) {
  if (!err) return 0;
  if (typeof err.status === "number") return err.status;
  if (err.value && typeof err.value.status === "number") return err.value.status;
  const text = String(err);
  return /too many requests|rate limit/i.test(text) ? 429 : 0;
}

/**
 * @param {{ app: Parameters<typeof retryAfterSeconds>[0], response: { header(): { set(name: string, value: string): void } } }} e the request event
 * @param {unknown} err
 */
function stamp(e, err) {
  if (statusOf(err) !== 429) return;
  e.response.header().set("Retry-After", String(retryAfterSeconds(e.app)));
}

module.exports = { stamp, statusOf, retryAfterSeconds };
