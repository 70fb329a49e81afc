/**
 * A gallery's expiry is a calendar day in the studio's time zone (issue 37, item 12): `clients.expiryDay`
 * ("YYYY-MM-DD", "" for none) is the day the owner chose, and `expirationDate` is the instant it closes, the
 * end of that day in settings.timeZone (UTC when blank), which the server derives here and every check
 * compares against (lib/rules/rules.js galleryState, the reminders). A change of the studio's zone moves the
 * instant, never the day. PocketBase's JavaScript has no Intl: its DateTime reads a wall clock in a zone.
 * Uses PocketBase globals; required in handlers and in the migration that filled expiryDay.
 */
const { parsePbDate, pbDateAt } = require(`${__hooks}/lib/rules/contract.js`);

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The instant `day`'s midnight begins in `timeZone` (ms). */
function startOfDay(day, timeZone) {
  return parsePbDate(new DateTime(`${day} 00:00:00`, timeZone || "UTC").string()) ?? NaN;
}

/** The day after `day` ("YYYY-MM-DD"), by the calendar. */
function nextDay(day, delta = 1) {
  const [y = NaN, m = NaN, d = NaN] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + delta)).toISOString().slice(0, 10);
}

/** The instant a gallery expiring on `day` closes: the next midnight in `timeZone`, as PocketBase stores dates. */
function endOfDay(day, timeZone) {
  return pbDateAt(startOfDay(nextDay(day), timeZone));
}

/** The day ("YYYY-MM-DD") in `timeZone` of the last moment before a stored expiry instant; "" for none. */
function dayOfInstant(value, timeZone) {
  const ms = parsePbDate(value);
  if (ms === null) return "";
  const utcDay = new Date(ms - 1).toISOString().slice(0, 10);
  for (const delta of [-1, 0, 1]) {
    const day = nextDay(utcDay, delta);
    if (startOfDay(day, timeZone) < ms && ms <= startOfDay(nextDay(day), timeZone)) return day;
  }
  return utcDay;
}

/** The zone being saved by reexpireAll, which each client's save must use (the settings row is not written yet). */
const ZONE_IN_SAVE = "sgExpiryZoneInSave";

function studioZone(app) {
  if (app.store().has(ZONE_IN_SAVE)) return String(app.store().get(ZONE_IN_SAVE));
  const settings = require(`${__hooks}/lib/core/studio_settings.js`).studioSettings(app);
  return settings ? settings.getString("timeZone") : "";
}

/**
 * Step 3 of a client's save (lib/handlers/save_pipeline.js), on the values the request keeps: a changed expiryDay sets
 * the instant; a changed instant alone (a device or API user that knows no expiryDay) sets the day it falls on.
 * Returns the field times with the derived field's time moved to now, so devices pull it.
 */
function applyExpiry(app, record, original, times, nowMs) {
  const day = record.getString("expiryDay");
  if (day && !DAY_PATTERN.test(day)) {
    throw new BadRequestError("Invalid expiry day.", { expiryDay: new ValidationError("invalid_expiry_day", "Use a day as YYYY-MM-DD.") });
  }
  const before = original ? original.getString("expiryDay") : "";
  const instant = record.getString("expirationDate");
  const instantBefore = original ? original.getString("expirationDate") : "";
  const zone = studioZone(app);
  const next = Object.assign({}, times);
  if (day !== before || (day && !instant)) {
    const derived = day ? endOfDay(day, zone) : "";
    if (parsePbDate(derived) !== parsePbDate(instant)) {
      record.set("expirationDate", derived);
      next.expirationDate = nowMs;
    }
  } else if (instant !== instantBefore && dayOfInstant(instant, zone) !== day) {
    record.set("expiryDay", dayOfInstant(instant, zone));
    next.expiryDay = nowMs;
  }
  return next;
}

/**
 * The studio's zone changes to `zone` (a step of the settings' save, lib/handlers/save_pipeline.js, before the row is
 * written): every gallery with a day closes at the end of that day in the new zone.
 */
function reexpireAll(app, zone) {
  app.store().set(ZONE_IN_SAVE, zone);
  try {
    for (const client of app.findRecordsByFilter("clients", "expiryDay != ''", "", 0, 0)) {
      const derived = endOfDay(client.getString("expiryDay"), zone);
      if (parsePbDate(derived) === parsePbDate(client.getString("expirationDate"))) continue;
      client.set("expirationDate", derived);
      app.save(client);
    }
  } finally {
    app.store().remove(ZONE_IN_SAVE);
  }
}

module.exports = { endOfDay, dayOfInstant, applyExpiry, reexpireAll };
