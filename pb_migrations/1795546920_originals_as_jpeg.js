/// <reference path="../pb_data/types.d.ts" />
/**
 * Issue 25: originals that are not JPEG (HEIC, TIFF, AVIF, WebP) are delivered as shot or as a full-size
 * JPEG, per gallery. `clients.originalsAs` is "shot" or "jpeg" (blank, as every gallery from before this
 * migration has it, means as shot: what those galleries did); it is a synced client field. `images.jpeg`
 * holds the full-size JPEG the owner's device made of a photo (at import, or later from the original);
 * protected and owner-only like the other files, served to visitors only through lib/handlers/image_route.js.
 */
const CEILING = 200 * 1024 * 1024;

migrate(
  (app) => {
    const clients = app.findCollectionByNameOrId("clients");
    if (!clients.fields.getByName("originalsAs")) {
      clients.fields.add(new SelectField({ name: "originalsAs", maxSelect: 1, values: ["shot", "jpeg"] }));
      app.save(clients);
    }
    const images = app.findCollectionByNameOrId("images");
    if (!images.fields.getByName("jpeg")) {
      images.fields.add(new FileField({ name: "jpeg", maxSelect: 1, maxSize: CEILING, protected: true, mimeTypes: ["image/jpeg"], thumbs: [] }));
      app.save(images);
    }
  },
  (app) => {
    const clients = app.findCollectionByNameOrId("clients");
    clients.fields.removeByName("originalsAs");
    app.save(clients);
    const images = app.findCollectionByNameOrId("images");
    images.fields.removeByName("jpeg");
    app.save(images);
  },
);
