/**
 * The rules of resumable uploads (issue 38; lib/core/uploads.js does the files): which file fields take one, how
 * a file is cut into parts, what a part's name on disk says, what is still missing, when an upload is abandoned.
 * Pure: unit-tested in Node.
 *
 * A part is stored as `<n>.<sha256>` only once its size and checksum were checked (it is written as `<n>.tmp`
 * first), so the folder's listing is the upload's state: parallel parts never write a shared file.
 */

/** The file fields of images that take an upload in parts. */
const UPLOAD_FIELDS = ["original", "webVideo"];
/** The part size the app sends (src/sync/uploadParts.ts PART_SIZE), and the range a client may ask for. */
const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
const MIN_PART_SIZE = 1024 * 1024;
const MAX_PART_SIZE = 16 * 1024 * 1024;
/** An upload nobody touched for this long is removed (lib/core/uploads.js removeAbandoned). */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
/** The longest name kept, as file_names.js keeps a file's. */
const MAX_NAME = 200;

/** @param {unknown} v */
const isWhole = (v) => typeof v === "number" && Number.isInteger(v) && v >= 0;

/**
 * The start of an upload as the client asked it, checked and made plain; a refusal code when it is not valid.
 * `size` > 0, `field` one of UPLOAD_FIELDS, `partSize` within MIN..MAX_PART_SIZE (the default when absent).
 * @param {any} body
 * @returns {{ ok: true, record: string, field: string, size: number, name: string, type: string, partSize: number } | { ok: false, code: string }}
 */
function readStart(body) {
  const b = body || {};
  if (typeof b.record !== "string" || !/^[a-z0-9]{1,40}$/.test(b.record)) return { ok: false, code: "image_not_found" };
  if (UPLOAD_FIELDS.indexOf(b.field) < 0) return { ok: false, code: "upload_field" };
  if (!isWhole(b.size) || b.size < 1 || typeof b.name !== "string" || !b.name.trim() || typeof b.type !== "string") return { ok: false, code: "upload_invalid" };
  const partSize = b.partSize === undefined || b.partSize === null ? DEFAULT_PART_SIZE : b.partSize;
  if (!isWhole(partSize) || partSize < MIN_PART_SIZE || partSize > MAX_PART_SIZE) return { ok: false, code: "upload_invalid" };
  return { ok: true, record: b.record, field: b.field, size: b.size, name: b.name.slice(0, MAX_NAME), type: b.type.toLowerCase(), partSize };
}

/** What names an upload: the same record, field, size and name is the same upload (resumed after a reload). */
function uploadKey(record, field, size, name) {
  return [record, field, String(size), name].join("\n");
}

/** How many parts a file of `size` has. @param {number} size @param {number} partSize */
function partCount(size, partSize) {
  return Math.ceil(size / partSize);
}

/** The size part `n` (from 0) must have, or -1 when there is no such part. @param {number} size @param {number} partSize @param {number} n */
function expectedPartSize(size, partSize, n) {
  const count = partCount(size, partSize);
  if (!Number.isInteger(n) || n < 0 || n >= count) return -1;
  return n < count - 1 ? partSize : size - partSize * (count - 1);
}

/** A part number from the path ("0", "12"), or -1. @param {unknown} text */
function partNumber(text) {
  return typeof text === "string" && /^(0|[1-9][0-9]{0,6})$/.test(text) ? Number(text) : -1;
}

/** A SHA-256 in hex as a client sends it (lower case), or "". @param {unknown} text */
function sha256Hex(text) {
  const t = typeof text === "string" ? text.trim().toLowerCase() : "";
  return /^[0-9a-f]{64}$/.test(t) ? t : "";
}

/** The stored name of a checked part. @param {number} n @param {string} sha256 */
function partFileName(n, sha256) {
  return n + "." + sha256;
}

/**
 * The checked parts from a folder's listing (names and sizes, -1 for a folder), by number; other entries are ignored.
 * @param {Array<{ name: string, size: number }>} entries
 * @returns {Array<{ n: number, size: number, sha256: string }>}
 */
function partsFromListing(entries) {
  /** @type {Array<{ n: number, size: number, sha256: string }>} */
  const parts = [];
  for (const e of entries) {
    const m = /^(0|[1-9][0-9]{0,6})\.([0-9a-f]{64})$/.exec(e.name);
    if (m && e.size >= 0) parts.push({ n: Number(m[1]), size: e.size, sha256: String(m[2]) });
  }
  return parts.sort((a, b) => a.n - b.n);
}

/**
 * Whether the parts make the whole file: each part of 0..count-1 once at its size, and the sizes add up.
 * @param {number} size @param {number} partSize @param {Array<{ n: number, size: number }>} parts
 * @returns {{ ok: true } | { ok: false, missing: number[] }}
 */
function wholeFile(size, partSize, parts) {
  const count = partCount(size, partSize);
  /** @type {Record<number, number>} */
  const have = {};
  for (const p of parts) if (p.size === expectedPartSize(size, partSize, p.n)) have[p.n] = p.size;
  const missing = [];
  let total = 0;
  for (let n = 0; n < count; n++) {
    const got = have[n];
    if (got === undefined) missing.push(n);
    else total += got;
  }
  return missing.length === 0 && total === size ? { ok: true } : { ok: false, missing };
}

/** Whether an upload last touched at `touchedMs` is abandoned at `nowMs`. */
function isAbandoned(touchedMs, nowMs) {
  return nowMs - touchedMs > ABANDONED_AFTER_MS;
}

/**
 * Where a join goes on (the first part not yet in the joined file) from the joined file's size: a join cut by a
 * crash may have copied part of a part, which is copied again whole. The part count when the file is whole.
 * @param {number} joinedSize @param {number} size @param {number} partSize
 */
function joinResumesAt(joinedSize, size, partSize) {
  if (joinedSize === size) return partCount(size, partSize);
  return Math.min(Math.floor(Math.max(0, joinedSize) / partSize), partCount(size, partSize) - 1);
}

/**
 * Whether a completed upload's marker (`done.json`) is one to answer by: the record, the field and the stored file's name.
 * @param {any} done
 */
function isCompletedMarker(done) {
  return !!done && typeof done.record === "string" && UPLOAD_FIELDS.indexOf(done.field) >= 0 && typeof done.file === "string" && done.file !== "";
}

/** The stored file's name: the client's name, its characters kept to a safe set (as a multipart upload's would be). @param {string} name */
function storedName(name) {
  const base = String(name).split(/[\\/]/).pop() || "";
  const clean = base.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^[._]+/, "").slice(-100);
  return clean || "file";
}

module.exports = {
  UPLOAD_FIELDS,
  DEFAULT_PART_SIZE,
  MIN_PART_SIZE,
  MAX_PART_SIZE,
  ABANDONED_AFTER_MS,
  readStart,
  uploadKey,
  partCount,
  expectedPartSize,
  partNumber,
  sha256Hex,
  partFileName,
  partsFromListing,
  wholeFile,
  isAbandoned,
  storedName,
  joinResumesAt,
  isCompletedMarker,
};
