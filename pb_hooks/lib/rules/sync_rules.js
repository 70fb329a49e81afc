/**
 * Newest edit wins, per field (docs/SYNC.md). Pure: no PocketBase globals, unit-tested in Node.
 *
 * Each synced record carries `fieldTimes`: field -> edit time in ms on the server's clock. An update
 * request sends the times of the fields it edits. For every field whose value the request changes:
 * - no time sent for it (an edit through the dashboard or a plain API call): it is an edit made now;
 * - a time older than the stored one: the stored value is newer and stays (the field is reverted);
 * - otherwise the new value is kept with its time.
 * Times of untouched fields are kept as stored, so a device can never erase another's times. A time more
 * than FUTURE_TOLERANCE_MS ahead of the server's clock counts as now, so a device with a wrong clock cannot
 * freeze a field against later edits (a "disable" or a new code from another device).
 */
// Which fields of which collection sync this way is declared in the collection registry (sync_registry.js).

/**
 * A record's fieldTimes as stored or sent (an object, its JSON text, or nothing), as an object; {} for
 * anything else.
 * @param {unknown} raw
 * @returns {Record<string, unknown>}
 */
function parseTimes(raw) {
  if (!raw) return {};
  if (typeof raw === "object") return /** @type {Record<string, unknown>} */ (raw);
  try {
    const parsed = JSON.parse(String(raw));
    return parsed && typeof parsed === "object" ? parsed : {};
  } catch (_) {
    return {};
  }
}

/**
 * The fields an update puts back to their stored value (`revert`), and the fieldTimes to store (`times`).
 * @param {readonly string[]} fields the collection's synced fields
 * @param {(field: string) => boolean} isChanged whether the request changes the field's value
 * @param {unknown} storedTimes fieldTimes before the request
 * @param {unknown} sentTimes fieldTimes as sent by the request
 * @param {number} nowMs
 * @returns {{ revert: string[], times: Record<string, unknown> }}
 */
function resolveUpdate(fields, isChanged, storedTimes, sentTimes, nowMs) {
  const stored = parseTimes(storedTimes);
  const sent = parseTimes(sentTimes);
  const times = Object.assign({}, stored);
  /** @type {string[]} */
  const revert = [];
  for (const field of fields) {
    if (!isChanged(field)) continue;
    const sentTime = typeof sent[field] === "number" ? clampTime(sent[field], nowMs) : null;
    // A time already stored from the future (before clamping existed) must not freeze the field either.
    const storedTime = typeof stored[field] === "number" ? clampTime(stored[field], nowMs) : null;
    const isFresh = sentTime !== null && sentTime !== storedTime;
    const editTime = isFresh ? sentTime : nowMs;
    if (storedTime !== null && editTime < storedTime) revert.push(field);
    else times[field] = editTime;
  }
  return { revert, times };
}

/**
 * Whether an update changes a field, from its stored and requested texts (`record.getString`). A JSON field
 * (images.metadata) changes only when its value does: the same object with its keys in another order or
 * other spacing is no change, so it neither reverts nor takes a new time (issue 23). `sameJsonText` is
 * lib/rules/canonical_json.js's, passed in so this file stays free of requires.
 * @param {string} fieldType
 * @param {string} before
 * @param {string} after
 * @param {(a: string, b: string) => boolean} sameJsonText
 */
function isFieldChanged(fieldType, before, after, sameJsonText) {
  if (before === after) return false;
  return fieldType === "json" ? !sameJsonText(before, after) : true;
}

/**
 * On create: every synced field gets the time sent for it (clamped), or now.
 * @param {readonly string[]} fields
 * @param {unknown} sentTimes
 * @param {number} nowMs
 */
function timesForCreate(fields, sentTimes, nowMs) {
  const sent = parseTimes(sentTimes);
  /** @type {Record<string, number>} */
  const times = {};
  for (const field of fields) times[field] = typeof sent[field] === "number" ? clampTime(sent[field], nowMs) : nowMs;
  return times;
}

/** How far ahead of the server's clock a device's edit time may be (clock offsets are measured, not perfect). */
const FUTURE_TOLERANCE_MS = 60 * 1000;

/**
 * An edit time later than the server's clock plus the tolerance is an edit made now.
 * @param {number} time
 * @param {number} nowMs
 */
function clampTime(time, nowMs) {
  return time > nowMs + FUTURE_TOLERANCE_MS ? nowMs : time;
}

module.exports = { FUTURE_TOLERANCE_MS, resolveUpdate, isFieldChanged, timesForCreate, parseTimes, clampTime };
