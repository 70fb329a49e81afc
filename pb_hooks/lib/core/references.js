/**
 * References to images stay valid (issue 23, finding 6). A client's `coverImage` is a plain id, not a
 * relation (pb_migrations/1763771400_client_cover_image.js: a device pushes the client's edit before it
 * uploads the image it names), so nothing in the schema keeps it valid; these rules do:
 * - deleting an image clears every cover that names it, in the delete's transaction, as an ordinary synced
 *   edit made now (the update hook stamps its time), so devices pull it and it wins over older choices;
 * - a cover set to an image that was deleted (it has a tombstone) or belongs to another client is not
 *   kept: the stored cover stays, or "" when that one is no longer valid either. An id the server has
 *   never seen is kept: its image may still be on its way from the device.
 * The proofing collections (favourites, picks, comments) name images through relations with cascadeDelete
 * (pb_migrations/1763771500_proofing.js): PocketBase deletes them with the image, and they leave tombstones.
 * Every function takes the app of the running request (its transaction), never $app: the image deleted a
 * moment ago and its tombstone exist only there until the transaction commits.
 */

/** Clears the cover of every client that names this image (one, unless data came from elsewhere). */
function clearCoversOf(app, imageId) {
  const clients = app.findRecordsByFilter("clients", "coverImage = {:id}", "", 0, 0, { id: imageId });
  for (const client of clients) {
    client.set("coverImage", "");
    // Without validation: "" is always a valid cover, and an older value elsewhere in the record (from
    // before a rule existed) must not stop the image's delete. The update hooks run as for any save.
    app.saveNoValidate(client);
  }
}

/** Whether `imageId` may be the cover of `clientId`: "" (the first image), an image of the client, or an unknown id. */
function isValidCover(app, clientId, imageId) {
  if (!imageId) return true;
  let image = null;
  try {
    image = app.findRecordById("images", imageId);
  } catch (_) {}
  if (image) return image.getString("client") === clientId;
  const deleted = app.findRecordsByFilter("tombstones", "recordCollection = 'images' && recordId = {:id}", "", 1, 0, { id: imageId });
  return deleted.length === 0;
}

/**
 * After the sync rules decided what a create or update keeps: an invalid cover goes back to the stored one
 * when that one is valid, else to "" with the time `nowMs` (at least the stored time, so it is the newest
 * edit). `times` are those the sync rules chose, `storedTimes` those before the request. Returns the
 * fieldTimes to store.
 */
function keepCoverValid(app, record, original, times, storedTimes, nowMs) {
  const cover = record.getString("coverImage");
  if (isValidCover(app, record.id, cover)) return times;
  const before = original ? original.getString("coverImage") : "";
  const next = Object.assign({}, times);
  if (original && before !== cover && isValidCover(app, record.id, before)) {
    record.set("coverImage", before);
    if (typeof storedTimes.coverImage === "number") next.coverImage = storedTimes.coverImage;
    return next;
  }
  record.set("coverImage", "");
  next.coverImage = Math.max(nowMs, typeof times.coverImage === "number" ? times.coverImage : 0);
  return next;
}

module.exports = { clearCoversOf, isValidCover, keepCoverValid };
