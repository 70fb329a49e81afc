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
 * The refusal of an original of `size` bytes over `limit`: what happened and what to do.
 * @param {number} size
 * @param {number} limit
 * @returns {string}
 */
function tooLargeMessage(size, limit) {
  const mb = (/** @type {number} */ n) => Math.round((n / 1048576) * 10) / 10 + " MB";
  return (
    "This original is " + mb(size) + "; the studio accepts originals up to " + mb(limit) + ". " +
    "Raise 'Largest original' in Settings > General (up to " + MAX_ORIGINAL_MB + " MB), or export the photo as a smaller JPEG."
  );
}

module.exports = { DEFAULT_ORIGINAL_MB, MAX_ORIGINAL_MB, originalLimitBytes, tooLargeMessage };
