/**
 * Rules for moving originals: an image's CRC-32 (8 hex digits, or "" when unknown) is create-only. A
 * byte-for-byte check of it in this JavaScript VM costs about 13 s per 20 MB original (measured; see
 * docs/BENCHMARKS.md), so the server keeps the device's value rather than recomputing it.
 */
function keepCrc32(record) {
  const before = record.original().getString("crc32");
  if (record.getString("crc32") !== before) record.set("crc32", before);
}

module.exports = { keepCrc32 };
