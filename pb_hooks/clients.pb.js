/// <reference path="../pb_data/types.d.ts" />
/**
 * Client records on API creates: the owner relation and the `enabled` default. Their defaults on every save
 * are a step of the save pipeline (lib/handlers/save_pipeline.js, registered in sync.pb.js).
 */
onRecordCreateRequest((e) => {
  const body = e.requestInfo().body || {};
  if (!Object.prototype.hasOwnProperty.call(body, "enabled")) e.record.set("enabled", true);
  if (e.auth && e.auth.collection().name === "users") e.record.set("owner", e.auth.id);
  return e.next();
}, "clients");
