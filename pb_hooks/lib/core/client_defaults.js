/**
 * Defaults and checks of a client record (PocketBase has no field defaults): a blank accessUrl becomes 10
 * random lowercase alphanumerics (unique), a blank accessCode 6 uppercase alphanumerics, a blank eventType
 * "Wedding", a new client's blank originalsAs "shot". Reserved or malformed accessUrls are refused, and so is an access code that another client
 * has in its normalised form (lib/rules/contract.js); `accessKey` stores that form under a unique index.
 * The save pipeline (lib/handlers/save_pipeline.js) runs applyClientDefaults first, and applyAccessKey and
 * applyGeneration once, after the sync rules decided which values a request keeps.
 * Uses PocketBase globals; required in handlers.
 */
const rules = require(`${__hooks}/lib/rules/rules.js`);

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
    throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(400, "invalid_access_url", undefined, { accessUrl: "invalid_access_url" });
  }
  record.set("accessUrl", accessUrl);
  if (!record.getString("accessCode").trim()) {
    let code;
    do {
      code = $security.randomStringWithAlphabet(rules.ACCESS_CODE_LENGTH, rules.ACCESS_CODE_ALPHABET);
    } while (isAccessCodeTaken(code, record.id));
    record.set("accessCode", code);
  }
  record.set("name", require(`${__hooks}/lib/rules/bidi.js`).stripBidiControls(record.getString("name")));
  if (!record.getString("eventType")) record.set("eventType", rules.DEFAULT_EVENT_TYPE);
  // Originals as shot unless the owner asks for JPEGs (issue 25); only on create, so no update fights a device's edit.
  if (record.isNew() && !record.getString("originalsAs")) record.set("originalsAs", "shot");
}

/** Whether another client has this code, normalised (shared codes from before uniqueness included). */
function isAccessCodeTaken(code, exceptId) {
  const key = rules.normalizeAccessCode(code);
  if (!key) return false;
  const rows = /** @type {core.Record[]} */ ($app.findRecordsByFilter("clients", "(accessKey = {:key} || codeShared = true) && id != {:id}", "", 0, 0, { key, id: exceptId || "" }));
  return rows.some((r) => rules.normalizeAccessCode(r.getString("accessCode")) === key);
}

/**
 * Sets `accessKey` and `codeShared` (neither is the owner's to set): a new code must be free; a client
 * flagged as sharing its code stays flagged, without a key, until its code changes or, once no other
 * client has that code, until it is saved again.
 */
function applyAccessKey(record) {
  const original = record.isNew() ? null : record.original();
  const code = record.getString("accessCode");
  const codeChanged = !original || rules.normalizeAccessCode(original.getString("accessCode")) !== rules.normalizeAccessCode(code);
  const wasShared = !!original && original.getBool("codeShared");
  if (wasShared && !codeChanged && isAccessCodeTaken(code, record.id)) {
    record.set("codeShared", true);
    record.set("accessKey", "");
    return;
  }
  if (codeChanged && isAccessCodeTaken(code, record.id)) {
    throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(400, "access_code_taken", undefined, { accessCode: "access_code_taken" });
  }
  record.set("codeShared", false);
  record.set("accessKey", rules.normalizeAccessCode(code));
}

/**
 * The session generation, derived from the stored one on every save (so neither the owner nor a device can
 * set it, and running twice changes nothing): one up when the gallery is disabled, its expiry changes or
 * its code or its download PIN changes (so a PIN changed and changed back revives no old PIN proof).
 */
function applyGeneration(record) {
  if (record.isNew()) {
    record.set("sessionGeneration", 0);
    return;
  }
  const original = record.original();
  const before = original.getInt("sessionGeneration");
  const disabled = original.getBool("enabled") && !record.getBool("enabled");
  const expiryChanged = original.getString("expirationDate") !== record.getString("expirationDate");
  const codeChanged = rules.normalizeAccessCode(original.getString("accessCode")) !== rules.normalizeAccessCode(record.getString("accessCode"));
  const pinChanged = original.getString("downloadPin") !== record.getString("downloadPin");
  record.set("sessionGeneration", before + (disabled || expiryChanged || codeChanged || pinChanged ? 1 : 0));
}

module.exports = { applyClientDefaults, applyAccessKey, applyGeneration };
