/**
 * The per-account limit of password-reset mails: one per RESET_EVERY_MS, claimed in one transaction in
 * `access_guards` (key "reset:<record id>"), so five addresses asking in the same second send one mail.
 * Uses PocketBase globals; required in the handler.
 */
/** Long enough that nobody floods an inbox, short enough that a lost mail can be asked for again soon. */
const RESET_EVERY_MS = 10 * 60 * 1000;

function mayMail(recordId) {
  const key = "reset:" + recordId;
  const now = Date.now();
  let allowed = false;
  $app.runInTransaction((tx) => {
    const db = tx.db();
    const row = new DynamicModel({ nextAt: 0 });
    try {
      db.newQuery("SELECT nextAt FROM access_guards WHERE key = {:key}").bind({ key }).one(row);
      if (row.nextAt > now) return;
    } catch (_) {} // no row yet
    db.newQuery(
      "INSERT INTO access_guards (id, key, failures, nextAt, lastAt) VALUES ({:id}, {:key}, 0, {:nextAt}, {:now}) " +
        "ON CONFLICT(key) DO UPDATE SET nextAt = excluded.nextAt, lastAt = excluded.lastAt",
    )
      .bind({ id: $security.randomStringWithAlphabet(15, "abcdefghijklmnopqrstuvwxyz0123456789"), key, nextAt: now + RESET_EVERY_MS, now })
      .execute();
    allowed = true;
  });
  return allowed;
}

module.exports = { mayMail };
