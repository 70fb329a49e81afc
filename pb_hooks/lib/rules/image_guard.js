/**
 * What an uploaded image file really is, decided by its bytes alone (issue 10): the format from its magic
 * bytes and the pixel size from its header, read before anything decodes the file. The same rules as the
 * app's workers/image/sniff.ts. Plain CommonJS without PocketBase globals, unit-tested in Node; the
 * PocketBase side (reading the upload, renaming, answering 400) is in ./image_files.js.
 *
 * Invariants a change must keep:
 * - the name a file came with never decides anything: a GIF called `evil.js` is a GIF, stored as `.gif`;
 * - a file whose size cannot be read from its header is refused: nothing may decode a file of unknown size;
 * - every check reads HEADER_BYTES from the start, and through `readAt` only a JPEG's marker headers, a
 *   TIFF's first directory or at most MORE_HEADER_BYTES of an AVIF/HEIC: never the pixel data.
 */

/**
 * Bytes read from the start of a file. Every format's size is in its first bytes, except a JPEG's (after
 * its EXIF/ICC blocks: read marker by marker), a TIFF's (its first directory: read where it points) and
 * an AVIF/HEIC's whose `meta` box is large (read up to MORE_HEADER_BYTES). Kept small because PocketBase's
 * JS engine copies bytes one by one.
 */
const HEADER_BYTES = 64 * 1024;
const MORE_HEADER_BYTES = 512 * 1024;

/** At most 100 megapixels: a 100 MP RGBA decode is 400 MB, the most a studio camera makes is ~60 MP. */
const MAX_PIXELS = 100 * 1000 * 1000;

/** The formats the app imports, with the type served and the extension stored for each (the shared contract). */
const FORMATS = require("./contract.js").IMAGE_FORMATS;

/** The file fields of `images`, all of which hold images. */
const IMAGE_FILE_FIELDS = ["original", "thumbnail", "medium", "large", "preview", "jpeg"];

const { refusalMessage } = require("./refusals.js");

/**
 * @typedef {{ format: import("./contract.js").ImageFormat, mimeType: string, extension: string, width: number, height: number }} ImageHeader
 * @typedef {(offset: number, length: number) => ArrayLike<number> | ArrayBuffer} ReadAt more bytes of the file, from `offset`
 * @typedef {[width: number, height: number]} Size
 */

/**
 * Any byte container PocketBase or Node hands us, as a Uint8Array.
 * @param {ArrayLike<number> | ArrayBuffer | null | undefined} raw
 */
function asBytes(raw) {
  if (raw instanceof Uint8Array) return raw;
  if (raw instanceof ArrayBuffer) return new Uint8Array(raw);
  return Uint8Array.from(raw || []);
}

/*
 * The readers below take the file's bytes (`b`, a Uint8Array) untyped: every index they read is inside the
 * bytes their caller checked the length of, which the checker cannot see, so a typed `b[i]` would be
 * `number | undefined` at each read.
 */

/** @param {number} start @param {number} length */
function ascii(b, start, length) {
  let s = "";
  for (let i = start; i < start + length && i < b.length; i++) s += String.fromCharCode(b[i]);
  return s;
}

function u16be(b, i) {
  return (b[i] << 8) | b[i + 1];
}
function u32be(b, i) {
  return ((b[i] << 24) >>> 0) + ((b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]);
}
function u16le(b, i) {
  return b[i] | (b[i + 1] << 8);
}
function u32le(b, i) {
  return (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16)) + ((b[i + 3] << 24) >>> 0);
}

/**
 * The format by magic bytes, or null.
 * @returns {import("./contract.js").ImageFormat | null}
 */
function detectFormat(b) {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 8 && b[0] === 0x89 && ascii(b, 1, 3) === "PNG" && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return "png";
  if (b.length >= 6 && (ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a")) return "gif";
  if (b.length >= 12 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") return "webp";
  if (b.length >= 26 && ascii(b, 0, 2) === "BM") return "bmp";
  if (b.length >= 8 && ((ascii(b, 0, 2) === "II" && b[2] === 42 && b[3] === 0) || (ascii(b, 0, 2) === "MM" && b[2] === 0 && b[3] === 42))) return "tiff";
  if (b.length >= 12 && ascii(b, 4, 4) === "ftyp") {
    const brands = ascii(b, 8, Math.min(b.length - 8, 32));
    if (/avif|avis/.test(brands)) return "avif";
    if (/heic|heix|hevc|heim|heis|mif1/.test(brands)) return "heic";
  }
  return null;
}

/**
 * JPEG: the first start-of-frame marker (SOF0-SOF15 but DHT, JPG and DAC) holds height and width. Marker
 * headers past the bytes read so far (after a large EXIF or ICC block) come from `readAt`, 10 bytes each.
 * @param {ReadAt} [readAt]
 * @returns {Size | null}
 */
function jpegSize(b, readAt) {
  const at = (/** @type {number} */ i, /** @type {number} */ n) => (i + n <= b.length ? b.subarray(i, i + n) : readAt ? asBytes(readAt(i, n)) : b.subarray(i, i + n));
  let i = 2;
  for (let step = 0; step < 10000; step++) {
    const w = at(i, 10);
    if (w.length < 4 || w[0] !== 0xff) return null;
    const marker = w[1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return w.length >= 9 ? [u16be(w, 7), u16be(w, 5)] : null;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    i += 2 + u16be(w, 2);
  }
  return null;
}

/** PNG: the IHDR chunk, which must come first. @returns {Size | null} */
function pngSize(b) {
  if (b.length < 24 || ascii(b, 12, 4) !== "IHDR") return null;
  return [u32be(b, 16), u32be(b, 20)];
}

/** WebP: the VP8X canvas, or the VP8L / VP8 frame header. @returns {Size | null} */
function webpSize(b) {
  const chunk = ascii(b, 12, 4);
  const u24 = (/** @type {number} */ at) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
  if (chunk === "VP8X" && b.length >= 30) return [1 + u24(24), 1 + u24(27)];
  if (chunk === "VP8L" && b.length >= 25 && b[20] === 0x2f) {
    const bits = u32le(b, 21);
    return [1 + (bits & 0x3fff), 1 + ((bits >>> 14) & 0x3fff)];
  }
  if (chunk === "VP8 " && b.length >= 30 && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) return [u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff];
  return null;
}

/** GIF: the logical screen (frames outside it are refused by decoders). @returns {Size | null} */
function gifSize(b) {
  return b.length >= 10 ? [u16le(b, 6), u16le(b, 8)] : null;
}

/** BMP: the info header's width and height (a negative height is a top-down bitmap). @returns {Size} */
function bmpSize(b) {
  const i32 = (/** @type {number} */ at) => u32le(b, at) | 0;
  return [Math.abs(i32(18)), Math.abs(i32(22))];
}

/**
 * TIFF: ImageWidth (256) and ImageLength (257) of the first directory. Writers often put that directory
 * after the pixel data, so `readAt(offset, length)` fetches it when it is past the bytes read so far.
 * @param {ReadAt} [readAt]
 * @returns {Size | null}
 */
function tiffSize(b, readAt) {
  const little = b[0] === 0x49;
  const r16 = (/** @type {Uint8Array} */ x, /** @type {number} */ i) => (little ? u16le(x, i) : u16be(x, i));
  const r32 = (/** @type {Uint8Array} */ x, /** @type {number} */ i) => (little ? u32le(x, i) : u32be(x, i));
  const ifd = r32(b, 4);
  let dir = b;
  let base = 0;
  if (ifd + 2 > b.length) {
    if (!readAt) return null;
    dir = asBytes(readAt(ifd, 2 + 12 * 512));
    base = ifd;
  }
  const at0 = ifd - base;
  if (at0 + 2 > dir.length) return null;
  const count = r16(dir, at0);
  let width = 0;
  let height = 0;
  for (let k = 0; k < count; k++) {
    const at = at0 + 2 + k * 12;
    if (at + 12 > dir.length) break;
    const tag = r16(dir, at);
    const type = r16(dir, at + 2);
    const value = type === 3 ? r16(dir, at + 8) : r32(dir, at + 8);
    if (tag === 256) width = value;
    if (tag === 257) height = value;
  }
  return width && height ? [width, height] : null;
}

/**
 * AVIF / HEIC (ISO-BMFF): the largest `ispe` (image spatial extents) property; tiles and thumbnails are smaller.
 * @returns {Size | null}
 */
function ispeSize(b) {
  /** @type {Size | null} */
  let best = null;
  for (let i = 4; i + 16 <= b.length; i++) {
    if (b[i] === 0x69 && b[i + 1] === 0x73 && b[i + 2] === 0x70 && b[i + 3] === 0x65) {
      /** @type {Size} */
      const size = [u32be(b, i + 8), u32be(b, i + 12)];
      if (!best || size[0] * size[1] > best[0] * best[1]) best = size;
    }
  }
  return best;
}

/**
 * Reads format and pixel size from the first bytes of a file. Returns { format, mimeType, extension,
 * width, height }; width and height are 0 when the header does not say; null when it is not an image we know.
 * @param {ArrayLike<number> | ArrayBuffer} raw
 * @param {ReadAt} [readAt]
 * @returns {ImageHeader | null}
 */
function readImageHeader(raw, readAt) {
  const b = asBytes(raw);
  const format = detectFormat(b);
  if (!format) return null;
  /** @type {Size | null} */
  let size;
  try {
    if (format === "jpeg") size = jpegSize(b, readAt);
    else if (format === "png") size = pngSize(b);
    else if (format === "gif") size = gifSize(b);
    else if (format === "webp") size = webpSize(b);
    else if (format === "bmp") size = bmpSize(b);
    else if (format === "tiff") size = tiffSize(b, readAt);
    else size = ispeSize(b) || (readAt && b.length >= HEADER_BYTES ? ispeSize(asBytes(readAt(0, MORE_HEADER_BYTES))) : null);
  } catch (_) {
    size = null; // truncated header
  }
  return { format, mimeType: FORMATS[format].mimeType, extension: FORMATS[format].extension, width: size ? size[0] : 0, height: size ? size[1] : 0 };
}

/**
 * @typedef {{ ok: false, code: "validation_not_an_image" | "validation_image_size_unknown" | "validation_too_many_pixels", params: Record<string, number>, message: string }} Refused
 */

/** @param {Refused["code"]} code @param {Record<string, number>} [params] @returns {Refused} */
function refused(code, params = {}) {
  return { ok: false, code, params, message: refusalMessage(code, params) };
}

/**
 * The verdict on one uploaded file: { ok: true, header } or { ok: false, code, params, message } (a refusal of ./refusals.js).
 * @param {ArrayLike<number> | ArrayBuffer} raw
 * @param {ReadAt} [readAt]
 * @returns {{ ok: true, header: ImageHeader } | Refused}
 */
function checkImage(raw, readAt) {
  const header = readImageHeader(raw, readAt);
  if (!header) return refused("validation_not_an_image");
  if (!header.width || !header.height) return refused("validation_image_size_unknown");
  if (header.width * header.height > MAX_PIXELS) {
    return refused("validation_too_many_pixels", { width: header.width, height: header.height, megapixels: Math.round((header.width * header.height) / 1e5) / 10, limit: MAX_PIXELS / 1e6 });
  }
  return { ok: true, header };
}

const PNG_END = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]; // IEND, the end of every whole PNG
/**
 * Whether a PNG or a JPEG (any other format is not) is whole by its last bytes: a PNG ends with IEND, a JPEG
 * with its end-of-image marker FFD9 (maybe padded after). A header alone, or a file cut short, is not.
 * @param {string} format @param {ArrayLike<number> | ArrayBuffer} raw
 */
function endsWhole(format, raw) {
  const tail = asBytes(raw);
  if (format === "png") return tail.length >= 12 && PNG_END.every((byte, i) => tail[tail.length - 12 + i] === byte);
  return format === "jpeg" && tail.some((byte, i) => byte === 0xff && tail[i + 1] === 0xd9);
}

/** `name` with the extension of the format its bytes are (PocketBase keeps the uploaded name's extension). @param {string} name @param {string} extension */
function withExtension(name, extension) {
  const dot = name.lastIndexOf(".");
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return stem + extension;
}

/** The clip types the storage sniffs from a clip's bytes (issue 38; the types `original` and `webVideo` take). */
const VIDEO_TYPES = ["video/mp4", "video/quicktime", "video/x-m4v", "video/webm"];

/** The Content-Type to serve for a stored file of the sniffed type `contentType`: an image or clip type we know, else bytes.
 * @param {string | null | undefined} contentType
 */
function servedContentType(contentType) {
  const text = String(contentType || "");
  const semicolon = text.indexOf(";");
  const plain = (semicolon >= 0 ? text.slice(0, semicolon) : text).trim().toLowerCase();
  for (const format of Object.values(FORMATS)) if (format.mimeType === plain) return plain;
  if (plain === "image/heif") return "image/heic";
  if (VIDEO_TYPES.indexOf(plain) >= 0) return plain;
  return "application/octet-stream";
}

/** The type of a stored name that guardUploads gave the extension of its bytes; anything else is bytes. @param {string} name */
function contentTypeOfName(name) {
  const dot = String(name).lastIndexOf(".");
  const ext = dot >= 0 ? String(name).slice(dot).toLowerCase() : "";
  for (const format of Object.values(FORMATS)) if (format.extension === ext) return format.mimeType;
  return "application/octet-stream";
}

module.exports = { contentTypeOfName, HEADER_BYTES, MAX_PIXELS, FORMATS, IMAGE_FILE_FIELDS, readImageHeader, checkImage, endsWhole, withExtension, servedContentType };
