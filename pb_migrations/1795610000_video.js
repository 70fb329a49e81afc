/// <reference path="../pb_data/types.d.ts" />
/**
 * Video in galleries (issue 38). A clip is a media item of the images collection with `kind` "video"
 * ("" or "photo" is a photo, as every record from before this migration is):
 * - `original` takes the clip as shot (MP4, MOV, M4V, WebM); its ceiling rises to 64 GB, and the studio's
 *   own limits (settings.maxOriginalMB for photos, settings.maxVideoMB for clips, 4 GB by default) are
 *   enforced by pb_hooks (lib/core/image_files.js, the resumable uploads);
 * - `webVideo`: the web version made on the owner's device (H.264 in MP4, index at the front, at most 1080p);
 * - `duration`: seconds; `webStatus`: "" (none yet), "made" (webVideo holds it), "original" (the original
 *   already plays everywhere and is its own web version), "unsupported" (the device that imported it could
 *   not decode it: delivered as shot; metadata.video says why);
 * - thumbnail, medium, large, preview: the poster frame's sizes, exactly as a photo's.
 * settings.maxVideoMB: the studio's largest clip, 0 for the default (4096).
 */
const VIDEO_TYPES = ["video/mp4", "video/quicktime", "video/x-m4v", "video/webm"];
const CEILING = 64 * 1024 * 1024 * 1024;
const BEFORE = 200 * 1024 * 1024;

migrate(
  (app) => {
    const images = app.findCollectionByNameOrId("images");
    const original = images.fields.getByName("original");
    original.maxSize = CEILING;
    original.mimeTypes = [...original.mimeTypes.filter((t) => VIDEO_TYPES.indexOf(t) < 0), ...VIDEO_TYPES];
    if (!images.fields.getByName("kind")) images.fields.add(new TextField({ name: "kind", max: 10, pattern: "^(photo|video)?$" }));
    if (!images.fields.getByName("duration")) images.fields.add(new NumberField({ name: "duration", min: 0 }));
    if (!images.fields.getByName("webStatus")) images.fields.add(new TextField({ name: "webStatus", max: 20, pattern: "^(made|original|unsupported)?$" }));
    if (!images.fields.getByName("webVideo")) images.fields.add(new FileField({ name: "webVideo", maxSelect: 1, maxSize: CEILING, protected: true, mimeTypes: ["video/mp4"], thumbs: [] }));
    app.save(images);

    const settings = app.findCollectionByNameOrId("settings");
    if (!settings.fields.getByName("maxVideoMB")) settings.fields.add(new NumberField({ name: "maxVideoMB", onlyInt: true, min: 0, max: 65536 }));
    app.save(settings);
  },
  (app) => {
    const images = app.findCollectionByNameOrId("images");
    const original = images.fields.getByName("original");
    original.maxSize = BEFORE;
    original.mimeTypes = original.mimeTypes.filter((t) => VIDEO_TYPES.indexOf(t) < 0);
    for (const name of ["kind", "duration", "webStatus", "webVideo"]) images.fields.removeByName(name);
    app.save(images);
    const settings = app.findCollectionByNameOrId("settings");
    settings.fields.removeByName("maxVideoMB");
    app.save(settings);
  },
);
