/**
 * What a visitor may download of a gallery (issue 12, delivery controls). Pure: no PocketBase globals,
 * unit-tested in Node. The glue that reads records and cookies is ./delivery.js.
 *
 * Modes: "off" (no downloads: originals refused, download requests refused), "web" (downloads get the
 * 2,048 px preview; originals refused) and "originals" (today's behaviour). A blank mode is "originals".
 * A request is a download when it asks for the original or carries `?download=single|zip`; viewing sizes
 * without `download` stay open to the gallery's visitors in every mode (they are what the gallery shows).
 */
const MODES = ["off", "web", "originals"];

const TEXTS = {
  downloadsOff: "Downloads are turned off for this gallery.",
  originalsOff: "Original files are not available for download in this gallery.",
  pinRequired: "Enter the download PIN to download photos from this gallery.",
  wrongPin: "The download PIN is not right.",
  pinFormat: "The download PIN has 4 digits.",
  jpegOff: "This gallery delivers its originals as shot, not as JPEG.",
  shotOff: "This gallery delivers its originals as JPEG.",
};

function modeOf(value) {
  return MODES.indexOf(value) >= 0 ? value : "originals";
}

/** "single" or "zip" for a download request's `download` parameter, else "". */
function downloadKind(param) {
  return param === "single" || param === "zip" ? param : "";
}

/**
 * @param req { mode, pinRequired, pinVerified, field (the stored file asked for), download ("" | "single" | "zip") }
 * @returns { ok: true } or { ok: false, status, message, reason: "off" | "originals" | "pin" }
 */
function decideFile(req) {
  const mode = modeOf(req.mode);
  const isDownload = req.field === "original" || !!req.download;
  if (!isDownload) return { ok: true };
  if (mode === "off") return { ok: false, status: 403, message: TEXTS.downloadsOff, reason: "off" };
  if (req.field === "original" && mode !== "originals") return { ok: false, status: 403, message: TEXTS.originalsOff, reason: "originals" };
  if (req.pinRequired && !req.pinVerified) return { ok: false, status: 403, message: TEXTS.pinRequired, reason: "pin" };
  return { ok: true };
}

/**
 * Which stored file answers a request for an image's original (issue 25): the full-size JPEG the owner's
 * device made when the gallery delivers originals as JPEG and the photo has one, else the original as shot
 * (a photo whose JPEG is not made yet, or a JPEG/PNG original, which never gets one). A visitor's `format`
 * ("original" | "jpeg") may not ask for the other format than the gallery's; the owner may ask for either.
 * @param req { originalsAs ("shot" | "jpeg" | ""), hasJpeg, asked ("" | "original" | "jpeg"), isOwner }
 * @returns { ok: true, field: "original" | "jpeg" } or { ok: false, status, message, reason: "format" }
 */
function originalFile(req) {
  const asJpeg = req.originalsAs === "jpeg";
  if (req.isOwner) return { ok: true, field: req.asked === "jpeg" && req.hasJpeg ? "jpeg" : "original" };
  if (req.asked === "jpeg" && !asJpeg) return { ok: false, status: 403, message: TEXTS.jpegOff, reason: "format" };
  if (req.asked === "original" && asJpeg && req.hasJpeg) return { ok: false, status: 403, message: TEXTS.shotOff, reason: "format" };
  return { ok: true, field: asJpeg && req.hasJpeg ? "jpeg" : "original" };
}

/** The name a full-size JPEG downloads under: the original's stem with `.jpg`. */
function jpegName(originalName) {
  const name = String(originalName || "photo");
  const dot = name.lastIndexOf(".");
  return (dot > 0 ? name.slice(0, dot) : name) + ".jpg";
}

function isPinFormat(pin) {
  return typeof pin === "string" && /^[0-9]{4}$/.test(pin);
}

function pinCookieName(clientId) {
  return "sg_dlpin_" + clientId;
}

module.exports = { MODES, TEXTS, modeOf, downloadKind, decideFile, originalFile, jpegName, isPinFormat, pinCookieName };
