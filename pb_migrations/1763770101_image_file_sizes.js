/// <reference path="../pb_data/types.d.ts" />
/**
 * The server enforces the app's file sizes (issue 10): an original at most 20 MB (20,971,520 bytes, the
 * app's import limit; it was 200 MB), a thumbnail (400 px WebP/JPEG from the image worker, at most a few
 * hundred KB) at most 1 MB, a preview (2,048 px, a few MB for the noisiest photo) at most 8 MB.
 */
const SIZES = { original: 20971520, thumbnail: 1024 * 1024, preview: 8 * 1024 * 1024 };
const OLD = { original: 200 * 1024 * 1024, thumbnail: 5 * 1024 * 1024, preview: 20 * 1024 * 1024 };

function apply(app, sizes) {
  const images = app.findCollectionByNameOrId("images");
  for (const [name, size] of Object.entries(sizes)) images.fields.getByName(name).maxSize = size;
  app.save(images);
}

migrate(
  (app) => apply(app, SIZES),
  (app) => apply(app, OLD),
);
