/// <reference path="../pb_data/types.d.ts" />
/* global onBootstrap, onBackupCreate, onBackupRestore */
/**
 * The server's epoch (lib/core/server_epoch.js): written at the first start, renewed by every restore, never part
 * of a backup. GET /api/sync/now (sync.pb.js) tells devices which one they talk to, and which process
 * answers (`boot`, new at every start).
 */
onBootstrap((e) => {
  e.next();
  if ($os.args.indexOf("serve") === 1) require(`${__hooks}/lib/core/server_epoch.js`).ensureEpoch(e.app);
  // This process's identity (GET /api/sync/now's `boot`): `npm run restore` waits for a new one, the sign
  // that PocketBase restarted into the backup (the epoch changes before the swap, so it cannot tell).
  e.app.store().set("serverBoot", $security.randomString(12));
});

onBackupCreate((e) => {
  e.exclude = e.exclude.concat([require(`${__hooks}/lib/core/server_epoch.js`).EPOCH_FILE]);
  return e.next();
});

// Before the swap: on success PocketBase restarts the process and nothing after e.next() runs.
onBackupRestore((e) => {
  const epoch = require(`${__hooks}/lib/core/server_epoch.js`);
  e.exclude = e.exclude.concat([epoch.EPOCH_FILE]);
  epoch.renewEpoch(e.app, "restored " + e.name);
  return e.next();
});
