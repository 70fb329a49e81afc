/// <reference path="../pb_data/types.d.ts" />
/**
 * The responsive sizes of each photo (src/domain/image-sizes.ts): `medium` (800 px long edge) and `large`
 * (1,600 px) between the existing thumbnail (400 px) and preview (2,048 px), and `placeholder`, a ThumbHash
 * (base64, ~35 characters) shown until a photo arrives. Protected like the other files: they are served
 * only through /api/gallery/image/{id} after its owner-or-session check. Older images get them when the
 * owner's device next syncs (it makes them from the original).
 */
const IMAGE_MIMES = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif", "image/tiff", "image/bmp"];

migrate(
  (app) => {
    const images = app.findCollectionByNameOrId("images");
    // A 1,600 px WebP is ~0.3-1 MB; JPEG (browsers without a WebP encoder) at most a few MB.
    images.fields.add(new FileField({ name: "medium", maxSelect: 1, maxSize: 5 * 1024 * 1024, protected: true, mimeTypes: IMAGE_MIMES }));
    images.fields.add(new FileField({ name: "large", maxSelect: 1, maxSize: 10 * 1024 * 1024, protected: true, mimeTypes: IMAGE_MIMES }));
    images.fields.add(new TextField({ name: "placeholder", max: 200 }));
    app.save(images);
  },
  (app) => {
    const images = app.findCollectionByNameOrId("images");
    for (const name of ["medium", "large", "placeholder"]) images.fields.removeByName(name);
    app.save(images);
  },
);
