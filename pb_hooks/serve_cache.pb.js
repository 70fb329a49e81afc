/// <reference path="../pb_data/types.d.ts" />
/* global onRecordAfterUpdateSuccess, onRecordAfterDeleteSuccess, onSettingsReload */
/**
 * The visitor image route's in-memory cache (lib/core/serve_cache.js) is stale the moment a gallery, an image or
 * the server's secret changes: after every committed save or delete of one, its epoch moves on. A settings
 * change moves it too: each VM's handle on the local storage (serve_cache.filesystem) is then made again, or dropped for S3.
 */

/** One handler for every event that moves the epoch. PocketBase runs a handler from its source in its own VM, so it requires what it uses. */
function forgetServeCache(e) {
  require(`${__hooks}/lib/core/serve_cache.js`).forget();
  return e.next();
}

onRecordAfterUpdateSuccess(forgetServeCache, "clients", "images", "server_secrets");
onRecordAfterDeleteSuccess(forgetServeCache, "clients", "images", "server_secrets");
onSettingsReload(forgetServeCache);
