/**
 * The rules of direct uploads (issue 39; lib/core/direct_uploads.js talks to the bucket): with object storage,
 * the owner's device sends a file straight to the bucket under a key the server chose, in one presigned PUT or
 * in the parts of an S3 multipart upload, each part's Content-MD5 signed into its URL so the bucket refuses
 * altered bytes. Here: which fields take a direct upload, how a start is read, the stored name (PocketBase's
 * layout), how a file is cut into parts, the upload's signed ticket, the bucket's XML answers, and what is
 * abandoned. Pure: unit-tested in Node.
 *
 * The ticket (the upload's id on the wire) carries what the server decided at the start, signed with a key
 * only the server holds (HMAC-SHA256): the complete trusts nothing else the device sends but the parts' ETags,
 * and it checks the object itself in the bucket before the record takes the file.
 */

/** The file fields of images a device may send straight to the bucket. */
const DIRECT_FIELDS = ["original", "webVideo", "thumbnail", "preview", "medium", "large", "jpeg"];
/** A file up to this size goes in one presigned PUT; larger ones in parts. */
const SINGLE_MAX = 16 * 1024 * 1024;
/** The part size of a multipart upload: S3 takes parts of 5 MB at least (the last may be smaller), 10,000 at most. */
const PART_SIZE = 8 * 1024 * 1024;
const MIN_PART_SIZE = 5 * 1024 * 1024;
const MAX_PARTS = 10000;
/** How long a presigned URL lasts: a part of 8 MB goes in seconds; a slow link asks for fresh URLs (the urls route). */
const URL_SECONDS = 15 * 60;
/** How long a ticket can be completed or resumed: an upload nobody finishes in a day is cleaned up anyway. */
const TICKET_MS = 24 * 60 * 60 * 1000;
/** A multipart upload or an unreferenced object older than this is abandoned (the hourly cleanup). */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
/** The longest name kept from the device's. */
const MAX_NAME = 200;

/** @param {unknown} v */
const isWhole = (v) => typeof v === "number" && Number.isInteger(v) && v >= 0;

/** A Content-MD5 as S3 takes it: the base64 of 16 bytes. @param {unknown} text */
function contentMd5(text) {
  return typeof text === "string" && /^[A-Za-z0-9+/]{22}==$/.test(text) ? text : "";
}

/**
 * A start as the device asked it, checked and made plain; a refusal code when it is not valid.
 * `md5` (the whole file's Content-MD5) is needed for a single PUT only.
 * @param {any} body
 * @returns {{ ok: true, collection: string, record: string, field: string, size: number, name: string, type: string, md5: string } | { ok: false, code: string }}
 */
function readStart(body) {
  const b = body || {};
  const collection = b.collection === undefined ? "images" : b.collection;
  if (collection !== "images") return { ok: false, code: "upload_field" };
  if (typeof b.record !== "string" || !/^[a-z0-9]{1,40}$/.test(b.record)) return { ok: false, code: "image_not_found" };
  if (DIRECT_FIELDS.indexOf(b.field) < 0) return { ok: false, code: "upload_field" };
  if (!isWhole(b.size) || b.size < 1 || typeof b.name !== "string" || !b.name.trim() || typeof b.type !== "string" || !b.type) return { ok: false, code: "upload_invalid" };
  const md5 = contentMd5(b.md5);
  if (b.size <= SINGLE_MAX && !md5) return { ok: false, code: "upload_invalid" };
  if (b.size > PART_SIZE * MAX_PARTS) return { ok: false, code: "upload_invalid" };
  return { ok: true, collection, record: b.record, field: b.field, size: b.size, name: b.name.slice(0, MAX_NAME), type: b.type.trim().toLowerCase(), md5 };
}

/** Whether a file of `size` goes in parts. @param {number} size */
function inParts(size) {
  return size > SINGLE_MAX;
}

/** How many parts a file of `size` has. @param {number} size */
function partCount(size) {
  return Math.ceil(size / PART_SIZE);
}

/** The size of part `n` (S3 numbers parts from 1), or -1 when there is no such part. @param {number} size @param {number} n */
function partSize(size, n) {
  const count = partCount(size);
  if (!Number.isInteger(n) || n < 1 || n > count) return -1;
  return n < count ? PART_SIZE : size - PART_SIZE * (count - 1);
}

/**
 * The parts the device asks URLs for: `[{ n, md5 }]`, each a part of the file with its Content-MD5; null when any is not.
 * @param {unknown} parts @param {number} size
 * @returns {Array<{ n: number, md5: string }> | null}
 */
function readParts(parts, size) {
  if (!Array.isArray(parts) || parts.length < 1 || parts.length > 100) return null;
  /** @type {Array<{ n: number, md5: string }>} */
  const out = [];
  for (const p of parts) {
    const md5 = contentMd5(p && p.md5);
    if (!p || partSize(size, p.n) < 0 || !md5) return null;
    out.push({ n: p.n, md5 });
  }
  return out;
}

/**
 * The parts a complete names: `[{ n, etag }]`, every part of the file once, in order; null otherwise.
 * @param {unknown} parts @param {number} size
 * @returns {Array<{ n: number, etag: string }> | null}
 */
function readCompleteParts(parts, size) {
  const count = partCount(size);
  if (!Array.isArray(parts) || parts.length !== count) return null;
  /** @type {Array<{ n: number, etag: string }>} */
  const out = [];
  for (let i = 0; i < count; i++) {
    const p = parts[i];
    const etag = p && typeof p.etag === "string" ? p.etag.replace(/"/g, "") : "";
    if (!p || p.n !== i + 1 || !/^[A-Za-z0-9-]{1,80}$/.test(etag)) return null;
    out.push({ n: p.n, etag });
  }
  return out;
}

/**
 * Parts the device reports sent: `[{ n, etag }]` with the size each must have; anything else is left out.
 * @param {unknown} sent @param {number} size
 * @returns {Array<{ n: number, etag: string, size: number }>}
 */
function readSent(sent, size) {
  if (!Array.isArray(sent)) return [];
  /** @type {Array<{ n: number, etag: string, size: number }>} */
  const out = [];
  for (const p of sent.slice(0, 100)) {
    const etag = p && typeof p.etag === "string" ? p.etag.replace(/"/g, "") : "";
    const bytes = p ? partSize(size, p.n) : -1;
    if (bytes > 0 && /^[A-Za-z0-9-]{1,80}$/.test(etag)) out.push({ n: p.n, etag, size: bytes });
  }
  return out;
}

/** The extension a type is stored under; "" for a type we do not store. */
const EXTENSIONS = {
  "image/jpeg": ".jpg",
  "image/png": ".png",
  "image/gif": ".gif",
  "image/webp": ".webp",
  "image/bmp": ".bmp",
  "image/tiff": ".tif",
  "image/avif": ".avif",
  "image/heic": ".heic",
  "image/heif": ".heic",
  "video/mp4": ".mp4",
  "video/quicktime": ".mov",
  "video/x-m4v": ".m4v",
  "video/webm": ".webm",
};

/** @param {string} type */
function extensionOf(type) {
  return /** @type {Record<string, string>} */ (EXTENSIONS)[type] || "";
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/**
 * The stored name, as PocketBase names an upload (`<snake_base>_<10 random>.<ext>`), the random part taken
 * from `seedHex` (a hash of the upload), so the same file started again gets the same key and finds its parts.
 * The extension is the announced type's: the complete refuses bytes of another type.
 * @param {string} name @param {string} type @param {string} seedHex
 */
function storedName(name, type, seedHex) {
  const base = String(name).split(/[\\/]/).pop() || "";
  const dot = base.lastIndexOf(".");
  const stem = (dot > 0 ? base.slice(0, dot) : base)
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase()
    .slice(0, 100);
  let suffix = "";
  for (let i = 0; i < 10; i++) suffix += ALPHABET.charAt(parseInt(seedHex.slice(i * 2, i * 2 + 2) || "0", 16) % ALPHABET.length);
  return (stem || "file") + "_" + suffix + extensionOf(type);
}

/** What names an upload: the same record, field, size, type and name is the same upload (resumed after a reload). */
function uploadSeed(record, field, size, type, name) {
  return ["direct", record, field, String(size), type, name].join("\n");
}

/** base64url of a UTF-8 string, and back (Node, browsers and PocketBase's VM have no common Buffer). */
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** @param {string} text */
function toBase64Url(text) {
  const bytes = unescape(encodeURIComponent(text));
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes.charCodeAt(i) << 16) | ((bytes.charCodeAt(i + 1) || 0) << 8) | (bytes.charCodeAt(i + 2) || 0);
    const chars = [(n >> 18) & 63, (n >> 12) & 63, (n >> 6) & 63, n & 63].map((c) => B64.charAt(c));
    out += chars.slice(0, i + 2 >= bytes.length ? (i + 1 >= bytes.length ? 2 : 3) : 4).join("");
  }
  return out;
}
/** @param {string} text */
function fromBase64Url(text) {
  let bytes = "";
  for (let i = 0; i < text.length; i += 4) {
    const at = (/** @type {number} */ k) => (i + k < text.length ? B64.indexOf(text.charAt(i + k)) : -1);
    const c0 = at(0);
    const c1 = at(1);
    const c2 = at(2);
    const c3 = at(3);
    if (c0 < 0 || c1 < 0) throw new Error("bad ticket");
    const n = (c0 << 18) | (c1 << 12) | (Math.max(0, c2) << 6) | Math.max(0, c3);
    bytes += String.fromCharCode((n >> 16) & 255);
    if (c2 >= 0) bytes += String.fromCharCode((n >> 8) & 255);
    if (c3 >= 0) bytes += String.fromCharCode(n & 255);
  }
  return decodeURIComponent(escape(bytes));
}

/**
 * The upload's ticket: what the start decided, signed. `hmac(text)` answers the hex HMAC-SHA256 with the server's key.
 * @param {{ owner: string, collection: string, record: string, field: string, key: string, name: string, size: number, type: string, uploadId: string, md5: string, expires: number }} t
 * @param {(text: string) => string} hmac
 */
function encodeTicket(t, hmac) {
  const body = toBase64Url(JSON.stringify(t));
  return body + "." + hmac(body);
}

/**
 * A ticket checked: its signature, its owner and its life; null when it is not one the server gave this owner.
 * @param {unknown} text @param {(text: string) => string} hmac @param {string} owner @param {number} nowMs
 */
function decodeTicket(text, hmac, owner, nowMs) {
  if (typeof text !== "string" || text.length > 4000) return null;
  const dot = text.lastIndexOf(".");
  if (dot < 1) return null;
  const body = text.slice(0, dot);
  if (!/^[A-Za-z0-9_-]+$/.test(body) || !sameText(hmac(body), text.slice(dot + 1))) return null;
  let t;
  try {
    t = JSON.parse(fromBase64Url(body));
  } catch (_) {
    return null;
  }
  if (!t || t.owner !== owner || typeof t.expires !== "number" || t.expires < nowMs) return null;
  return t;
}

/** Compares two strings in time that does not depend on where they differ. @param {string} a @param {string} b */
function sameText(a, b) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * How long before an unfinished upload counts as abandoned, from `S3_ABANDONED_HOURS` as the environment gives
 * it (0 and up; the tests use 0), a day otherwise. @param {unknown} hours @returns {number} ms
 */
function abandonedAfterMs(hours) {
  const text = String(hours === undefined || hours === null ? "" : hours).trim();
  const h = Number(text);
  return text !== "" && Number.isFinite(h) && h >= 0 ? h * 3600 * 1000 : ABANDONED_AFTER_MS;
}

/** Whether something begun at `startedMs` is abandoned at `nowMs` (`afterMs` old at least; a day by default). */
function isAbandoned(startedMs, nowMs, afterMs = ABANDONED_AFTER_MS) {
  return nowMs - startedMs > afterMs || (afterMs === 0 && nowMs >= startedMs);
}

/**
 * A key of the bucket as PocketBase lays out a record's files (`<collectionId>/<recordId>/<name>`), or null
 * for any other key (a thumbs folder, a backup, something not ours).
 * @param {string} key
 */
function splitKey(key) {
  const m = /^([a-z0-9_]{1,40})\/([a-z0-9]{1,40})\/([^/]+)$/.exec(String(key));
  return m ? { collectionId: m[1], recordId: m[2], name: m[3] } : null;
}

module.exports = {
  DIRECT_FIELDS,
  SINGLE_MAX,
  PART_SIZE,
  MIN_PART_SIZE,
  MAX_PARTS,
  URL_SECONDS,
  TICKET_MS,
  ABANDONED_AFTER_MS,
  contentMd5,
  readStart,
  inParts,
  partCount,
  partSize,
  readParts,
  readCompleteParts,
  readSent,
  extensionOf,
  storedName,
  uploadSeed,
  encodeTicket,
  decodeTicket,
  abandonedAfterMs,
  isAbandoned,
  splitKey,
};
