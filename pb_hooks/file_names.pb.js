/// <reference path="../pb_data/types.d.ts" />
/**
 * Stored file names are one plain, safe name (issue 10), whoever sends them: the app, a sync batch, or the
 * API by hand. The rule is in lib/file_names.js (the visitor's zip applies the same one to its entries).
 */
onRecordCreate(
  (e) => {
    require(`${__hooks}/lib/file_names.js`).sanitizeRecordNames(e.record);
    return e.next();
  },
  "images",
);

onRecordUpdate(
  (e) => {
    require(`${__hooks}/lib/file_names.js`).sanitizeRecordNames(e.record);
    return e.next();
  },
  "images",
);
