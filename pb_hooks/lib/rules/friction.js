/**
 * Friction for budgets that many addresses share (the code-only route, one gallery's download PIN): instead of
 * a door that closes after N failures (which any stranger could close for everyone), each further attempt
 * needs a proof of work whose cost doubles twice with every recent failure, up to `capBits`. "Recent" is a
 * decaying count: `pressure` halves every `halfLifeMs`. Below `free` nothing is asked; a right answer gives its
 * failure back. The cap bounds what a real client's phone must solve on the code-only route and a PIN (docs/SECURITY.md,
 * "What the real client pays"); past it, an attacker's attempts are bounded by the per-address waits only.
 * A gallery's link route has per-address waits (its figures hold with them), and only the addresses of
 * one routed IPv6 /48 share a budget here, so that a /48's 65,536 /64s count as one network (docs/SECURITY.md).
 *
 * The puzzle (ALTCHA-like, hand-rolled so that it runs in PocketBase's JS VM with its own crypto): the
 * server signs `challenge` = "<expiresAtMs>.<random>.<bits>.<scope>" with HMAC-SHA256; the browser finds a
 * decimal `nonce` such that SHA-256("<challenge>:<nonce>") starts with `bits` zero bits (2^bits tries on
 * average). The server checks the signature, the expiry, the scope, that `bits` is what is asked now, the
 * hash, and that the challenge was not used before. Pure: no PocketBase globals (unit-tested in Node).
 */

/**
 * @typedef {"code-only" | "pin" | "net48"} BudgetKind
 * @typedef {{ failures: number, nextAt: number, lastAt: number }} PressureRow
 * @typedef {{ free: number, halfLifeMs: number, baseBits: number, stepBits: number, capBits: number }} Budget
 */

/**
 * The budgets (figures in docs/SECURITY.md, "Friction on shared budgets").
 * @type {Record<BudgetKind, Budget>}
 */
const BUDGETS = {
  "code-only": { free: 8, halfLifeMs: 90 * 24 * 3600 * 1000, baseBits: 16, stepBits: 2, capBits: 20 },
  pin: { free: 5, halfLifeMs: 180 * 24 * 3600 * 1000, baseBits: 16, stepBits: 2, capBits: 20 },
  // Wrong codes on gallery links from one routed IPv6 /48 (65,536 /64s, each an address of its own): no cap,
  // since its puzzle reaches only visitors of that /48, and the gallery's link opens from any other network.
  net48: { free: 10, halfLifeMs: 90 * 24 * 3600 * 1000, baseBits: 16, stepBits: 2, capBits: 96 },
};
/** Only to keep the number finite: 2^96 hashes is beyond any attacker, so the doubling never stops in practice. */
const MAX_BITS = 96;
/**
 * What a mid-range phone's browser does: SHA-256 tries a second with crypto.subtle in a worker (headless
 * Chromium on a loaded 2-core machine measured about this; docs/SECURITY.md, "What the real client pays").
 */
const PHONE_HASHES_PER_SECOND = 50000;
/** A challenge is good for this long: enough for a slow phone, short enough that none can be stockpiled. */
const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** Pressure is stored in thousandths (the guards' columns are integers). */
const MILLI = 1000;

/** @param {BudgetKind} kind @returns {Budget} */
function settings(kind) {
  const b = BUDGETS[kind];
  if (!b) throw new Error("unknown budget " + kind);
  return b;
}

/**
 * The decayed count of recent failures at `nowMs` (a row's `failures` in thousandths, `lastAt` its time).
 * @param {BudgetKind} kind
 * @param {PressureRow | null} row
 * @param {number} nowMs
 * @returns {number}
 */
function pressureAt(kind, row, nowMs) {
  if (!row) return 0;
  const elapsed = Math.max(0, nowMs - row.lastAt);
  return (row.failures / MILLI) * Math.pow(2, -elapsed / settings(kind).halfLifeMs);
}

/**
 * The zero bits asked before the next attempt: 0 below `free`, then baseBits, +stepBits per further failure, at most capBits.
 * @param {BudgetKind} kind
 * @param {number} pressure
 * @returns {number}
 */
function bitsRequired(kind, pressure) {
  const b = settings(kind);
  const p = Math.round(pressure * MILLI) / MILLI; // as stored: the decay of the last milliseconds is no refund
  if (p < b.free) return 0;
  return Math.min(b.capBits, MAX_BITS, b.baseBits + b.stepBits * Math.floor(p - b.free));
}

/** The average seconds a phone spends on a puzzle of `bits` (0 when none is asked). */
function phoneSeconds(bits) {
  return bits > 0 ? Math.pow(2, bits) / PHONE_HASHES_PER_SECOND : 0;
}

/**
 * The row after one more attempt (counted up front, refunded when right).
 * @param {BudgetKind} kind
 * @param {PressureRow | null} row
 * @param {number} nowMs
 * @returns {PressureRow}
 */
function afterAttempt(kind, row, nowMs) {
  return { failures: Math.round((pressureAt(kind, row, nowMs) + 1) * MILLI), nextAt: 0, lastAt: nowMs };
}

/**
 * The row after a right answer: its failure given back.
 * @param {BudgetKind} kind
 * @param {PressureRow} row
 * @param {number} nowMs
 * @returns {PressureRow}
 */
function afterRefund(kind, row, nowMs) {
  return { failures: Math.max(0, Math.round((pressureAt(kind, row, nowMs) - 1) * MILLI)), nextAt: 0, lastAt: nowMs };
}

/** How many leading zero bits a hex digest has. @param {string} hex @returns {number} */
function leadingZeroBits(hex) {
  let bits = 0;
  for (let i = 0; i < hex.length; i++) {
    const v = parseInt(hex.charAt(i), 16);
    if (v === 0) {
      bits += 4;
      continue;
    }
    return bits + (v >= 8 ? 0 : v >= 4 ? 1 : v >= 2 ? 2 : 3);
  }
  return bits;
}

/** @param {number} nowMs @param {string} random @param {number} bits @param {string} scope @returns {string} */
function makeChallenge(nowMs, random, bits, scope) {
  return [nowMs + CHALLENGE_TTL_MS, random, bits, scope].join(".");
}

/**
 * The parts of a challenge, or null when it is not one of ours.
 * @param {unknown} challenge
 * @returns {{ expiresAt: number, bits: number, scope: string } | null}
 */
function parseChallenge(challenge) {
  if (typeof challenge !== "string" || challenge.length > 200) return null;
  const m = /^(\d{1,15})\.([a-z0-9]{8,40})\.(\d{1,3})\.([a-z0-9:-]{1,80})$/.exec(challenge);
  return m ? { expiresAt: Number(m[1]), bits: Number(m[3]), scope: String(m[4]) } : null;
}

/**
 * Whether a solution may be checked further (signature, hash and single use are the caller's): the right
 * shape and scope, not expired, and asking at least the bits required now.
 * @param {unknown} solution
 * @param {string} scope
 * @param {number} bitsNow
 * @param {number} nowMs
 * @returns {{ challenge: string, signature: string, nonce: string, bits: number, expiresAt: number } | null}
 */
function solutionShape(solution, scope, bitsNow, nowMs) {
  if (!solution || typeof solution !== "object") return null;
  const { challenge, signature, nonce } = /** @type {{ challenge?: unknown, signature?: unknown, nonce?: unknown }} */ (solution);
  if (typeof signature !== "string" || !/^[0-9a-f]{64}$/.test(signature)) return null;
  if (typeof nonce !== "string" || !/^\d{1,20}$/.test(nonce)) return null;
  const parts = parseChallenge(challenge);
  if (!parts || parts.scope !== scope || parts.expiresAt < nowMs || parts.bits < bitsNow) return null;
  return { challenge: String(challenge), signature, nonce, bits: parts.bits, expiresAt: parts.expiresAt };
}

module.exports = { BUDGETS, MAX_BITS, PHONE_HASHES_PER_SECOND, CHALLENGE_TTL_MS, MILLI, pressureAt, bitsRequired, phoneSeconds, afterAttempt, afterRefund, leadingZeroBits, makeChallenge, parseChallenge, solutionShape };
