/**
 * How many new people (issue 26's `proof_people`) one visitor address and one network may make, and when a
 * person who chose nothing stops counting (issue 37): pure rules, no PocketBase globals, so Node unit tests
 * require this file; lib/core/people_guard.js applies them in the database. docs/SECURITY.md has the figures.
 *
 * Each limit is a bucket (the generic cell rate algorithm): `burst` new people at once, then one every
 * `everyMs`. Its one stored number is the bucket's "theoretical arrival time" `tat` (ms): the moment it
 * would be empty again. A new person is allowed when it leaves `tat` at most `burst x everyMs` ahead of now.
 *
 * The figures are chosen so that neither one address nor one network can fill a gallery's 200 people with
 * names that chose nothing: such a person stops counting after UNUSED_AFTER_MS, so one address holds at
 * most 10 + 6 h / 6 min = 70 of them at a time, one network 30 + 6 h / 3 min = 150.
 */
const MINUTE_MS = 60 * 1000;

const PEOPLE_LIMITS = {
  /** An address: an IPv4 address or an IPv6 /64 (lib/rules/rules.js's addressMaterial), as for code tickets. */
  address: { burst: 10, everyMs: 6 * MINUTE_MS },
  /** A network: an IPv4 /24 or an IPv6 /48 (peopleNetworkMaterial). */
  network: { burst: 30, everyMs: 3 * MINUTE_MS },
};

/** A person with no favourite, pick, comment or submitted state stops counting (and is removed) this long after being made. */
const UNUSED_AFTER_MS = 6 * 60 * MINUTE_MS;

/**
 * Before a new person: `{ allowed: true, tat }` (the bucket's new time, to store with the person) or
 * `{ allowed: false, retryAfterMs }`. `tat`: the stored time, or 0 for none.
 * @param {number} tat
 * @param {number} nowMs
 * @param {{ burst: number, everyMs: number }} limit
 */
function bucketBeforeNew(tat, nowMs, limit) {
  const next = Math.max(Number(tat) || 0, nowMs) + limit.everyMs;
  const ahead = next - nowMs - limit.burst * limit.everyMs;
  if (ahead > 0) return { allowed: false, retryAfterMs: ahead };
  return { allowed: true, tat: next };
}

/**
 * The network an address belongs to for the people limits: the /24 of an IPv4 address (mapped IPv4 too),
 * the /48 of an IPv6 one. `address`: lib/rules/rules.js's addressMaterial of the visitor's address (an IPv4
 * address, or an IPv6 "/64"); `ipv6Network`: its networkMaterial (the /48), null for IPv4.
 * @param {string} address
 * @param {string | null} ipv6Network
 */
function peopleNetworkMaterial(address, ipv6Network) {
  if (ipv6Network) return ipv6Network;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.\d+$/.exec(address);
  return v4 ? `${v4[1]}.${v4[2]}.${v4[3]}.0/24` : address;
}

/** The instant before which a person who chose nothing no longer counts. @param {number} nowMs */
function unusedBefore(nowMs) {
  return nowMs - UNUSED_AFTER_MS;
}

module.exports = { PEOPLE_LIMITS, UNUSED_AFTER_MS, bucketBeforeNew, peopleNetworkMaterial, unusedBefore };
