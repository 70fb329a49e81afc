/**
 * What a clip's first bytes say it is (issue 38), judged before anything stores it; the server never decodes a
 * video. A clip is accepted when its bytes open as one of the containers the app takes:
 * - ISO-BMFF (MP4, MOV, M4V): the first box is `ftyp` and its major brand, or failing that one of its compatible
 *   brands, is a video brand of MP4 (isom, iso2-9, mp41, mp42, avc1, dash, camera makers' own), QuickTime (`qt  `)
 *   or M4V; an image in the same boxes (HEIC's heic/mif1, AVIF's avif) is not a clip;
 * - WebM: the EBML header (1A 45 DF A3) whose DocType is "webm".
 * Anything else is not a video, whatever its name or type says. Pure: unit-tested in Node.
 */

/** Bytes read from a file's start to judge it (an ftyp box or an EBML header fits well within). */
const VIDEO_HEAD_BYTES = 4096;

/** Major or compatible brands of ISO-BMFF video, by the format they make the file. */
const BRANDS = {
  "qt  ": "mov",
  "M4V ": "m4v",
  M4VH: "m4v",
  M4VP: "m4v",
  isom: "mp4",
  iso2: "mp4",
  iso3: "mp4",
  iso4: "mp4",
  iso5: "mp4",
  iso6: "mp4",
  iso7: "mp4",
  iso8: "mp4",
  iso9: "mp4",
  mp41: "mp4",
  mp42: "mp4",
  mp71: "mp4",
  avc1: "mp4",
  dash: "mp4",
  mmp4: "mp4",
  MSNV: "mp4",
  XAVC: "mp4",
  CAEP: "mp4",
};
/** Brands of still images in ISO-BMFF: a file whose major brand is one of these is not a clip. */
const IMAGE_BRANDS = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis", "jpeg", "avci"];

/** Each format's extension and type (the types the images collection's video fields take). */
const FORMATS = {
  mp4: { extension: ".mp4", mimeType: "video/mp4" },
  mov: { extension: ".mov", mimeType: "video/quicktime" },
  m4v: { extension: ".m4v", mimeType: "video/x-m4v" },
  webm: { extension: ".webm", mimeType: "video/webm" },
};

/*
 * The readers below take the file's bytes (`b`) untyped, as lib/rules/image_guard.js's do: every index they read is
 * checked against `b.length` first, which the checker cannot see.
 */

/** @param {number} start @param {number} length */
function ascii(b, start, length) {
  let s = "";
  for (let i = start; i < start + length && i < b.length; i++) s += String.fromCharCode(b[i]);
  return s;
}

/** @param {number} i */
function u32be(b, i) {
  return ((b[i] << 24) >>> 0) + (b[i + 1] << 16) + (b[i + 2] << 8) + b[i + 3];
}

/** The format of an ISO-BMFF file from its ftyp box, or null. */
function isoFormat(b) {
  if (b.length < 16 || ascii(b, 4, 4) !== "ftyp") return null;
  const boxSize = u32be(b, 0);
  if (boxSize < 16) return null;
  const major = ascii(b, 8, 4);
  if (IMAGE_BRANDS.indexOf(major) >= 0) return null;
  const known = /** @type {Record<string, string>} */ (BRANDS);
  if (known[major]) return known[major];
  const end = Math.min(boxSize, b.length);
  for (let i = 16; i + 4 <= end; i += 4) {
    const brand = ascii(b, i, 4);
    if (known[brand]) return known[brand];
  }
  return null;
}

/** An EBML variable-length integer at `i`: its length in bytes and value, or null. @param {number} i */
function vint(b, i) {
  if (i >= b.length) return null;
  const first = b[i];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || i + length > b.length) return null;
  let value = first & (0xff >> length);
  for (let k = 1; k < length; k++) value = value * 256 + b[i + k];
  return { length, value };
}

/** "webm" when the file opens with an EBML header whose DocType is webm, else null. */
function webmFormat(b) {
  if (b.length < 8 || b[0] !== 0x1a || b[1] !== 0x45 || b[2] !== 0xdf || b[3] !== 0xa3) return null;
  const header = vint(b, 4);
  if (!header) return null;
  const end = Math.min(b.length, 4 + header.length + header.value);
  let i = 4 + header.length;
  while (i + 2 < end) {
    // Element ids of the EBML header are two bytes (0x42xx), bar CRC-32 (0xBF) and Void (0xEC).
    const idLength = b[i] === 0xbf || b[i] === 0xec ? 1 : 2;
    const id = idLength === 1 ? b[i] : b[i] * 256 + b[i + 1];
    const size = vint(b, i + idLength);
    if (!size) return null;
    const data = i + idLength + size.length;
    if (id === 0x4282) return ascii(b, data, size.value) === "webm" ? "webm" : null;
    i = data + size.value;
  }
  return null;
}

/**
 * Judges a file from its first bytes (VIDEO_HEAD_BYTES are enough).
 * @param {ArrayLike<number>} bytes
 * @returns {{ ok: true, format: string, extension: string, mimeType: string } | { ok: false, code: "validation_not_a_video" }}
 */
function sniffVideo(bytes) {
  const format = isoFormat(bytes) || webmFormat(bytes);
  if (!format) return { ok: false, code: "validation_not_a_video" };
  const f = /** @type {Record<string, { extension: string, mimeType: string }>} */ (FORMATS)[format] || FORMATS.mp4;
  return { ok: true, format, extension: f.extension, mimeType: f.mimeType };
}

/** Whether a type names a clip (video/...). @param {unknown} type */
function isVideoType(type) {
  return typeof type === "string" && type.indexOf("video/") === 0;
}

module.exports = { VIDEO_HEAD_BYTES, FORMATS, sniffVideo, isVideoType };
