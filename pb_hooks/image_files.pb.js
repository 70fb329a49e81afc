/// <reference path="../pb_data/types.d.ts" />
/**
 * Image files are judged by their bytes (issue 10): headers are checked on every create and update of an
 * image, files are served with the type their bytes are, and PocketBase never makes `?thumb=` thumbnails.
 * The logic is in lib/image_files.js and lib/image_guard.js.
 */
onRecordCreate((e) => {
  require(`${__hooks}/lib/image_files.js`).guardUploads(e.record);
  return e.next();
}, "images");

onRecordUpdate((e) => {
  require(`${__hooks}/lib/image_files.js`).guardUploads(e.record);
  return e.next();
}, "images");
