/**
 * The one contract between the app and the server: access codes, access URLs, the gallery-status rule and
 * defaults. Plain CommonJS with no PocketBase globals: the hooks `require` it, and the app imports it as an
 * ES module through the `hooksContract` Vite plugin (vite.config.ts); TypeScript reads its JSDoc types.
 */

/** Generated access codes: 6 uppercase alphanumerics (36^6 = 2.18e9 codes). */
const ACCESS_CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const ACCESS_CODE_LENGTH = 6;
const ACCESS_CODE_MAX_LENGTH = 64;

/** Generated access URLs: 10 lowercase alphanumerics. Owner-typed ones may also use dashes. */
const ACCESS_URL_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const ACCESS_URL_LENGTH = 10;
const ACCESS_URL_PATTERN_SOURCE = "^[a-z0-9-]{1,64}$";
/** First path segments of /api/gallery/* that are routes, so never a gallery's accessUrl. */
/** @type {readonly string[]} */
const RESERVED_ACCESS_URLS = ["access", "image", "studio"];

const EVENT_TYPES = /** @type {const} */ (["Wedding", "Portrait", "Family", "Commercial", "Event"]);
const DEFAULT_EVENT_TYPE = /** @type {const} */ ("Wedding");
const DEFAULT_PRIMARY_COLOR = "#6d28d9";
/**
 * How many images a visitor's first request for a gallery brings (`GET /api/gallery/{accessUrl}?first=N`,
 * which the page preloads): enough for the first rows of the grid on any screen.
 */
const FIRST_IMAGES = 100;

/**
 * The photo formats the app imports, with the MIME type each is served as and the extension it is stored
 * under (the server renames every upload to its bytes' extension, lib/rules/image_guard.js).
 * @typedef {"jpeg" | "png" | "gif" | "webp" | "bmp" | "tiff" | "avif" | "heic"} ImageFormat
 * @type {Readonly<Record<ImageFormat, { readonly mimeType: string, readonly extension: string }>>}
 */
const IMAGE_FORMATS = {
  jpeg: { mimeType: "image/jpeg", extension: ".jpg" },
  png: { mimeType: "image/png", extension: ".png" },
  gif: { mimeType: "image/gif", extension: ".gif" },
  webp: { mimeType: "image/webp", extension: ".webp" },
  bmp: { mimeType: "image/bmp", extension: ".bmp" },
  tiff: { mimeType: "image/tiff", extension: ".tif" },
  avif: { mimeType: "image/avif", extension: ".avif" },
  heic: { mimeType: "image/heic", extension: ".heic" },
};

/** Other extensions a format is known by (a name ending so keeps its extension when delivered). */
const EXTENSION_ALIASES = { ".jpeg": "jpeg", ".jpe": "jpeg", ".tiff": "tiff", ".heif": "heic" };

/**
 * The name a file is delivered under (issue 37): `name` when its extension is that of the format `mimeType`
 * says its bytes are (or another name of it: `.jpeg`, `.tiff`, `.heif`), else its stem with that format's
 * extension, so PNG bytes imported as `invoice.hta` go out as `invoice.png`. An unknown type changes nothing.
 * @param {string} name
 * @param {string | null | undefined} mimeType
 * @returns {string}
 */
function deliveredName(name, mimeType) {
  const text = String(name || "");
  const type = String(mimeType || "").trim().toLowerCase();
  const found = Object.entries(IMAGE_FORMATS).find(([k, f]) => f.mimeType === type || (k === "heic" && type === "image/heif"));
  if (!text || !found) return text;
  const dot = text.lastIndexOf(".");
  const own = dot > 0 ? text.slice(dot).toLowerCase() : "";
  if (own === found[1].extension || /** @type {Record<string, string>} */ (EXTENSION_ALIASES)[own] === found[0]) return text;
  return (dot > 0 ? text.slice(0, dot) : text) + found[1].extension;
}

/**
 * The form in which codes are compared, stored as the unique key and checked at the door: spaces and
 * dashes dropped, letters upper-cased. "ab-12 cd" and "AB12CD" are the same code.
 */
/** @param {string | null | undefined} value @returns {string} */
function normalizeAccessCode(value) {
  return String(value == null ? "" : value)
    .replace(/[\s-]+/g, "")
    .toUpperCase();
}

/**
 * "weak" when an owner-typed code is easier to guess than a generated one: shorter than 6 characters once
 * normalised, or digits only below 9 (dates and PINs are the first guesses). "empty" when there is none.
 * @param {string | null | undefined} value
 * @returns {"empty" | "weak" | "strong"}
 */
function accessCodeStrength(value) {
  const code = normalizeAccessCode(value);
  if (!code) return "empty";
  if (code.length < ACCESS_CODE_LENGTH) return "weak";
  if (/^[0-9]+$/.test(code) && code.length < 9) return "weak";
  return "strong";
}

/** Whether `value` may be a gallery's accessUrl: the pattern, and no route's name. @param {string} value */
function isValidAccessUrl(value) {
  return new RegExp(ACCESS_URL_PATTERN_SOURCE).test(String(value)) && RESERVED_ACCESS_URLS.indexOf(String(value)) === -1;
}

/**
 * PocketBase dates read as "2026-01-02 03:04:05.000Z"; ISO strings work too; blank or invalid gives null.
 * @param {string | null | undefined} value
 * @returns {number | null}
 */
function parsePbDate(value) {
  if (!value) return null;
  const ms = Date.parse(String(value).replace(" ", "T"));
  return Number.isNaN(ms) ? null : ms;
}

/**
 * An instant (milliseconds or a Date) in the form PocketBase stores and answers dates in: "2026-01-02 03:04:05.000Z".
 * @param {number | Date} instant
 */
function pbDateAt(instant) {
  return new Date(instant).toISOString().replace("T", " ");
}

/**
 * Specification, section 4: not enabled = Dormant; enabled with an expiry earlier than now = Expired;
 * otherwise Active. The server answers Dormant like an unknown gallery.
 * @typedef {"Dormant" | "Expired" | "Active"} GalleryStatus
 * @param {{ enabled: boolean, expirationDate?: string | null } | null} gallery
 * @param {number} nowMs
 * @returns {GalleryStatus}
 */
function galleryStatus(gallery, nowMs) {
  if (!gallery || !gallery.enabled) return "Dormant";
  const expiresAt = parsePbDate(gallery.expirationDate);
  if (expiresAt !== null && expiresAt < nowMs) return "Expired";
  return "Active";
}

/*
 * Expiry at the end of the chosen day in the studio's time zone (settings.timeZone, an IANA name). The
 * owner's app stores that instant in `expirationDate`; the server and the dashboard compare the instant
 * (galleryStatus), so both close the gallery at the same moment. These three need Intl, which the app
 * has and PocketBase's JS VM has not: the hooks never call them.
 */

/**
 * Milliseconds to add to UTC to get the wall-clock time in `timeZone` at instant `ms`.
 * @param {number} ms
 * @param {string} timeZone
 */
function zoneOffsetMs(ms, timeZone) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(ms));
  const get = (/** @type {Intl.DateTimeFormatPartTypes} */ type) => Number((parts.find((p) => p.type === type) || { value: "0" }).value);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second")) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a gallery set to expire on `day` ("YYYY-MM-DD") closes: the next midnight in `timeZone` (a day
 * not of that form is an invalid time: a RangeError).
 * @param {string} day
 * @param {string} timeZone
 */
function endOfDayInZone(day, timeZone) {
  const [y = NaN, m = NaN, d = NaN] = String(day).split("-").map(Number);
  const wallClock = Date.UTC(y, m - 1, d + 1);
  let instant = wallClock;
  for (let i = 0; i < 3; i++) instant = wallClock - zoneOffsetMs(instant, timeZone);
  return instant;
}

/**
 * The chosen day ("YYYY-MM-DD") of a stored expiry: the day of its last moment in `timeZone`; "" for none.
 * @param {string | null | undefined} value
 * @param {string} timeZone
 */
function expiryDay(value, timeZone) {
  const ms = parsePbDate(value);
  if (ms === null) return "";
  const last = ms - 1;
  return new Date(last + zoneOffsetMs(last, timeZone)).toISOString().slice(0, 10);
}

module.exports = {
  ACCESS_CODE_ALPHABET,
  ACCESS_CODE_LENGTH,
  ACCESS_CODE_MAX_LENGTH,
  ACCESS_URL_ALPHABET,
  ACCESS_URL_LENGTH,
  ACCESS_URL_PATTERN_SOURCE,
  RESERVED_ACCESS_URLS,
  EVENT_TYPES,
  DEFAULT_EVENT_TYPE,
  DEFAULT_PRIMARY_COLOR,
  FIRST_IMAGES,
  IMAGE_FORMATS,
  deliveredName,
  normalizeAccessCode,
  accessCodeStrength,
  isValidAccessUrl,
  parsePbDate,
  pbDateAt,
  galleryStatus,
  endOfDayInZone,
  expiryDay,
};
