/**
 * `pocketbase reset-owner-password` (run by `npm run reset-owner-password`, scripts/reset-owner-password.mjs):
 * sets the studio owner's password from NEW_OWNER_PASSWORD, the way back in when the server has no email.
 * The password comes through the environment of this one process (the script reads it from stdin), never
 * its command line, which other users of the machine can list. Changing it ends every existing session.
 */
function resetOwnerPassword() {
  const password = $os.getenv("NEW_OWNER_PASSWORD") || "";
  if (password.length < 6) throw new Error("The new password must be at least 6 characters.");
  const owners = $app.findRecordsByFilter("users", "isStudioOwner = true", "created", 0, 0);
  if (owners.length !== 1) throw new Error(owners.length ? "More than one studio owner exists; change the password in the dashboard (/_/)." : "No studio owner exists yet: start once with OWNER_EMAIL and OWNER_PASSWORD.");
  const owner = /** @type {core.Record} */ (owners[0]); // the one owner, counted above
  owner.setPassword(password);
  $app.save(owner);
  console.log("The password of " + owner.email() + " is changed: sign in with it.");
}

module.exports = { resetOwnerPassword };
