/// <reference path="../pb_data/types.d.ts" />
/**
 * `crc32` of each image's original: eight lower-case hex digits, computed once on the owner's device at
 * import (where the checksum is made) so zips copy the original's bytes without reading them for a CRC.
 * "" for images from before it existed (their zips compute it). Server-owned after creation: set with the
 * record, never changed by an update (pb_hooks/transfers.pb.js).
 */
migrate(
  (app) => {
    const images = app.findCollectionByNameOrId("images");
    images.fields.add(new TextField({ name: "crc32", max: 8, pattern: "^[0-9a-f]{8}$" }));
    app.save(images);
  },
  (app) => {
    const images = app.findCollectionByNameOrId("images");
    images.fields.removeByName("crc32");
    app.save(images);
  },
);
