/**
 * Every refusal a visitor or the studio owner can meet, by stable code (issue 37, item 9). Shared by the
 * server and the app (vite-plugin-hooks-contract.ts): the server answers with the code, its parameters and
 * this English; the app shows the code's text from its catalogue (src/locales/<lang>/refusals.json) in the
 * visitor's or the owner's language, and the English here only for a code it does not know.
 *
 * On the wire (docs/ARCHITECTURE.md, "Refusals"): `{ status, message, data: { refusal: { code, message,
 * params? } } }`, `message` the English with the parameters filled in. A thrown error goes through
 * PocketBase's sanitising of `data`, which keeps a ValidationError's code, message and params; a route that
 * answers with `e.json` writes the same shape itself.
 *
 * Adding a refusal: one line here (`code: "English with {param} placeholders"`), then its translation in each
 * src/locales/<lang>/refusals.json; src/lib/refusals/refusals.test.ts fails until every catalogue has it.
 */

/** The English of each code; `{name}` marks a parameter. */
const REFUSALS = {
  // The gallery's door
  gallery_not_found: "Gallery not found.",
  gallery_expired: "This gallery has expired.",
  code_required: "Access code is required.",
  code_invalid: "The access code provided is invalid or expired.",
  too_many_attempts: "Too many wrong codes from your network. Please wait before trying again.",
  too_many_requests: "Too many requests. Please wait a moment and try again.",
  proof_needed: "Many wrong codes have been tried here lately, so your device must solve a puzzle first.",
  session_required: "Please enter your access code to view this private gallery.",
  code_only_off: "This studio opens galleries by their link only. Please open the gallery link your photographer sent you.",
  image_not_found: "Image not found.",
  // Downloads
  downloads_off: "Downloads are turned off for this gallery.",
  originals_off: "Original files are not available for download in this gallery.",
  pin_required: "Enter the download PIN to download photos from this gallery.",
  pin_wrong: "The download PIN is not right.",
  pin_format: "The download PIN has 4 digits.",
  jpeg_off: "This gallery delivers its originals as shot, not as JPEG.",
  shot_off: "This gallery delivers its originals as JPEG.",
  // Proofing and people
  photo_not_in_gallery: "This photo is not in this gallery.",
  list_not_found: "This list is not in this gallery.",
  selection_locked: "Your selection has been submitted. Ask your photographer to unlock it to make changes.",
  selection_submitted: "Your selection has already been submitted.",
  list_full: "You can choose up to {limit} photos for {list}. Remove one to choose another.",
  comment_too_long: "A comment can have at most {max} characters.",
  comment_not_text: "A comment must be text.",
  person_required: "Tell us your name first, so your photographer knows whose choices these are.",
  person_not_found: "This person is not in this gallery.",
  name_required: "Please enter your name.",
  name_too_long: "A name can have at most {max} characters.",
  email_invalid: "Please enter a valid email address, or leave it empty.",
  people_session_full: "You have added {max} people on this device already. Switch to one of them to continue.",
  people_network_wait: "Many names have been added from your network lately. Please wait a few minutes before adding another, or continue as a name you added before.",
  people_gallery_full: "This gallery has {max} people already, the most it can have. Ask your photographer for help.",
  // The owner's preview
  preview_read_only: "This is a preview: nothing is saved.",
  preview_sign_in: "Sign in as the studio owner to preview a gallery.",
  preview_not_on_server: "This gallery is not on the server yet.",
  preview_closed: "Clients cannot open this gallery now.",
  // The owner's app
  sign_in_failed: "Failed to authenticate.",
  owner_only: "Only the studio owner can do this.",
  owner_sign_in: "Sign in as the studio owner.",
  username_invalid: "Username must be a valid email address.",
  email_taken: "That email address is already used by another account.",
  invalid_access_url: "Use lowercase letters, digits and dashes; 'access' and 'image' are reserved.",
  access_code_taken: "Another client already has this access code. Choose another one or generate a new code.",
  set_of_other_gallery: "This set belongs to another gallery.",
  validation_not_an_image: "The file is not an image the app accepts (JPEG, PNG, WebP, AVIF, GIF, TIFF, HEIC or BMP), whatever its name says.",
  validation_not_whole_logo: "The logo is not a whole PNG or JPEG image.",
  validation_image_size_unknown: "The image's header does not give its size, so it cannot be checked safely.",
  validation_too_many_pixels: "The image is {width} x {height} pixels ({megapixels} megapixels); the limit is {limit} megapixels.",
  validation_not_jpeg: "The jpeg file must be a JPEG.",
  validation_file_size_limit:
    "This original is {size} MB; the studio accepts originals up to {limit} MB. Raise 'Largest original' in Settings > General (up to {max} MB), or export the photo as a smaller JPEG.",
  validation_not_a_video: "The file is not a video the app accepts (MP4, MOV, M4V or WebM), whatever its name says.",
  validation_web_video_not_mp4: "A clip's web version must be an MP4 video.",
  validation_video_size_limit:
    "This clip is {size} MB; the studio accepts clips up to {limit} MB. Raise 'Largest clip' in Settings > General (up to {max} MB).",
  // Uploads in parts (issue 38): the device answers most of these itself (it sends a part again, or starts over)
  upload_not_found: "This upload is no longer on the server (finished, cancelled, or removed after a day untouched). Send the file again.",
  upload_field: "Only an original or a clip's web version can be sent in parts.",
  upload_invalid: "The upload's size, name, type or part size is not valid.",
  upload_type: "This file's type ({type}) is not one this field takes.",
  upload_part_number: "This upload has no part {n}.",
  upload_part_size: "Part {n} should be {expected} bytes, but {size} arrived. Send it again.",
  upload_part_checksum: "Part {n} did not arrive intact (its SHA-256 differs). Send it again.",
  upload_incomplete: "The upload is missing {missing} of its {count} parts. Send them before finishing.",
  // Direct uploads to object storage (issue 39)
  direct_off: "This server keeps its files on its own disk: send the file to the server, not to object storage.",
  direct_size: "The file in storage has {size} bytes, not the {expected} announced. It was removed: send it again.",
  mail_not_configured: "Email is not set up on the server (SMTP_HOST and SMTP_FROM).",
  mail_no_link: "Not sent: the gallery's link could not be made. Set Settings > Gallery address (or send it again from the app).",
  mail_refused: "The mail server did not take the message: {reason}",
};

/**
 * PocketBase's VM globals (ValidationError, ApiError, BadRequestError), which only the functions that build an
 * answer use: this file loads in Node and the browser too.
 */
const vm = /** @type {any} */ (globalThis);

/** @typedef {keyof typeof REFUSALS} RefusalCode */
/** @typedef {Record<string, string | number>} RefusalParams */
/** @typedef {{ code: string, message: string, params?: RefusalParams }} Refusal what `data.refusal` holds on the wire */

/** The parameter names of a code's English, in order of appearance. @param {string} code @returns {string[]} */
function paramsOf(code) {
  const english = /** @type {Record<string, string>} */ (REFUSALS)[code];
  /** @type {string[]} */
  const names = [];
  if (english) english.replace(/\{(\w+)\}/g, (whole, name) => (names.push(name), whole));
  return names;
}

/** The English of a refusal with its parameters filled in. @param {RefusalCode} code @param {RefusalParams} [params] */
function refusalMessage(code, params) {
  return REFUSALS[code].replace(/\{(\w+)\}/g, (whole, name) => (params && name in params ? String(params[name]) : whole));
}

/**
 * The refusal as `data.refusal` carries it; `params` only when the code has some.
 * @param {RefusalCode} code @param {RefusalParams} [params] @returns {Refusal}
 */
function refusalOf(code, params) {
  /** @type {Refusal} */
  const refusal = { code, message: refusalMessage(code, params) };
  if (paramsOf(code).length) refusal.params = Object.assign({}, params);
  return refusal;
}

/**
 * An Error a pure rule throws (it has no PocketBase globals): the English as its message, and the refusal
 * for the handler that turns it into an answer (`refusalError`).
 * @param {RefusalCode} code @param {RefusalParams} [params]
 */
function refusalThrown(code, params) {
  const err = /** @type {Error & { refusal: Refusal }} */ (new Error(refusalMessage(code, params)));
  err.refusal = refusalOf(code, params);
  return err;
}

/**
 * The JSON body of a refused request, for a route that answers with `e.json(status, body)`; `extra`: other
 * fields of `data` a client reads (a 428's challenge).
 * @param {number} status @param {RefusalCode} code @param {RefusalParams} [params] @param {Record<string, unknown>} [extra]
 */
function refusalBody(status, code, params, extra) {
  const refusal = refusalOf(code, params);
  return { status, message: refusal.message, data: Object.assign({}, extra, { refusal }) };
}

/**
 * The ApiError to throw for a refusal (PocketBase VM only: ApiError and ValidationError are its globals).
 * PocketBase keeps of `data` only validation errors: the refusal goes as one, its English rendered by Go's
 * template from the code's text (`{limit}` as `{{.limit}}`), so a parameter's value is never read as a template.
 * `fields`: validation errors of form fields (`{ accessCode: "access_code_taken" }`), the same codes.
 * @param {number} status @param {RefusalCode} code @param {RefusalParams} [params] @param {Record<string, RefusalCode>} [fields]
 */
function refusalError(status, code, params, fields) {
  /** @param {RefusalCode} c @param {RefusalParams} [p] */
  const validation = (c, p) => {
    const names = paramsOf(c);
    const error = new vm.ValidationError(c, names.length ? REFUSALS[c].replace(/\{(\w+)\}/g, "{{.$1}}") : REFUSALS[c]);
    return names.length ? error.setParams(Object.assign({}, p)) : error;
  };
  /** @type {Record<string, unknown>} */
  const data = { refusal: validation(code, params) };
  for (const [field, fieldCode] of Object.entries(fields || {})) data[field] = validation(fieldCode, params);
  return new vm.ApiError(status, refusalMessage(code, params), data);
}

/** The refusal an error carries (`refusalThrown`), else null. @param {unknown} err @returns {Refusal | null} */
function carriedRefusal(err) {
  const refusal = err && typeof err === "object" ? /** @type {{ refusal?: Refusal }} */ (err).refusal : undefined;
  return refusal && typeof refusal.code === "string" ? refusal : null;
}

/**
 * The ApiError for what a pure rule threw: its refusal (`refusalThrown`) with `status`, or any other error as a
 * 400 with its message (PocketBase VM only).
 * @param {number} status @param {unknown} err
 */
function thrownRefusalError(status, err) {
  const refusal = carriedRefusal(err);
  if (refusal && refusal.code in REFUSALS) return refusalError(status, /** @type {RefusalCode} */ (refusal.code), refusal.params);
  return new vm.BadRequestError(String((err && /** @type {Error} */ (err).message) || err));
}

module.exports = { REFUSALS, paramsOf, refusalMessage, refusalOf, refusalThrown, refusalBody, refusalError, carriedRefusal, thrownRefusalError };
