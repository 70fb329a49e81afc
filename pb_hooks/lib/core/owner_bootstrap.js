/** Creates or promotes the studio owner from OWNER_EMAIL / OWNER_PASSWORD when none exists. */
function ensureStudioOwner() {
  const owners = $app.countRecords("users", $dbx.hashExp({ isStudioOwner: true }));
  if (owners > 0) return;
  const email = ($os.getenv("OWNER_EMAIL") || "").trim();
  const password = $os.getenv("OWNER_PASSWORD") || "";
  if (!email || !password) {
    console.log(
      "\nNo studio owner exists yet. Stop the server and start it once with the owner's sign-in:\n" +
        "  OWNER_EMAIL=you@example.com OWNER_PASSWORD='at-least-6-characters' npm start\n",
    );
    return;
  }
  let user;
  try {
    user = $app.findAuthRecordByEmail("users", email);
  } catch (_) {
    user = new Record($app.findCollectionByNameOrId("users"));
    user.setEmail(email);
  }
  user.setPassword(password);
  user.setVerified(true);
  user.set("isStudioOwner", true);
  $app.save(user);
  console.log("Studio owner " + email + " is ready: sign in with that email and password.");
}

module.exports = { ensureStudioOwner };
