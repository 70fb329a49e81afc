/**
 * Superusers set from the CLI (`npm run superuser`), and the maintenance superuser (scripts/lib/admin.mjs has
 * the same address): created when missing, its password set to `password`, or to 48 random characters when
 * `password` is empty. Uses PocketBase globals.
 */
const MAINTENANCE_EMAIL = "maintenance@studio-gallery.local";

function setMaintenancePassword(password) {
  upsertSuperuser(MAINTENANCE_EMAIL, password || $security.randomString(48));
}

/** Creates the superuser `email`, or sets its password when it exists; PocketBase validates both. */
function upsertSuperuser(email, password) {
  let record;
  try {
    record = $app.findAuthRecordByEmail("_superusers", email);
  } catch (_) {
    record = new Record($app.findCollectionByNameOrId("_superusers"));
    record.setEmail(email);
  }
  record.setPassword(password);
  $app.save(record);
}

/**
 * The placeholder superuser PocketBase creates when it starts with none, to print its installer link; it
 * stays until someone opens that link. A data folder started that way (by a release before the maintenance
 * superuser) holds only it, and must still get a real one, or the link is printed at every start.
 */
const INSTALLER_EMAIL = "__pbinstaller@example.com";

function hasSuperuser() {
  return $app.countRecords("_superusers", $dbx.not($dbx.hashExp({ email: INSTALLER_EMAIL }))) > 0;
}

module.exports = { MAINTENANCE_EMAIL, setMaintenancePassword, upsertSuperuser, hasSuperuser };
