/**
 * Activity counters of a gallery (issue 12; collection `gallery_activity`): each event is one UPSERT whose
 * `n = n + 1` runs in SQLite, so parallel requests never lose a count. Nothing of the visitor is stored: no
 * address, no session id. A session is counted once, when it is born (an unlock without a valid session).
 * A counting failure never fails the visitor's request. Uses PocketBase globals; required in handlers.
 */
const COUNTERS = ["views", "sessions", "singleDownloads", "zipDownloads", "zipPhotos"];

const { pbDateAt: stamp } = require(`${__hooks}/lib/rules/contract.js`);

function now() {
  return stamp(new Date());
}

/** Adds `add` ({counter: n}) to the gallery's row and, when `visit`, sets the last visit to now. */
function bump(clientId, add, visit) {
  if ($os.getenv("ACTIVITY_OFF") === "1") return; // benchmarks only: the same request without counting
  const cols = COUNTERS.filter((c) => add[c]);
  const at = now();
  const params = { id: $security.randomStringWithAlphabet(15, "abcdefghijklmnopqrstuvwxyz0123456789"), client: clientId, at, visit: visit ? at : "" };
  for (const c of COUNTERS) params[c] = add[c] ? Math.max(0, Math.floor(add[c])) : 0;
  const sets = cols.map((c) => `${c} = ${c} + excluded.${c}`);
  if (visit) sets.push("lastVisit = excluded.lastVisit");
  sets.push("updated = excluded.updated");
  try {
    $app
      .db()
      .newQuery(
        `INSERT INTO gallery_activity (id, client, ${COUNTERS.join(", ")}, lastVisit, created, updated) ` +
          `VALUES ({:id}, {:client}, ${COUNTERS.map((c) => `{:${c}}`).join(", ")}, {:visit}, {:at}, {:at}) ` +
          `ON CONFLICT(client) DO UPDATE SET ${sets.join(", ")}`,
      )
      .bind(params)
      .execute();
  } catch (err) {
    $app.logger().warn("activity not counted", "client", clientId, "error", String(err));
  }
}

/** A right code: a view, a new session unless the visitor already held a valid one, and a visit. */
function unlocked(clientId, hadSession) {
  bump(clientId, { views: 1, sessions: hadSession ? 0 : 1 }, true);
}

/** The last visit moves at most once a minute: a reload within it reads and writes nothing. */
const VISIT_STEP_MS = 60 * 1000;

/**
 * A visitor with a valid session opened the gallery's page again: the last visit moves, in a statement that
 * changes nothing (and so writes nothing) while the stored one is less than a minute old. A gallery whose
 * row is missing (sessions from before counting) gets it at the next unlock.
 */
function visited(clientId) {
  if ($os.getenv("ACTIVITY_OFF") === "1") return;
  const at = new Date();
  try {
    $app
      .db()
      .newQuery("UPDATE gallery_activity SET lastVisit = {:at}, updated = {:at} WHERE client = {:client} AND lastVisit < {:cutoff}")
      .bind({ client: clientId, at: stamp(at), cutoff: stamp(new Date(at.getTime() - VISIT_STEP_MS)) })
      .execute();
  } catch (err) {
    $app.logger().warn("visit not counted", "client", clientId, "error", String(err));
  }
}

/**
 * A file served for a download: "single" counts a download, "zip" a photo delivered into a zip. Given the
 * request `e`, its answer is flushed first, so the visitor has the whole file before the count is written.
 */
function downloaded(clientId, kind, e) {
  if (!kind) return;
  if (e) {
    try {
      e.flush();
    } catch (_) {} // no flusher: the count simply comes before the answer's end
  }
  if (kind === "single") bump(clientId, { singleDownloads: 1 }, false);
  else if (kind === "zip") bump(clientId, { zipPhotos: 1 }, false);
}

/** POST /api/gallery/{accessUrl}/activity/zip: the visitor's page starts a zip (its photos count as they are served). */
function zipStarted(e, accessUrl) {
  const gallerySession = require(`${__hooks}/lib/core/gallery_session.js`);
  const client = gallerySession.requireSession(e, accessUrl);
  if (gallerySession.isStudioOwner(e) || gallerySession.isPreview(e, client)) return e.noContent(204);
  const delivery = require(`${__hooks}/lib/rules/delivery_rules.js`);
  if (delivery.modeOf(client.getString("downloadMode")) === "off") throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(403, "downloads_off");
  bump(client.id, { zipDownloads: 1 }, false);
  return e.noContent(204);
}

module.exports = { unlocked, visited, downloaded, zipStarted, COUNTERS };
