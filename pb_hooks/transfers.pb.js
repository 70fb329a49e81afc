/// <reference path="../pb_data/types.d.ts" />
/**
 * Transfers: an image's `crc32` is set with the record and never changed by an update (lib/transfers.js
 * decides), so the CRC a zip copies is the one the owner's device computed from the original at import.
 */
onRecordUpdate((e) => {
  require(`${__hooks}/lib/transfers.js`).keepCrc32(e.record);
  return e.next();
}, "images");
