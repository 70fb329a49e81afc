/**
 * Which stored file answers a request for a size of an image (the same sizes as src/domain/image-sizes.ts).
 * Pure: no PocketBase globals, unit-tested in Node.
 *
 * `?size=400|800|1600|2048` (or the field's name) asks for a long edge; `?thumbnail=true` and `?preview=true`
 * stay as the first release spelled them (exactly that file, or 404); nothing asks for the original. For
 * `?size=`, an image made before that size existed answers with the nearest larger size it has, then the
 * nearest smaller, so a srcset never breaks.
 * @typedef {{ [name: string]: string | undefined }} Query a request's query, one value a name
 * @typedef {(field: string) => boolean} Has whether the record has a file in `field`
 */
/** @type {{ field: string, edge: number }[]} */
const SIZES = [
  { field: "thumbnail", edge: 400 },
  { field: "medium", edge: 800 },
  { field: "large", edge: 1600 },
  { field: "preview", edge: 2048 },
];

/** The size field a query asks for, "original", or null for a size that does not exist. @param {Query} query @returns {string | null} */
function requestedField(query) {
  if (query.thumbnail === "true") return "thumbnail";
  if (query.preview === "true") return "preview";
  const size = query.size;
  if (!size) return "original";
  const match = SIZES.find((s) => String(s.edge) === size || s.field === size);
  return match ? match.field : null;
}

/** The field to serve for `field` given which files the record has (`has(field)`), or null. @param {string} field @param {Has} has @returns {string | null} */
function servedField(field, has) {
  if (field === "original") return has("original") ? "original" : null;
  const at = SIZES.findIndex((s) => s.field === field);
  if (at < 0) return null;
  const order = SIZES.slice(at).concat(SIZES.slice(0, at).reverse());
  const found = order.find((s) => has(s.field));
  return found ? found.field : null;
}

/** The field to serve for a request's query, or null (404). @param {Query} query @param {Has} has @returns {string | null} */
function fileFor(query, has) {
  const asked = requestedField(query);
  if (!asked) return null;
  if (query.size) return servedField(asked, has);
  return has(asked) ? asked : null;
}

/** The long edges an image has files for (the visitor's srcset lists only these). @param {Has} has @returns {number[]} */
function availableEdges(has) {
  return SIZES.filter((s) => has(s.field)).map((s) => s.edge);
}

/**
 * The stored file that plays a clip (issue 38), or null (404). `?video=web`: its web version, the `webVideo` file
 * when made ("made"), or the original when that is its own web version ("original"). `?video=original`: the
 * original, only while the clip has no web version (as shot: "unsupported", or "" none yet), for a browser that
 * plays it (the visitor's page asks the browser first). A photo has none.
 * @param {string | null | undefined} video the query's `video`
 * @param {{ kind?: string, webStatus?: string }} item
 * @param {Has} has
 * @returns {"webVideo" | "original" | null}
 */
function videoFileFor(video, item, has) {
  if (item.kind !== "video") return null;
  const status = item.webStatus || "";
  if (video === "web") {
    if (status === "made") return has("webVideo") ? "webVideo" : null;
    return status === "original" && has("original") ? "original" : null;
  }
  if (video === "original") return status !== "made" && status !== "original" && has("original") ? "original" : null;
  return null;
}

module.exports = { SIZES, requestedField, servedField, fileFor, availableEdges, videoFileFor };
