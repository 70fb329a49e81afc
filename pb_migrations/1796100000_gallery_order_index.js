/// <reference path="../pb_data/types.d.ts" />
/**
 * A visitor's gallery in its order (issue 39, a hundred times the data): `images (client, trashedAt,
 * uploadedAt, id)`, the exact shape of the visitor's list (pb_hooks/lib/core/gallery_images.js: a gallery's
 * live photos by uploadedAt, id, a page at a time), its cover (the first of them) and its count. With only
 * `idx_images_client` and `idx_images_trashedAt`, SQLite read every live photo of the studio through
 * `trashedAt = ''` when the database had no statistics (100,000 rows for a page of 100), and with them
 * still sorted the whole gallery in a temporary B-tree for each page. The index answers them in order.
 */
migrate(
  (app) => {
    const images = app.findCollectionByNameOrId("images");
    images.addIndex("idx_images_gallery", false, "client, trashedAt, uploadedAt, id", "");
    app.save(images);
  },
  (app) => {
    const images = app.findCollectionByNameOrId("images");
    images.removeIndex("idx_images_gallery");
    app.save(images);
  },
);
