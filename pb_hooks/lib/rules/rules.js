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

/** The wait after an address's n-th failure in a row. */
function waitAfterFailures(n) {
  if (n < GUARD.FREE_FAILURES) return 0;
  return Math.min(GUARD.MAX_WAIT_MS, GUARD.BASE_WAIT_MS * Math.pow(2, n - GUARD.FREE_FAILURES));
}

/**
 * Before an attempt from an address: refused while it must wait; otherwise the attempt is counted as a
 * failure up front (`next`, to store in the same transaction) and refunded when the code is right.
 */
function addressBeforeAttempt(guard, nowMs) {
  if (guard && guard.nextAt > nowMs) return { allowed: false, retryAfterMs: guard.nextAt - nowMs };
  const remembered = guard && nowMs - guard.lastAt < GUARD.FORGET_AFTER_MS ? guard.failures : 0;
  const failures = remembered + 1;
  return { allowed: true, next: { failures, nextAt: nowMs + waitAfterFailures(failures), lastAt: nowMs } };
}

/** After a right code: the attempt was no failure, and the address may go on at once. */
function addressRefund(guard, nowMs) {
  return { failures: Math.max(0, guard.failures - 1), nextAt: nowMs, lastAt: guard.lastAt };
}

/** The eight groups of an IPv6 address (as numbers), or null for an IPv4 one (mapped IPv4 included). */
function ipv6Groups(ip) {
  const value = String(ip || "").trim().toLowerCase();
  if (value.indexOf(":") === -1 || /^::ffff:\d+\.\d+\.\d+\.\d+$/.test(value)) return null;
  const [head, tail = ""] = value.split("::");
  const headParts = head ? head.split(":") : [];
  const tailParts = value.indexOf("::") === -1 ? [] : tail ? tail.split(":") : [];
  const missing = 8 - headParts.length - tailParts.length;
  return headParts.concat(new Array(Math.max(0, missing)).fill("0"), tailParts).map((g) => parseInt(g || "0", 16));
}

/** The part of an address that identifies one subscriber: an IPv4 address, or the /64 of an IPv6 one. */
function addressMaterial(ip) {
  const value = String(ip || "").trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(value);
  if (mapped) return mapped[1];
  const groups = ipv6Groups(value);
  if (!groups) return value;
  return groups.slice(0, 4).map((g) => g.toString(16)).join(":") + "::/64";
}

/**
 * The routed network an IPv6 address belongs to, its /48 (65,536 /64s, what one site or customer is
 * routed), or null for IPv4: the link's per-network friction (docs/SECURITY.md, "One routed IPv6 /48").
 */
function networkMaterial(ip) {
  const groups = ipv6Groups(ip);
  return groups ? groups.slice(0, 3).map((g) => g.toString(16)).join(":") + "::/48" : null;
}

/** How long an unlocked gallery stays unlocked in the visitor's browser. */
const GALLERY_SESSION_SECONDS = 7 * 24 * 3600;
const PAGE_SIZE_DEFAULT = 12;
const PAGE_SIZE_MAX = 200;

/**
 * What a visitor may get of a gallery: "missing" (unknown or disabled: the same answer, so that a disabled
 * gallery cannot be told from one that never existed), "expired" (expiry earlier than now), or "open".
 */
function galleryState(client, nowMs) {
  const status = contract.galleryStatus(client, nowMs);
  return status === "Dormant" ? "missing" : status === "Expired" ? "expired" : "open";
}

/** The signing key of a gallery's session token: changing the access code changes it and so revokes every session. */
function galleryTokenKey(serverSecret, clientId, accessCode) {
  return serverSecret + ":" + clientId + ":" + accessCode;
}

function galleryCookieName(clientId) {
  return "sg_gallery_" + clientId;
}

function parsePaging(pageParam, limitParam) {
  let page = parseInt(pageParam, 10);
  let limit = parseInt(limitParam, 10);
  if (!(page >= 1)) page = 1;
  if (!(limit >= 1)) limit = PAGE_SIZE_DEFAULT;
  if (limit > PAGE_SIZE_MAX) limit = PAGE_SIZE_MAX;
  return { page, limit, offset: (page - 1) * limit };
}

/** The image fields a visitor sees. */
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
  isValidAccessUrl,
  normalizeAccessCode,
  parsePaging,
  publicImage,
};
