/**
 * The owner's account changes that PocketBase's record API does not allow a user to make directly:
 * the username is the account's email (DESIGN.md, decision 7), and PocketBase changes an email only
 * through a confirmation mail. A signed-in studio owner changes it here, at once, and gets a fresh token.
 */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function normalizeUsername(value) {
  return typeof value === "string" ? value.trim().toLowerCase() : "";
}

function isValidUsername(value) {
  return value.length <= 254 && EMAIL.test(value);
}

/** POST /api/admin/update-username {username} -> {token, record}; the studio owner only (lib/handlers/owner_routes.js). */
function updateUsername(e) {
  const username = normalizeUsername((e.requestInfo().body || {}).username);
  if (!isValidUsername(username)) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(400, "username_invalid", undefined, { username: "username_invalid" });
  const user = $app.findRecordById("users", e.auth.id);
  if (user.email() !== username) {
    let other;
    try {
      other = $app.findAuthRecordByEmail("users", username);
    } catch (_) {
      other = null; // free
    }
    if (other && other.id !== user.id) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(400, "email_taken", undefined, { username: "email_taken" });
    user.setEmail(username);
    user.setVerified(true);
    $app.save(user);
  }
  return $apis.recordAuthResponse(e, user, "", null);
}

module.exports = { updateUsername, normalizeUsername, isValidUsername };
