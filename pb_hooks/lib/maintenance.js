/**
 * The maintenance superuser (scripts/lib/admin.mjs has the same address): created when missing, its
 * password set to `password`, or to 48 random characters when `password` is empty. Uses PocketBase globals.
 */
const MAINTENANCE_EMAIL = "maintenance@studio-gallery.local";

function setMaintenancePassword(password) {
  let record;
  try {
    record = $app.findAuthRecordByEmail("_superusers", MAINTENANCE_EMAIL);
  } catch (_) {
    record = new Record($app.findCollectionByNameOrId("_superusers"));
    record.setEmail(MAINTENANCE_EMAIL);
  }
  record.setPassword(password || $security.randomString(48));
  $app.save(record);
}

function hasSuperuser() {
  return $app.countRecords("_superusers") > 0;
}

module.exports = { MAINTENANCE_EMAIL, setMaintenancePassword, hasSuperuser };
