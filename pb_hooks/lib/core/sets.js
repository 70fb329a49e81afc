/**
 * Sets (issue 26) stay inside their gallery. An image's `set` is a plain id (pb_migrations/1795550000_sets.js),
 * so these rules keep it valid, on the values a create or update keeps (after the sync rules decided):
 * - a set of another gallery is refused (400, with the error under `set`): an image moves only between the
 *   sets of its own gallery;
 * - a set that was deleted (it has a tombstone) becomes "" (no set) with the time `nowMs`, so an offline
 *   move into a set another device deleted lands the photo in no set instead of parking the edit for good;
 * - an id the server has never seen is kept: the set may still be on its way from the device.
 * Deleting a set moves its photos to no set in the delete's transaction, as an ordinary synced edit made
 * now (the update hook stamps its time), like a deleted image's cover (lib/core/references.js).
 * Every function takes the app of the running request (its transaction), never $app.
 */

/** "ok", "other" (a set of another gallery), "deleted" (tombstone) or "unknown" for the set `setId` of client `clientId`. */
function setStatus(app, clientId, setId) {
  if (!setId) return "ok";
  let set = null;
  try {
    set = app.findRecordById("sets", setId);
  } catch (_) {}
  if (set) return set.getString("client") === clientId ? "ok" : "other";
  const deleted = app.findRecordsByFilter("tombstones", "recordCollection = 'sets' && recordId = {:id}", "", 1, 0, { id: setId });
  return deleted.length ? "deleted" : "unknown";
}

/** Applies the rules above to an image about to be saved; returns the fieldTimes to store. */
function keepSetValid(app, image, times, nowMs) {
  const status = setStatus(app, image.getString("client"), image.getString("set"));
  if (status === "other") throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(400, "set_of_other_gallery", undefined, { set: "set_of_other_gallery" });
  if (status !== "deleted") return times;
  image.set("set", "");
  return Object.assign({}, times, { set: Math.max(nowMs, typeof times.set === "number" ? times.set : 0) });
}

/** Moves every photo of a deleted set to no set (within the delete's transaction). */
function clearSetOf(app, setId) {
  const images = app.findRecordsByFilter("images", "set = {:id}", "", 0, 0, { id: setId });
  for (const image of images) {
    image.set("set", "");
    app.saveNoValidate(image);
  }
}

module.exports = { keepSetValid, clearSetOf };
