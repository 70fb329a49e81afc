/**
 * The brute-force budget of the gallery doors, kept in the database (rules in ./rules.js, figures in
 * docs/SECURITY.md). Every check of a code first takes a ticket in one transaction (PocketBase writes through
 * one connection, so tickets never race): the address's backoff, and on a shared budget (the code-only
 * route, a gallery's PIN, the links from one IPv6 /48) its friction (a proof of work once it is under
 * pressure, lib/rules/friction.js). A right code refunds
 * the ticket. Addresses are stored only as an HMAC.
 * Uses PocketBase globals; required in handlers.
 */
const rules = require(`${__hooks}/lib/rules/rules.js`);
const friction = require(`${__hooks}/lib/rules/friction.js`);

/** The code-only route's studio-wide budget, and the row whose presence turns that route off (the owner's switch). */
const CODE_ONLY_KEY = "pressure:code-only";
const CODE_ONLY_OFF_KEY = "switch:code-only-off";
/** A PIN's budget is `pressure:pin:<clientId>:<HMAC of the PIN>`; before issue 37 it was `pressure:pin:<clientId>`. */
const PIN_KEY_PREFIX = "pressure:pin:";

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
 * The shared budget a route's attempts also count on, with the scope its puzzles are signed for. A PIN's
 * budget belongs to the gallery's current PIN (`pin`), keyed by an HMAC of it, so a new PIN starts clean
 * (changed back, the old one meets its own guesses again). A link's attempts from IPv6 count on their /48's,
 * keyed (like addresses) only by an HMAC of it.
 */
function sharedBudget(e, route, clientId, pin) {
  if (route === "code-only") return { kind: "code-only", scope: "code-only", key: CODE_ONLY_KEY };
  const secret = $app.findFirstRecordByData("server_secrets", "key", "gallery_token").getString("value");
  if (route === "pin") {
    const id = clientId + ":" + $security.hs256(clientId + ":" + pin, secret + ":pin-pressure").slice(0, 16);
    return { kind: "pin", scope: "pin:" + id, key: PIN_KEY_PREFIX + id };
  }
  const network = rules.networkMaterial(e.realIP());
  if (!network) return null; // a gallery's link from IPv4: per-address waits only
  const id = $security.hs256(network, secret + ":network").slice(0, 32);
  return { kind: "net48", scope: "net48:" + id, key: "pressure:net48:" + id };
}

function powSecret() {
  return $app.findFirstRecordByData("server_secrets", "key", "gallery_token").getString("value") + ":pow";
}

/** A fresh signed challenge of `bits` for `scope`. */
function issueChallenge(scope, bits, now) {
  const challenge = friction.makeChallenge(now, $security.randomStringWithAlphabet(20, "abcdefghijklmnopqrstuvwxyz0123456789"), bits, scope);
  return { challenge, signature: $security.hs256(challenge, powSecret()), bits };
}

/** Whether `pow` solves a challenge of ours for `scope` at `bits` or more, unused so far (then marks it used). */
function spendSolution(db, pow, scope, bits, now) {
  const shape = friction.solutionShape(pow, scope, bits, now);
  if (!shape) return false;
  if (!$security.equal($security.hs256(shape.challenge, powSecret()), shape.signature)) return false;
  if (friction.leadingZeroBits($security.sha256(shape.challenge + ":" + shape.nonce)) < shape.bits) return false;
  const usedKey = "pow:" + $security.sha256(shape.challenge);
  if (readGuard(db, usedKey)) return false; // each solution opens one attempt
  db.newQuery("DELETE FROM access_guards WHERE key LIKE 'pow:%' AND nextAt < {:now}").bind({ now }).execute();
  writeGuard(db, usedKey, { failures: 0, nextAt: shape.expiresAt, lastAt: now });
  return true;
}

/**
 * Takes a ticket for one check of a code or PIN. Returns { ok: true, ticket } or { ok: false, ... } with
 * `reason` "address" (and retryAfterMs) or "proof" (and a challenge to solve first). `route`: "code-only",
 * "link" (its /48's budget from IPv6) or "pin" (with `clientId` and the gallery's current `pin`); `pow`: the
 * visitor's solution, if any (lib/rules/friction.js).
 */
function take(e, route, clientId, pow, pin) {
  const now = Date.now();
  const key = addressKey(e);
  const shared = sharedBudget(e, route, clientId, pin);
  let result = null;
  $app.runInTransaction((tx) => {
    const db = tx.db();
    const address = rules.addressBeforeAttempt(readGuard(db, key), now);
    if (!address.allowed) {
      result = { ok: false, retryAfterMs: address.retryAfterMs, reason: "address" };
      return;
    }
    if (shared) {
      const row = readGuard(db, shared.key);
      const bits = friction.bitsRequired(shared.kind, friction.pressureAt(shared.kind, row, now));
      if (bits > 0 && !spendSolution(db, pow, shared.scope, bits, now)) {
        result = { ok: false, reason: "proof", challenge: issueChallenge(shared.scope, bits, now) };
        return;
      }
      writeGuard(db, shared.key, friction.afterAttempt(shared.kind, row, now));
    }
    writeGuard(db, key, address.next);
    result = { ok: true, ticket: { key, shared } };
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
    if (ticket.shared) {
      const row = readGuard(db, ticket.shared.key);
      if (row) writeGuard(db, ticket.shared.key, friction.afterRefund(ticket.shared.kind, row, now));
    }
  });
}

/** The owner's reset of a gallery's wrong answers (the delete of its access_failures row) lifts the puzzles of its PINs too. */
function clearPinPressure(clientId) {
  $app
    .db()
    .newQuery("DELETE FROM access_guards WHERE key = {:old} OR key LIKE {:prefix}")
    .bind({ old: PIN_KEY_PREFIX + clientId, prefix: PIN_KEY_PREFIX + clientId + ":%" })
    .execute();
}

/**
 * The code-only route as the owner sees it: on or off, its recent wrong codes (decayed), the free ones, and
 * the puzzle the next visitor meets with its seconds on a phone (lib/rules/friction.js).
 */
function codeOnlyState() {
  const db = $app.db();
  const now = Date.now();
  const pressure = friction.pressureAt("code-only", readGuard(db, CODE_ONLY_KEY), now);
  const bits = friction.bitsRequired("code-only", pressure);
  return { on: !readGuard(db, CODE_ONLY_OFF_KEY), pressure, free: friction.BUDGETS["code-only"].free, bits, phoneSeconds: friction.phoneSeconds(bits) };
}

function codeOnlyOff() {
  return !!readGuard($app.db(), CODE_ONLY_OFF_KEY);
}

/** The owner's changes: `reset` forgets the route's recent wrong codes; `on` switches the route on or off. */
function changeCodeOnly(change) {
  $app.runInTransaction((tx) => {
    const db = tx.db();
    if (change.reset) db.newQuery("DELETE FROM access_guards WHERE key = {:key}").bind({ key: CODE_ONLY_KEY }).execute();
    if (change.on === true) db.newQuery("DELETE FROM access_guards WHERE key = {:key}").bind({ key: CODE_ONLY_OFF_KEY }).execute();
    if (change.on === false) writeGuard(db, CODE_ONLY_OFF_KEY, { failures: 0, nextAt: 0, lastAt: Date.now() });
  });
}

/**
 * A wrong answer on a gallery, counted for the owner in one statement: `kind` "code" (on its own link) or
 * "pin" (its download PIN), each with its count and last time. The gallery stays open.
 */
function recordGalleryFailure(clientId, kind) {
  const [count, last] = kind === "pin" ? ["pinFailures", "lastPinFailureAt"] : ["failures", "lastFailureAt"];
  $app
    .db()
    .newQuery(
      `INSERT INTO access_failures (id, client, ${count}, ${last}) VALUES ({:id}, {:client}, 1, {:at}) ` +
        `ON CONFLICT(client) DO UPDATE SET ${count} = ${count} + 1, ${last} = excluded.${last}`,
    )
    .bind({ id: $security.randomStringWithAlphabet(15, "abcdefghijklmnopqrstuvwxyz0123456789"), client: clientId, at: rules.pbDateAt(Date.now()) })
    .execute();
}

/**
 * The answer of a refused ticket: 428 with a challenge to solve (the same request again with `pow`), or 429
 * with Retry-After in whole seconds while the address must wait.
 */
function refuse(e, refusal) {
  if (refusal.reason === "proof") return e.json(428, require(`${__hooks}/lib/rules/refusals.js`).refusalBody(428, "proof_needed", undefined, refusal.challenge));
  const seconds = Math.max(1, Math.ceil(refusal.retryAfterMs / 1000));
  e.response.header().set("Retry-After", String(seconds));
  return e.json(429, require(`${__hooks}/lib/rules/refusals.js`).refusalBody(429, "too_many_attempts"));
}

module.exports = { take, refund, refuse, recordGalleryFailure, clearPinPressure, codeOnlyState, codeOnlyOff, changeCodeOnly };
