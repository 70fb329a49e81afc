/**
 * The people limits of lib/rules/people_limits.js in the database (issue 37), for lib/handlers/proof_people.js's new person
 * and the hourly sweep (pb_hooks/people.pb.js). Uses PocketBase globals; required in handlers.
 *
 * - Each address and each network has one bucket row in `access_guards` (key "people:addr:<HMAC>" or
 *   "people:net:<HMAC>", keyed with the installation's secret like the code tickets' rows, never the
 *   address): `nextAt` is the bucket's time, `failures` counts the people it allowed, `lastAt` the last one.
 *   Both are checked and moved in the transaction that inserts the person, so parallel requests never race.
 * - A person who chose nothing (no favourite, pick, comment or state) and was made more than
 *   UNUSED_AFTER_MS ago is removed before a gallery's people are counted, and by the sweep: deleted as
 *   records, so their tombstones reach the owner's devices. "Client" (`shared`) is never removed.
 */
/* global arrayOf */ // PocketBase's JS VM global (pocketbase.io/jsvm)
const rules = require(`${__hooks}/lib/rules/rules.js`);
const limits = require(`${__hooks}/lib/rules/people_limits.js`);

function secret() {
  return $app.findFirstRecordByData("server_secrets", "key", "gallery_token").getString("value");
}

/** The request's two bucket keys: its address's and its network's. */
function bucketKeys(e) {
  const ip = e.realIP();
  const address = rules.addressMaterial(ip);
  const network = limits.peopleNetworkMaterial(address, rules.networkMaterial(ip));
  const s = secret();
  return [
    { key: "people:addr:" + $security.hs256(address, s + ":address"), limit: limits.PEOPLE_LIMITS.address },
    { key: "people:net:" + $security.hs256(network, s + ":network").slice(0, 32), limit: limits.PEOPLE_LIMITS.network },
  ];
}

function readBucket(db, key) {
  const row = new DynamicModel({ failures: 0, nextAt: 0 });
  try {
    db.newQuery("SELECT failures, nextAt FROM access_guards WHERE key = {:key}").bind({ key }).one(row);
  } catch (_) {
    return { failures: 0, nextAt: 0 }; // no row yet: an empty bucket
  }
  return { failures: row.failures, nextAt: row.nextAt };
}

function writeBucket(db, key, failures, nextAt, now) {
  db.newQuery(
    "INSERT INTO access_guards (id, key, failures, nextAt, lastAt) VALUES ({:id}, {:key}, {:failures}, {:nextAt}, {:now}) " +
      "ON CONFLICT(key) DO UPDATE SET failures = excluded.failures, nextAt = excluded.nextAt, lastAt = excluded.lastAt",
  )
    .bind({ id: $security.randomStringWithAlphabet(15, "abcdefghijklmnopqrstuvwxyz0123456789"), key, failures, nextAt, now })
    .execute();
}

/**
 * Inside the new person's transaction (`txApp`): null when the address and the network may make one more
 * person (both buckets are moved on), else `{ retryAfterMs }` and nothing is written.
 */
function takeNewPerson(txApp, e, now) {
  const db = txApp.db();
  const keys = bucketKeys(e);
  const checked = [];
  for (const k of keys) {
    const row = readBucket(db, k.key);
    const verdict = limits.bucketBeforeNew(row.nextAt, now, k.limit);
    if (!verdict.allowed) return { retryAfterMs: verdict.retryAfterMs };
    checked.push({ key: k.key, failures: row.failures + 1, tat: verdict.tat });
  }
  for (const c of checked) writeBucket(db, c.key, c.failures, c.tat, now);
  return null;
}

/** The people who chose nothing and were made before `cutoffMs`, of one gallery or (clientId "") of all. */
function unusedIds(app, clientId, cutoffMs) {
  const rows = arrayOf(new DynamicModel({ id: "" }));
  const chose = ["proof_favourites", "proof_picks", "proof_comments", "proof_states"].map((t) => `NOT EXISTS (SELECT 1 FROM ${t} x WHERE x.person = p.id)`).join(" AND ");
  app
    .db()
    .newQuery(`SELECT p.id FROM proof_people p WHERE ({:client} = '' OR p.client = {:client}) AND p.shared = FALSE AND p.created < {:cutoff} AND ${chose}`)
    .bind({ client: clientId, cutoff: rules.pbDateAt(cutoffMs) })
    .all(rows);
  return rows.map((r) => r.id);
}

/** Removes the people who chose nothing within UNUSED_AFTER_MS (one gallery's, or all with ""); returns how many. */
function sweepUnused(app, clientId, now) {
  const ids = unusedIds(app, clientId, limits.unusedBefore(now));
  for (const id of ids) app.delete(app.findRecordById("proof_people", id));
  return ids.length;
}

/** Drops the bucket rows that are empty again (a missing row reads as an empty bucket). */
function forgetEmptyBuckets(app, now) {
  app.db().newQuery("DELETE FROM access_guards WHERE key LIKE 'people:%' AND nextAt < {:now}").bind({ now }).execute();
}

module.exports = { takeNewPerson, sweepUnused, forgetEmptyBuckets };
