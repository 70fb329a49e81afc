/**
 * Pure gallery rules shared by the hooks: no PocketBase globals, so Node unit tests can require this file.
 * The hooks pass in the current time and the records' plain values.
 */

/** Generated access URLs: 10 lowercase alphanumerics (specification, section 9). */
const ACCESS_URL_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const ACCESS_URL_LENGTH = 10;
/** Generated access codes: 6 uppercase alphanumerics. */
const ACCESS_CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const ACCESS_CODE_LENGTH = 6;
/** Path segments of /api/gallery/* that are routes, so never a gallery's accessUrl. */
const RESERVED_ACCESS_URLS = ["access", "image"];
const ACCESS_URL_PATTERN = /^[a-z0-9-]{1,64}$/;

/** Wrong codes a gallery accepts per window before it refuses every attempt until the window ends. */
const MAX_FAILURES_PER_WINDOW = 10;
const FAILURE_WINDOW_MS = 60 * 60 * 1000;
/** How long an unlocked gallery stays unlocked in the visitor's browser. */
const GALLERY_SESSION_SECONDS = 7 * 24 * 3600;
const PAGE_SIZE_DEFAULT = 12;
const PAGE_SIZE_MAX = 200;
const EVENT_TYPES = ["Wedding", "Portrait", "Family", "Commercial", "Event"];
const DEFAULT_EVENT_TYPE = "Wedding";

const TEXTS = {
  notFound: "Gallery not found",
  expired: "This gallery has expired",
  invalidCode: "The access code provided is invalid or expired.",
  locked: "Too many wrong access codes for this gallery. Please try again later.",
  unauthorized: "Please enter your access code to view this private gallery",
  imageNotFound: "Image not found",
};

/** PocketBase dates read as "2026-01-02 03:04:05.000Z"; an empty string means no date. */
function parsePbDate(value) {
  if (!value) return null;
  const ms = Date.parse(String(value).replace(" ", "T"));
  return Number.isNaN(ms) ? null : ms;
}

/**
 * What a visitor may get of a gallery: "missing" (unknown or disabled: the same answer, so that a disabled
 * gallery cannot be told from one that never existed), "expired" (expiry earlier than now), or "open".
 */
function galleryState(client, nowMs) {
  if (!client || !client.enabled) return "missing";
  const expiresAt = parsePbDate(client.expirationDate);
  if (expiresAt !== null && expiresAt < nowMs) return "expired";
  return "open";
}

/**
 * The attempt counter after one more attempt. Returns whether the attempt may be checked at all
 * (`allowed`) and the counter to store. A window starts at the first failure and lasts an hour.
 */
function attemptWindow(counter, nowMs) {
  const start = counter ? parsePbDate(counter.windowStart) : null;
  if (start === null || nowMs - start >= FAILURE_WINDOW_MS) {
    return { allowed: true, windowStart: nowMs, failures: 0 };
  }
  const failures = counter.failures || 0;
  return { allowed: failures < MAX_FAILURES_PER_WINDOW, windowStart: start, failures };
}

/** The signing key of a gallery's session token: changing the access code changes it and so revokes every session. */
function galleryTokenKey(serverSecret, clientId, accessCode) {
  return serverSecret + ":" + clientId + ":" + accessCode;
}

function galleryCookieName(clientId) {
  return "sg_gallery_" + clientId;
}

function isValidAccessUrl(value) {
  return ACCESS_URL_PATTERN.test(value) && RESERVED_ACCESS_URLS.indexOf(value) === -1;
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
  MAX_FAILURES_PER_WINDOW,
  FAILURE_WINDOW_MS,
  GALLERY_SESSION_SECONDS,
  PAGE_SIZE_DEFAULT,
  EVENT_TYPES,
  DEFAULT_EVENT_TYPE,
  TEXTS,
  parsePbDate,
  galleryState,
  attemptWindow,
  galleryTokenKey,
  galleryCookieName,
  isValidAccessUrl,
  parsePaging,
  publicImage,
};
