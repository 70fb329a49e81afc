/**
 * Pure gallery rules shared by the hooks: no PocketBase globals, so Node unit tests can require this file.
 * The hooks pass in the current time and the records' plain values.
 */

const contract = require("./contract.js");
const {
  ACCESS_URL_ALPHABET,
  ACCESS_URL_LENGTH,
  ACCESS_CODE_ALPHABET,
  ACCESS_CODE_LENGTH,
  RESERVED_ACCESS_URLS,
  EVENT_TYPES,
  DEFAULT_EVENT_TYPE,
  DEFAULT_PRIMARY_COLOR,
  parsePbDate,
  pbDateAt,
  isValidAccessUrl,
  normalizeAccessCode,
} = contract;

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/**
 * The brute-force budget of both gallery doors (docs/SECURITY.md has the figures). Per address: the first
 * FREE_FAILURES wrong codes cost nothing, then each further one makes the address wait twice as long as
 * the one before (1 minute after the 5th, 2 after the 6th, ...), at most MAX_WAIT_MS; failures are
 * forgotten after FORGET_AFTER_MS without one. Budgets shared by many addresses (the code-only route, a
 * gallery's PIN) add friction instead of a limit (./friction.js). A gallery itself is never locked.
 */
const GUARD = {
  FREE_FAILURES: 5,
  BASE_WAIT_MS: MINUTE_MS,
  MAX_WAIT_MS: 7 * DAY_MS,
  FORGET_AFTER_MS: 90 * DAY_MS,
};

/** @typedef {{ failures: number, nextAt: number, lastAt: number }} Guard an address's row of `access_guards` */

/** The wait after an address's n-th failure in a row. @param {number} n @returns {number} */
function waitAfterFailures(n) {
  if (n < GUARD.FREE_FAILURES) return 0;
  return Math.min(GUARD.MAX_WAIT_MS, GUARD.BASE_WAIT_MS * Math.pow(2, n - GUARD.FREE_FAILURES));
}

/**
 * Before an attempt from an address: refused while it must wait; otherwise the attempt is counted as a
 * failure up front (`next`, to store in the same transaction) and refunded when the code is right.
 * @param {Guard | null} guard
 * @param {number} nowMs
 * @returns {{ allowed: boolean, retryAfterMs?: number, next?: Guard }}
 */
function addressBeforeAttempt(guard, nowMs) {
  if (guard && guard.nextAt > nowMs) return { allowed: false, retryAfterMs: guard.nextAt - nowMs };
  const remembered = guard && nowMs - guard.lastAt < GUARD.FORGET_AFTER_MS ? guard.failures : 0;
  const failures = remembered + 1;
  return { allowed: true, next: { failures, nextAt: nowMs + waitAfterFailures(failures), lastAt: nowMs } };
}

/** After a right code: the attempt was no failure, and the address may go on at once. @param {Guard} guard @param {number} nowMs @returns {Guard} */
function addressRefund(guard, nowMs) {
  return { failures: Math.max(0, guard.failures - 1), nextAt: nowMs, lastAt: guard.lastAt };
}

/**
 * The eight groups of an IPv6 address as numbers (a trailing dotted IPv4 part read as two groups), or null
 * when it is not IPv6. Brackets and a zone (`%eth0`) are dropped.
 * @param {unknown} ip
 * @returns {number[] | null}
 */
function parseIpv6(ip) {
  let value = String(ip || "").trim().toLowerCase().replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (value.indexOf(":") === -1) return null;
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(value);
  if (dotted) {
    const [b0 = 0, b1 = 0, b2 = 0, b3 = 0] = dotted.slice(2).map(Number);
    value = dotted[1] + ((b0 << 8) | b1).toString(16) + ":" + ((b2 << 8) | b3).toString(16);
  }
  const [head, tail = ""] = value.split("::");
  const headParts = head ? head.split(":") : [];
  const tailParts = value.indexOf("::") === -1 ? [] : tail ? tail.split(":") : [];
  const missing = 8 - headParts.length - tailParts.length;
  return headParts.concat(new Array(Math.max(0, missing)).fill("0"), tailParts).map((g) => parseInt(g || "0", 16));
}

/**
 * The IPv4 address an IPv4-mapped IPv6 address (::ffff:0:0/96) stands for, in any spelling: PocketBase's
 * realIP() writes `::ffff:192.0.2.1` from a proxy as 0000:0000:0000:0000:0000:ffff:c000:0201. Else null.
 * @param {number[] | null} groups
 * @returns {string | null}
 */
function mappedIpv4(groups) {
  if (!groups || !groups.slice(0, 5).every((g) => g === 0) || groups[5] !== 0xffff) return null;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** The eight groups of an IPv6 address (as numbers), or null for an IPv4 one (mapped IPv4 included). @param {unknown} ip @returns {number[] | null} */
function ipv6Groups(ip) {
  const groups = parseIpv6(ip);
  return groups && !mappedIpv4(groups) ? groups : null;
}

/** The part of an address that identifies one subscriber: an IPv4 address, or the /64 of an IPv6 one. @param {unknown} ip @returns {string} */
function addressMaterial(ip) {
  const groups = parseIpv6(ip);
  if (!groups) return String(ip || "").trim().toLowerCase();
  const v4 = mappedIpv4(groups);
  if (v4) return v4;
  return groups.slice(0, 4).map((g) => g.toString(16)).join(":") + "::/64";
}

/**
 * One spelling per address, to compare two: an IPv4 address (mapped ones included) dotted, an IPv6 one as its
 * eight groups in short hex. PocketBase's remoteIP() writes ::1 as 0000:...:0001, a setting says "::1".
 */
function canonicalAddress(ip) {
  const groups = parseIpv6(ip);
  if (!groups) return String(ip || "").trim().toLowerCase();
  return mappedIpv4(groups) || groups.map((g) => g.toString(16)).join(":");
}

/**
 * The routed network an IPv6 address belongs to, its /48 (65,536 /64s, what one site or customer is
 * routed), or null for IPv4: the link's per-network friction (docs/SECURITY.md, "One routed IPv6 /48").
 * @param {unknown} ip
 * @returns {string | null}
 */
function networkMaterial(ip) {
  const groups = ipv6Groups(ip);
  return groups ? groups.slice(0, 3).map((g) => g.toString(16)).join(":") + "::/48" : null;
}


/**
 * What a visitor may get of a gallery: "missing" (unknown or disabled: the same answer, so that a disabled
 * gallery cannot be told from one that never existed), "expired" (expiry earlier than now), or "open".
 * @param {{ enabled: boolean, expirationDate?: string | null } | null} client
 * @param {number} nowMs
 * @returns {"missing" | "expired" | "open"}
 */
function galleryState(client, nowMs) {
  const status = contract.galleryStatus(client, nowMs);
  return status === "Dormant" ? "missing" : status === "Expired" ? "expired" : "open";
}

/** How long an unlocked gallery stays unlocked in the visitor's browser. */
const GALLERY_SESSION_SECONDS = 7 * 24 * 3600;

/**
 * The signing key of a gallery's session token: changing the access code changes it and so revokes every session.
 * @param {string} serverSecret
 * @param {string} clientId
 * @param {string} accessCode
 * @returns {string}
 */
function galleryTokenKey(serverSecret, clientId, accessCode) {
  return serverSecret + ":" + clientId + ":" + accessCode;
}

/**
 * The gallery's session cookie: over HTTPS a `__Host-` cookie (Secure, Path=/, no Domain), which no sibling
 * subdomain can plant; over plain HTTP (development) the plain name (lib/core/gallery_session.js, cookiePlace).
 * @param {string} clientId
 * @param {boolean} [secure]
 * @returns {string}
 */
function galleryCookieName(clientId, secure) {
  return (secure ? "__Host-" : "") + "sg_gallery_" + clientId;
}

/** A page of a gallery's images: this many unless the visitor's page asks for another size, at most PAGE_SIZE_MAX. */
const PAGE_SIZE_DEFAULT = 12;
const PAGE_SIZE_MAX = 200;

/**
 * A page of a list from the query's `page` and `limit` (12 a page unless asked, at most 200).
 * @param {string | number | undefined} pageParam
 * @param {string | number | undefined} limitParam
 * @returns {{ page: number, limit: number, offset: number }}
 */
function parsePaging(pageParam, limitParam) {
  let page = parseInt(String(pageParam), 10);
  let limit = parseInt(String(limitParam), 10);
  if (!(page >= 1)) page = 1;
  if (!(limit >= 1)) limit = PAGE_SIZE_DEFAULT;
  if (limit > PAGE_SIZE_MAX) limit = PAGE_SIZE_MAX;
  return { page, limit, offset: (page - 1) * limit };
}

/**
 * The image fields a visitor sees.
 * @param {{ id: string, originalName: string, filename: string, fileSize: number, mimeType: string, width: number, height: number, uploadedAt: string, thumbnail?: string, preview?: string }} image
 */
function publicImage(image) {
  return {
    id: image.id,
    originalName: image.originalName,
    filename: image.filename,
    fileSize: image.fileSize,
    mimeType: image.mimeType,
    width: image.width,
    height: image.height,
    uploadedAt: image.uploadedAt,
    hasThumbnail: !!image.thumbnail,
    hasPreview: !!image.preview,
  };
}

module.exports = {
  ACCESS_URL_ALPHABET,
  ACCESS_URL_LENGTH,
  ACCESS_CODE_ALPHABET,
  ACCESS_CODE_LENGTH,
  RESERVED_ACCESS_URLS,
  GUARD,
  GALLERY_SESSION_SECONDS,
  PAGE_SIZE_DEFAULT,
  EVENT_TYPES,
  DEFAULT_EVENT_TYPE,
  DEFAULT_PRIMARY_COLOR,
  parsePbDate,
  pbDateAt,
  galleryState,
  waitAfterFailures,
  addressBeforeAttempt,
  addressRefund,
  addressMaterial,
  networkMaterial,
  galleryTokenKey,
  galleryCookieName,
  canonicalAddress,
  isValidAccessUrl,
  normalizeAccessCode,
  parsePaging,
  publicImage,
};
