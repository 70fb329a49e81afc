/**
 * What a visitor may download of a gallery (issue 12, delivery controls). Pure: no PocketBase globals,
 * unit-tested in Node. The glue that reads records and cookies is ./delivery.js.
 *
 * Modes: "off" (no downloads: originals refused, download requests refused), "web" (downloads get the
 * 2,048 px preview; originals refused) and "originals" (today's behaviour). A blank mode is "originals".
 * A request is a download when it asks for the original or carries `?download=single|zip`; viewing sizes
 * without `download` stay open to the gallery's visitors in every mode (they are what the gallery shows).
 */
const MODES = /** @type {const} */ (["off", "web", "originals"]);

const { refusalMessage } = require("./refusals.js");

/**
 * A refusal of a file (403): its code (./refusals.js), English and reason.
 * @template {"off" | "originals" | "pin" | "format"} R
 * @param {"downloads_off" | "originals_off" | "pin_required" | "jpeg_off" | "shot_off"} code @param {R} reason
 */
function refused(code, reason) {
  return { ok: /** @type {const} */ (false), status: 403, code, message: refusalMessage(code), reason };
}

/**
 * The gallery's mode; a blank or unknown one is "originals".
 * @param {string} value
 * @returns {"off" | "web" | "originals"}
 */
function modeOf(value) {
  return MODES.find((mode) => mode === value) || "originals";
}

/**
 * "single" or "zip" for a download request's `download` parameter, else "".
 * @param {string | null | undefined} param
 * @returns {"" | "single" | "zip"}
 */
function downloadKind(param) {
  return param === "single" || param === "zip" ? param : "";
}

/**
 * Whether a request for a stored file of an image (`field`) may have it, in a request that is or is not a
 * download (`download`: "" | "single" | "zip").
 * @param {{ mode: string, pinRequired: boolean, pinVerified: boolean, field: string, download: string }} req
 * @returns {{ ok: true } | { ok: false, status: number, code: "downloads_off" | "originals_off" | "pin_required" | "jpeg_off" | "shot_off", message: string, reason: "off" | "originals" | "pin" }}
 */
function decideFile(req) {
  const mode = modeOf(req.mode);
  const isDownload = req.field === "original" || !!req.download;
  if (!isDownload) return { ok: true };
  if (mode === "off") return refused("downloads_off", "off");
  if (req.field === "original" && mode !== "originals") return refused("originals_off", "originals");
  if (req.pinRequired && !req.pinVerified) return refused("pin_required", "pin");
  return { ok: true };
}

/**
 * Which stored file answers a request for an image's original (issue 25): the full-size JPEG the owner's
 * device made when the gallery delivers originals as JPEG and the photo has one, else the original as shot
 * (a photo whose JPEG is not made yet, or a JPEG/PNG original, which never gets one). A visitor's `format`
 * ("original" | "jpeg") may not ask for the other format than the gallery's; the owner may ask for either.
 * @param {{ originalsAs: string, hasJpeg: boolean, asked: "" | "original" | "jpeg", isOwner: boolean }} req
 *   `originalsAs` is the gallery's "shot" | "jpeg" | ""
 * @returns {{ ok: true, field: "original" | "jpeg" } | { ok: false, status: number, code: "downloads_off" | "originals_off" | "pin_required" | "jpeg_off" | "shot_off", message: string, reason: "format" }}
 */
function originalFile(req) {
  const asJpeg = req.originalsAs === "jpeg";
  if (req.isOwner) return { ok: true, field: req.asked === "jpeg" && req.hasJpeg ? "jpeg" : "original" };
  if (req.asked === "jpeg" && !asJpeg) return refused("jpeg_off", "format");
  if (req.asked === "original" && asJpeg && req.hasJpeg) return refused("shot_off", "format");
  return { ok: true, field: asJpeg && req.hasJpeg ? "jpeg" : "original" };
}

/**
 * The name a full-size JPEG downloads under: the original's stem with `.jpg`.
 * @param {string} originalName
 */
function jpegName(originalName) {
  const name = String(originalName || "photo");
  const dot = name.lastIndexOf(".");
  return (dot > 0 ? name.slice(0, dot) : name) + ".jpg";
}

/**
 * The name a clip's web version downloads under (issue 38): the original's stem with `.mp4`.
 * @param {string} originalName
 */
function webVideoName(originalName) {
  const name = String(originalName || "clip");
  const dot = name.lastIndexOf(".");
  return (dot > 0 ? name.slice(0, dot) : name) + ".mp4";
}

/**
 * Whether a request counts as a download in the gallery's activity: a download, asked from its first byte
 * (a `Range` from 0, or none). A resumed or seeking download's later ranges are the same download (issue 38:
 * a clip's original is downloaded in ranges by some browsers).
 * @param {string} download "" | "single" | "zip" @param {string | null | undefined} range the request's Range header
 */
function countsAsDownload(download, range) {
  if (!download) return false;
  const text = String(range || "").trim();
  return text === "" || /^bytes=0-/i.test(text);
}

/** Whether a download PIN has its form, 4 digits. @param {unknown} pin */
function isPinFormat(pin) {
  return typeof pin === "string" && /^[0-9]{4}$/.test(pin);
}

/**
 * The cookie that says a visitor gave this gallery's download PIN; `__Host-` over HTTPS, as the session's.
 * @param {string} clientId
 * @param {boolean} [secure]
 */
function pinCookieName(clientId, secure) {
  return (secure ? "__Host-" : "") + "sg_dlpin_" + clientId;
}

module.exports = { MODES, modeOf, downloadKind, decideFile, originalFile, jpegName, webVideoName, countsAsDownload, isPinFormat, pinCookieName };
