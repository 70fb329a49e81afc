/**
 * The bucket's XML (issue 39): the few S3 answers and bodies direct uploads and their cleanup read and write
 * (InitiateMultipartUpload, ListParts, ListMultipartUploads, ListObjectsV2, CompleteMultipartUpload). Pure:
 * unit-tested in Node (lib/rules/direct_upload_rules.test.ts).
 */

/** The text of each `<tag>` in an XML answer, in order. @param {string} xml @param {string} tag @returns {string[]} */
function tagTexts(xml, tag) {
  const out = [];
  const re = new RegExp("<" + tag + ">([\\s\\S]*?)</" + tag + ">", "g");
  let m;
  while ((m = re.exec(String(xml)))) out.push(String(m[1]));
  return out;
}

/** XML's five entities back to characters. @param {string} text */
function unescapeXml(text) {
  /** @type {Record<string, string>} */
  const chars = { lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" };
  return String(text).replace(/&(lt|gt|quot|apos|amp);/g, (_, e) => chars[e] || "");
}

/** The UploadId of an InitiateMultipartUpload answer, or "". @param {string} xml */
function uploadIdOf(xml) {
  return unescapeXml(tagTexts(xml, "UploadId")[0] || "");
}

/** The parts of a ListParts answer: `[{ n, etag, size }]`. @param {string} xml */
function partsOf(xml) {
  return tagTexts(xml, "Part").map((p) => ({
    n: Number(tagTexts(p, "PartNumber")[0]),
    etag: unescapeXml(tagTexts(p, "ETag")[0] || "").replace(/"/g, ""),
    size: Number(tagTexts(p, "Size")[0]),
  }));
}

/** The uploads of a ListMultipartUploads answer: `[{ key, uploadId, initiated (ms) }]`. @param {string} xml */
function uploadsOf(xml) {
  return tagTexts(xml, "Upload").map((u) => ({
    key: unescapeXml(tagTexts(u, "Key")[0] || ""),
    uploadId: unescapeXml(tagTexts(u, "UploadId")[0] || ""),
    initiated: Date.parse(tagTexts(u, "Initiated")[0] || "") || 0,
  }));
}

/** The objects of a ListObjectsV2 answer and the token of the next page ("" at the end). @param {string} xml */
function objectsOf(xml) {
  const objects = tagTexts(xml, "Contents").map((c) => ({
    key: unescapeXml(tagTexts(c, "Key")[0] || ""),
    modified: Date.parse(tagTexts(c, "LastModified")[0] || "") || 0,
  }));
  const truncated = (tagTexts(xml, "IsTruncated")[0] || "") === "true";
  return { objects, next: truncated ? unescapeXml(tagTexts(xml, "NextContinuationToken")[0] || "") : "" };
}

/** The body of a CompleteMultipartUpload. @param {Array<{ n: number, etag: string }>} parts */
function completeXml(parts) {
  return "<CompleteMultipartUpload>" + parts.map((p) => "<Part><PartNumber>" + p.n + '</PartNumber><ETag>"' + p.etag + '"</ETag></Part>').join("") + "</CompleteMultipartUpload>";
}

module.exports = { uploadIdOf, partsOf, uploadsOf, objectsOf, completeXml };
