/**
 * Rules for moving files: cheap revalidation of protected files (notModified), and an image's CRC-32 (8
 * hex digits, or "" when unknown), which is create-only. A byte-for-byte check of the CRC in this
 * JavaScript VM costs about 13 s per 20 MB original (measured; see docs/benchmarks-history.md), so the server
 * keeps the device's value rather than recomputing it.
 */
function keepCrc32(record) {
  const before = record.original().getString("crc32");
  if (record.getString("crc32") !== before) record.set("crc32", before);
}

/**
 * Cheap revalidation of a protected file, after its access check passed: the stored file name (PocketBase
 * gives every upload a new one) is its ETag, so a browser that already holds these bytes gets a 304
 * without the file being opened. Returns true when it answered. `setHeader`: the answer's `header.set`, looked
 * up once by the caller; `request`: the request, which the caller holds.
 */
function notModified(e, fileName, setHeader, request) {
  const etag = '"' + fileName + '"';
  setHeader("ETag", etag);
  const asked = request.header.get("If-None-Match");
  if (!asked) return false;
  if (!matchesEtag(asked, etag)) return false;
  e.response.writeHeader(304);
  return true;
}

/** Whether an If-None-Match value names `etag` (weak or strong) or is `*`; the browser's usual one-tag form first. */
function matchesEtag(asked, etag) {
  if (asked === etag || asked === "W/" + etag) return true;
  return asked
    .split(",")
    .map((s) => s.trim().replace(/^W\//, ""))
    .some((s) => s === etag || s === "*");
}

module.exports = { keepCrc32, notModified, matchesEtag };
