/// <reference path="../pb_data/types.d.ts" />
/** Client records: defaults on every save, the owner relation and `enabled` default on API creates. */
onRecordCreateRequest((e) => {
  const body = e.requestInfo().body || {};
  if (!Object.prototype.hasOwnProperty.call(body, "enabled")) e.record.set("enabled", true);
  if (e.auth && e.auth.collection().name === "users") e.record.set("owner", e.auth.id);
  return e.next();
}, "clients");

onRecordCreate((e) => {
  require(`${__hooks}/lib/client_defaults.js`).applyClientDefaults(e.record);
  return e.next();
}, "clients");

onRecordUpdate((e) => {
  require(`${__hooks}/lib/client_defaults.js`).applyClientDefaults(e.record);
  return e.next();
}, "clients");
