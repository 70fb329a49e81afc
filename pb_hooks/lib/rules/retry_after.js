/**
 * Retry-After for refused requests: the longest limiter window (in seconds) when the answer is 429,
 * so a client that waits that long is sure to find a fresh window.
 */
function retryAfterSeconds(app) {
  let longest = 1;
  for (const r of app.settings().rateLimits.rules) if (r.duration > longest) longest = r.duration;
  return longest;
}

function statusOf(err) {
  if (!err) return 0;
  if (typeof err.status === "number") return err.status;
  if (err.value && typeof err.value.status === "number") return err.value.status;
  const text = String(err);
  return /too many requests|rate limit/i.test(text) ? 429 : 0;
}

function stamp(e, err) {
  if (statusOf(err) !== 429) return;
  e.response.header().set("Retry-After", String(retryAfterSeconds(e.app)));
}

module.exports = { stamp, statusOf, retryAfterSeconds };
