/// <reference path="../pb_data/types.d.ts" />
/**
 * File rules of the visitor sizes and of every image field (issue 10):
 * - `medium` (800 px long edge) at most 2 MB, `large` (1,600 px) at most 6 MB (they were 5 MB and 10 MB).
 *   The image worker encodes them as WebP, or JPEG at quality 0.8/0.82 where the browser has no WebP
 *   encoder; even a square, noisy photo stays under ~1.5 bytes a pixel there, so the caps leave more than
 *   twice that (2 MB / 0.64 MP, 6 MB / 2.56 MP), in line with the preview's 8 MB for 2,048 px.
 * - HEIC is accepted like the other formats the app imports (the bytes decide: pb_hooks/lib/rules/image_guard.js).
 * - No PocketBase thumb sizes on any image field: the server never decodes a studio file
 *   (pb_hooks/image_files.pb.js also refuses `?thumb=` itself, since PocketBase has a built-in 100x100).
 */
const FIELDS = ["original", "thumbnail", "medium", "large", "preview"];
const OLD_MIMES = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif", "image/tiff", "image/bmp"];
const MIMES = [...OLD_MIMES, "image/heic", "image/heif"];

function apply(app, sizes, mimes) {
  const images = app.findCollectionByNameOrId("images");
  for (const name of FIELDS) {
    const field = images.fields.getByName(name);
    field.mimeTypes = mimes;
    field.thumbs = [];
    if (sizes[name]) field.maxSize = sizes[name];
  }
  app.save(images);
}

migrate(
  (app) => apply(app, { medium: 2 * 1024 * 1024, large: 6 * 1024 * 1024 }, MIMES),
  (app) => apply(app, { medium: 5 * 1024 * 1024, large: 10 * 1024 * 1024 }, OLD_MIMES),
);
