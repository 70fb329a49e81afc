/**
 * Defaults and checks of a client record (PocketBase has no field defaults): a blank accessUrl becomes 10
 * random lowercase alphanumerics (unique), a blank accessCode 6 uppercase alphanumerics, a blank eventType
 * "Wedding". Reserved or malformed accessUrls are refused. Uses PocketBase globals; required in handlers.
 */
const rules = require(`${__hooks}/lib/rules.js`);

function isAccessUrlTaken(accessUrl, exceptId) {
  try {
    const other = $app.findFirstRecordByData("clients", "accessUrl", accessUrl);
    return other.id !== exceptId;
  } catch (_) {
    return false;
  }
}

function applyClientDefaults(record) {
  let accessUrl = record.getString("accessUrl").trim();
  if (!accessUrl) {
    do {
      accessUrl = $security.randomStringWithAlphabet(rules.ACCESS_URL_LENGTH, rules.ACCESS_URL_ALPHABET);
    } while (isAccessUrlTaken(accessUrl, record.id));
  } else if (!rules.isValidAccessUrl(accessUrl)) {
    throw new BadRequestError("Invalid access URL.", {
      accessUrl: new ValidationError("invalid_access_url", "Use lowercase letters, digits and dashes; 'access' and 'image' are reserved."),
    });
  }
  record.set("accessUrl", accessUrl);
  if (!record.getString("accessCode").trim()) {
    record.set("accessCode", $security.randomStringWithAlphabet(rules.ACCESS_CODE_LENGTH, rules.ACCESS_CODE_ALPHABET));
  }
  if (!record.getString("eventType")) record.set("eventType", rules.DEFAULT_EVENT_TYPE);
}

module.exports = { applyClientDefaults };
