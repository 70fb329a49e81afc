/**
 * The visitor's image list and the gallery's sets, as JSON built by SQLite (lib/handlers/gallery_api.js answers
 * them). Uses PocketBase globals; required in handlers.
 */

/**
 * Images as visitors see them, in the grid's order (uploadedAt, id), as a JSON array built by SQLite in one
 * query: the public fields (rules.publicImage), the placeholder, the CRC-32 and the long edges the image has
 * files for (lib/rules/image_sizes.js). One string crosses into the JS engine whatever the count, instead of a
 * record per image and a dozen getters each (2,000 images took seconds that way on a loaded machine).
 * `limit` 0: all of them.
 */
function visitorImagesJson(clientId, limit, offset) {
  const sizes = require(`${__hooks}/lib/rules/image_sizes.js`);
  // "[400,800]": each size the image has a file for, in the order of SIZES (field names are ours, not input).
  const edges = "'[' || rtrim(" + sizes.SIZES.map((s) => `(CASE WHEN COALESCE([[${s.field}]], '') <> '' THEN '${s.edge},' ELSE '' END)`).join(" || ") + ", ',') || ']'";
  const row = new DynamicModel({ list: "" });
  $app
    .db()
    .newQuery(
      "SELECT COALESCE(json_group_array(json(item)), '[]') AS list FROM (SELECT json_object(" +
        "'id', [[id]], 'originalName', COALESCE([[originalName]], ''), 'filename', COALESCE([[filename]], ''), " +
        "'fileSize', CAST(COALESCE([[fileSize]], 0) AS INTEGER), 'mimeType', COALESCE([[mimeType]], ''), " +
        "'width', CAST(COALESCE([[width]], 0) AS INTEGER), 'height', CAST(COALESCE([[height]], 0) AS INTEGER), " +
        "'uploadedAt', COALESCE([[uploadedAt]], ''), " +
        "'hasThumbnail', json(CASE WHEN COALESCE([[thumbnail]], '') <> '' THEN 'true' ELSE 'false' END), " +
        "'hasPreview', json(CASE WHEN COALESCE([[preview]], '') <> '' THEN 'true' ELSE 'false' END), " +
        "'placeholder', COALESCE([[placeholder]], ''), 'crc32', COALESCE([[crc32]], ''), " +
        // Issue 25: webJpeg, the web size is a JPEG (older ones WebP); hasJpeg, the device made a full-size JPEG.
        "'webJpeg', json(CASE WHEN lower(COALESCE([[preview]], '')) LIKE '%.jpg' THEN 'true' ELSE 'false' END), " +
        "'hasJpeg', json(CASE WHEN COALESCE([[jpeg]], '') <> '' THEN 'true' ELSE 'false' END), " +
        `'sizes', json(${edges}), ` +
        // Issue 38: a clip's kind ("video"; "" a photo), length in seconds and web version's status.
        "'kind', COALESCE([[kind]], ''), 'duration', COALESCE([[duration]], 0), 'webStatus', COALESCE([[webStatus]], ''), " +
        // and its video codec (metadata.video.codec), for the page to ask the browser whether it plays the original.
        "'codec', CASE WHEN [[kind]] = 'video' AND json_valid([[metadata]]) THEN COALESCE(json_extract([[metadata]], '$.video.codec'), '') ELSE '' END, " +
        // Its set (issue 26), when that is a set of this gallery; "" for none.
        // A set in the trash (issue 43) is none: its photos show in no set until it is restored.
        "'set', COALESCE((SELECT s.[[id]] FROM {{sets}} s WHERE s.[[id]] = {{images}}.[[set]] AND s.[[client]] = {{images}}.[[client]] AND s.[[trashedAt]] = ''), '')) AS item " +
        // A photo in the trash (issue 43) is gone for visitors.
        "FROM {{images}} WHERE [[client]] = {:client} AND [[trashedAt]] = '' ORDER BY [[uploadedAt]], [[id]] LIMIT {:limit} OFFSET {:offset})",
    )
    .bind({ client: clientId, limit: limit > 0 ? limit : -1, offset: offset })
    .one(row);
  return row.list;
}

/** Answers a JSON body that is already encoded (`fields` first, then `"images": imagesJson`). */
function jsonWithImages(e, fields, imagesJson) {
  const head = JSON.stringify(fields);
  e.response.header().set("Content-Type", "application/json");
  return e.string(200, head === "{}" ? `{"images":${imagesJson}}` : `${head.slice(0, -1)},"images":${imagesJson}}`);
}

/**
 * The gallery's sets as visitors see them (issue 26), in the owner's order (position, created, id), each
 * with how many of the gallery's photos it holds, as a JSON array built in one query.
 */
/** How many photos and clips of a gallery visitors see: those not in the trash (issue 43). */
function visitorImageCount(clientId) {
  return $app.countRecords("images", $dbx.hashExp({ client: clientId, trashedAt: "" }));
}

function visitorSetsJson(clientId) {
  const row = new DynamicModel({ list: "" });
  $app
    .db()
    .newQuery(
      "SELECT COALESCE(json_group_array(json(item)), '[]') AS list FROM (SELECT json_object(" +
        "'id', s.[[id]], 'name', s.[[name]], " +
        "'count', (SELECT COUNT(*) FROM {{images}} i WHERE i.[[client]] = s.[[client]] AND i.[[set]] = s.[[id]] AND i.[[trashedAt]] = '')) AS item " +
        // Neither a set nor a photo in the trash counts (issue 43).
        "FROM {{sets}} s WHERE s.[[client]] = {:client} AND s.[[trashedAt]] = '' ORDER BY s.[[position]], s.[[created]], s.[[id]])",
    )
    .bind({ client: clientId })
    .one(row);
  return JSON.parse(row.list);
}

module.exports = { visitorImagesJson, jsonWithImages, visitorSetsJson, visitorImageCount };
