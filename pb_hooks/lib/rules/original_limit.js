/**
 * The largest original the studio accepts (issue 25), the same rule as src/domain/original-limit.ts:
 * settings.maxOriginalMB, 20 MB by default, at most 200 MB. Pure: unit-tested in Node.
 */
const DEFAULT_ORIGINAL_MB = 20;
const MAX_ORIGINAL_MB = 200;

/** @param {unknown} maxOriginalMB the studio's setting @returns {number} bytes */
function originalLimitBytes(maxOriginalMB) {
  const mb = Number(maxOriginalMB);
  return (Number.isInteger(mb) && mb >= 1 && mb <= MAX_ORIGINAL_MB ? mb : DEFAULT_ORIGINAL_MB) * 1024 * 1024;
}

/**
 * The parameters of the refusal of an original of `size` bytes over `limit` (lib/rules/refusals.js, validation_file_size_limit), in MB.
 * @param {number} size
 * @param {number} limit
 * @returns {{ size: number, limit: number, max: number }}
 */
function tooLargeParams(size, limit) {
  const mb = (/** @type {number} */ n) => Math.round((n / 1048576) * 10) / 10;
  return { size: mb(size), limit: mb(limit), max: MAX_ORIGINAL_MB };
}

/** Its English: what happened and what to do. */
function tooLargeMessage(size, limit) {
  return require("./refusals.js").refusalMessage("validation_file_size_limit", tooLargeParams(size, limit));
}

const DEFAULT_VIDEO_MB = 4096;
const MAX_VIDEO_MB = 65536;

/** A clip's limit (issue 38), the same rule as src/domain/original-limit.ts: settings.maxVideoMB, 4096 MB by default. @param {unknown} maxVideoMB @returns {number} bytes */
function videoLimitBytes(maxVideoMB) {
  const mb = Number(maxVideoMB);
  return (Number.isInteger(mb) && mb >= 1 && mb <= MAX_VIDEO_MB ? mb : DEFAULT_VIDEO_MB) * 1024 * 1024;
}

module.exports = { DEFAULT_ORIGINAL_MB, MAX_ORIGINAL_MB, DEFAULT_VIDEO_MB, MAX_VIDEO_MB, originalLimitBytes, videoLimitBytes, tooLargeParams, tooLargeMessage };
