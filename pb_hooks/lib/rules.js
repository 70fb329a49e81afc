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
  isValidAccessUrl,
  normalizeAccessCode,
} = contract;

/** Wrong codes a gallery accepts per window before it refuses every attempt until the window ends. */
const MAX_FAILURES_PER_WINDOW = 10;
const FAILURE_WINDOW_MS = 60 * 60 * 1000;
/** How long an unlocked gallery stays unlocked in the visitor's browser. */
const GALLERY_SESSION_SECONDS = 7 * 24 * 3600;
const PAGE_SIZE_DEFAULT = 12;
const PAGE_SIZE_MAX = 200;

const TEXTS = {
  notFound: "Gallery not found",
  expired: "This gallery has expired",
  invalidCode: "The access code provided is invalid or expired.",
  locked: "Too many wrong access codes for this gallery. Please try again later.",
  unauthorized: "Please enter your access code to view this private gallery",
  imageNotFound: "Image not found",
  codeTaken: "Another client already has this access code. Choose another one or generate a new code.",
};

/**
 * What a visitor may get of a gallery: "missing" (unknown or disabled: the same answer, so that a disabled
 * gallery cannot be told from one that never existed), "expired" (expiry earlier than now), or "open".
 */
function galleryState(client, nowMs) {
  const status = contract.galleryStatus(client, nowMs);
  return status === "Dormant" ? "missing" : status === "Expired" ? "expired" : "open";
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
  DEFAULT_PRIMARY_COLOR,
  TEXTS,
  parsePbDate,
  galleryState,
  attemptWindow,
  galleryTokenKey,
  galleryCookieName,
  isValidAccessUrl,
  normalizeAccessCode,
  parsePaging,
  publicImage,
};
