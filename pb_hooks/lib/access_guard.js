/**
 * The brute-force budget of the gallery doors, kept in the database (rules in ./rules.js, figures in
 * docs/SECURITY.md). Every check of a code first takes a ticket in one transaction (PocketBase writes through
 * one connection, so tickets never race): the address's backoff, and on the code-only route the
 * studio-wide budget. A right code refunds the ticket. Addresses are stored only as an HMAC.
 * Uses PocketBase globals; required in handlers.
 */
const rules = require(`${__hooks}/lib/rules.js`);

const BUDGET_KEY = "budget:code-only";

function addressKey(e) {
  const secret = $app.findFirstRecordByData("server_secrets", "key", "gallery_token").getString("value");
  return "addr:" + $security.hs256(rules.addressMaterial(e.realIP()), secret + ":address");
}

function readGuard(db, key) {
  const row = new DynamicModel({ failures: 0, nextAt: 0, lastAt: 0 });
  try {
    db.newQuery("SELECT failures, nextAt, lastAt FROM access_guards WHERE key = {:key}").bind({ key }).one(row);
  } catch (_) {
    return null; // no row yet
  }
  return { failures: row.failures, nextAt: row.nextAt, lastAt: row.lastAt };
}

function writeGuard(db, key, guard) {
  db.newQuery(
    "INSERT INTO access_guards (id, key, failures, nextAt, lastAt) VALUES ({:id}, {:key}, {:failures}, {:nextAt}, {:lastAt}) " +
      "ON CONFLICT(key) DO UPDATE SET failures = excluded.failures, nextAt = excluded.nextAt, lastAt = excluded.lastAt",
  )
    .bind({ id: $security.randomStringWithAlphabet(15, "abcdefghijklmnopqrstuvwxyz0123456789"), key, failures: guard.failures, nextAt: guard.nextAt, lastAt: guard.lastAt })
    .execute();
}

/**
 * Takes a ticket for one check of a code. Returns { ok: true, ticket } or { ok: false, retryAfterMs,
 * reason: "address" | "budget" }.
 */
function take(e, route) {
  const now = Date.now();
  const key = addressKey(e);
  let result = null;
  $app.runInTransaction((tx) => {
    const db = tx.db();
    const address = rules.addressBeforeAttempt(readGuard(db, key), now);
    if (!address.allowed) {
      result = { ok: false, retryAfterMs: address.retryAfterMs, reason: "address" };
      return;
    }
    if (route === "code-only") {
      const budget = rules.budgetBeforeAttempt(readGuard(db, BUDGET_KEY), now);
      if (!budget.allowed) {
        result = { ok: false, retryAfterMs: budget.retryAfterMs, reason: "budget" };
        return;
      }
      writeGuard(db, BUDGET_KEY, budget.next);
    }
    writeGuard(db, key, address.next);
    result = { ok: true, ticket: { key, route } };
  });
  return result;
}

/** A right code: the ticket was no failure. */
function refund(ticket) {
  const now = Date.now();
  $app.runInTransaction((tx) => {
    const db = tx.db();
    const address = readGuard(db, ticket.key);
    if (address) writeGuard(db, ticket.key, rules.addressRefund(address, now));
    if (ticket.route === "code-only") {
      const budget = readGuard(db, BUDGET_KEY);
      if (budget) writeGuard(db, BUDGET_KEY, rules.budgetRefund(budget));
    }
  });
}

/** A wrong code on a gallery's own link: counted for the owner, in one statement; the gallery stays open. */
function recordGalleryFailure(clientId) {
  $app
    .db()
    .newQuery(
      "INSERT INTO access_failures (id, client, failures, lastFailureAt) VALUES ({:id}, {:client}, 1, {:at}) " +
        "ON CONFLICT(client) DO UPDATE SET failures = failures + 1, lastFailureAt = excluded.lastFailureAt",
    )
    .bind({ id: $security.randomStringWithAlphabet(15, "abcdefghijklmnopqrstuvwxyz0123456789"), client: clientId, at: rules.pbDateAt(Date.now()) })
    .execute();
}

/** The 429 answer of a refused ticket, with Retry-After in whole seconds. */
function refuse(e, refusal) {
  const seconds = Math.max(1, Math.ceil(refusal.retryAfterMs / 1000));
  e.response.header().set("Retry-After", String(seconds));
  const message = refusal.reason === "budget" ? rules.TEXTS.useLink : rules.TEXTS.waitAddress;
  return e.json(429, { status: 429, message, data: {} });
}

module.exports = { take, refund, refuse, recordGalleryFailure };
