/**
 * Per-field newest-edit-wins on a save of a synced record, with PocketBase's records: the rule is in
 * lib/rules/sync_rules.js, the fields in the collection registry (lib/records/sync_registry.js); JSON fields compare as
 * values (lib/rules/canonical_json.js). Step 2 of the save pipeline (lib/handlers/save_pipeline.js). Required in handlers.
 */
function fieldsOf(record) {
  return require(`${__hooks}/lib/records/sync_registry.js`).SYNCED_FIELDS[record.collection().name];
}

/** A new record's field times (the fields it was sent with, at their times or now). */
function createTimes(record, now) {
  return require(`${__hooks}/lib/rules/sync_rules.js`).timesForCreate(fieldsOf(record), record.getString("fieldTimes"), now);
}

/** An update's field times; puts back each field the request may not change (an older edit). */
function updateTimes(record, now) {
  const rules = require(`${__hooks}/lib/rules/sync_rules.js`);
  const { sameJsonText } = require(`${__hooks}/lib/rules/canonical_json.js`);
  const original = record.original();
  const collection = record.collection();
  const result = rules.resolveUpdate(
    fieldsOf(record),
    (f) => rules.isFieldChanged(collection.fields.getByName(f).type(), original.getString(f), record.getString(f), sameJsonText),
    original.getString("fieldTimes"),
    record.getString("fieldTimes"),
    now,
  );
  for (const f of result.revert) record.set(f, original.get(f));
  return result.times;
}

/** The field times as stored before this update. */
function storedTimes(record) {
  return require(`${__hooks}/lib/rules/sync_rules.js`).parseTimes(record.original().getString("fieldTimes"));
}

module.exports = { createTimes, updateTimes, storedTimes };
