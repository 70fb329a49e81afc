/**
 * What the visitor image route (`/api/gallery/image/{id}`) reads on every request, kept in memory for a
 * short while and shared by all of PocketBase's JS VMs (`$app.store()`), so that a request costs no
 * query: the image's gallery and file names, the gallery's record, the server's token secret, and each
 * stored file's sniffed Content-Type. The checks themselves still run on every request (gallery open,
 * session token signed with the current code and carrying the current session generation, delivery gate).
 *
 * Invariants a change must keep:
 * - revocation is immediate: any save or delete of a client, an image or a server secret raises one
 *   epoch (serve_cache.pb.js, after the change is committed), and an entry counts only while the epoch it
 *   was read under is the current one. The epoch is read BEFORE the database, so an entry read before a
 *   change can never pass for one read after it;
 * - entries are never changed once stored (other VMs read them at the same time): a new read replaces one;
 * - what is cached is only ever a copy of the database, never a decision, and "not found" is not cached;
 * - a change that bypasses the record hooks (raw SQL) is seen within the lifetime (TTL_MS);
 * - at most MAX_ENTRIES entries: when full, every entry is dropped and the cache fills again;
 * - the storage handle of each VM (`filesystem()`) is opened again when the epoch moves, which a settings
 *   change (S3 on or off, serve_cache.pb.js) also does.
 * Galleries and the secret (few, read on every request) also have a copy per VM as plain JS objects, under
 * the same epoch and the shared entry's own lifetime: even as JSON text a shared entry costs a parse.
 */
const PREFIX = "sg_serve:";
const EPOCH_KEY = "sg_serve_epoch";
const TTL_MS = { client: 10 * 1000, secret: 10 * 1000, image: 60 * 1000 };
const MAX_ENTRIES = 20000;
const LOCAL_MAX = 256;
/** Thumbnails' bytes kept in memory (smallFile). */
const SMALL_FILE_BYTES = 64 * 1024;
const SMALL_FILES_BUDGET = 16 * 1024 * 1024;
const SMALL_PREFIX = PREFIX + "small:";
const SMALL_TOTAL_KEY = "sg_serve_small_total";
const TOO_LARGE = "large";

/** The app's shared store (module state: one per VM; the app keeps one store for its lifetime). */
let sharedStore = null;
function store() {
  return sharedStore || (sharedStore = $app.store());
}

/**
 * The store's `get`, looked up once per VM: each `store().get` looks the Go method up by name again, which
 * cost about twice the call itself (1-3 us a lookup, measured in PocketBase's VM); the method value is bound
 * to the store, which lives as long as the app.
 */
let boundGet = null;
function sharedGet(key) {
  return (boundGet || (boundGet = store().get))(key);
}

/**
 * The current epoch. A request may read it once and pass it to every read below (`at`), as the image route
 * does: each read of it is a call into Go. Read before the entries it labels, as always.
 */
function epoch() {
  return sharedGet(EPOCH_KEY) || 0;
}

/** Every entry is stale from now on: called after a client, image or server secret is saved or deleted. */
function forget() {
  store().setFunc(EPOCH_KEY, (old) => (old || 0) + 1);
}

/** Removes every shared entry whose key starts with `prefix` (the small files' total with them). */
function dropAll(prefix) {
  const shared = store();
  for (const k of Object.keys(shared.getAll())) if (k.indexOf(prefix) === 0) shared.remove(k);
  shared.remove(SMALL_TOTAL_KEY);
}

function put(key, entry) {
  const shared = store();
  if (shared.setIfLessThanLimit(key, entry, MAX_ENTRIES)) return;
  dropAll(PREFIX);
  shared.setIfLessThanLimit(key, entry, MAX_ENTRIES);
}

/**
 * The entry `{ at, value }` of `load()` (throws what load throws), read at most once per epoch and lifetime
 * of `kind`. Shared entries are kept as JSON text: one string crosses from Go, where a stored object was
 * a Go map whose every field read from JS was a reflected call (about 20 us an image entry, measured).
 */
function rememberEntry(kind, id, load, at) {
  const key = PREFIX + kind + ":" + id;
  const current = at === undefined ? epoch() : at;
  const now = Date.now();
  const text = sharedGet(key);
  const entry = text ? JSON.parse(text) : null;
  if (entry && entry.epoch === current && now - entry.at < TTL_MS[kind]) return entry;
  const fresh = { epoch: current, at: now, value: load() };
  put(key, JSON.stringify(fresh));
  return fresh;
}

function remember(kind, id, load, at) {
  return rememberEntry(kind, id, load, at).value;
}

/** This VM's copies (module state: one per VM), dropped whole when the epoch moves or LOCAL_MAX is reached. */
const local = { epoch: -1, count: 0, entries: {} };

/**
 * As remember(), through this VM's copy: `copy(value)` makes the plain JS object kept here. The copy keeps
 * the shared entry's read time, so it never outlives the shared entry's lifetime; the epoch is read before
 * the shared entry, so a copy is labelled with an epoch no newer than the one it was read under.
 */
function rememberLocal(kind, id, load, copy, at) {
  const current = at === undefined ? epoch() : at;
  if (local.epoch !== current || local.count >= LOCAL_MAX) {
    local.epoch = current;
    local.count = 0;
    local.entries = {};
  }
  const key = kind + ":" + id;
  const hit = local.entries[key];
  if (hit && Date.now() - hit.at < TTL_MS[kind]) return hit.value;
  const shared = rememberEntry(kind, id, load, current);
  const entry = { at: shared.at, value: copy(shared.value) };
  if (!hit) local.count++;
  local.entries[key] = entry;
  return entry.value;
}

/**
 * The image's gallery id, original name, stored file names (by field) and, for a clip (issue 38), its kind and
 * web version's status, or throws when not found. `at`: the epoch, if read.
 */
function image(imageId, at) {
  return remember("image", imageId, () => {
    const record = $app.findRecordById("images", imageId);
    const files = {};
    for (const field of ["original", "thumbnail", "medium", "large", "preview", "jpeg", "webVideo"]) files[field] = record.getString(field);
    // `trashed` (issue 43): a photo in the trash is gone for visitors (lib/handlers/image_route.js).
    return { id: record.id, client: record.getString("client"), originalName: record.getString("originalName"), base: record.baseFilesPath(), files: files, kind: record.getString("kind"), webStatus: record.getString("webStatus"), trashed: record.getString("trashedAt") !== "" };
  }, at);
}

const CLIENT_TEXT_FIELDS = ["name", "expirationDate", "accessUrl", "accessCode", "downloadMode", "downloadPin", "originalsAs"];

/** A plain JS copy of a cached gallery (a Go value when it comes from the shared store). */
function copyClient(c) {
  const plain = { id: String(c.id), sessionGeneration: Number(c.sessionGeneration) || 0, enabled: !!c.enabled };
  for (const f of CLIENT_TEXT_FIELDS) plain[f] = String(c[f]);
  return plain;
}

/** The gallery's fields the image route checks, or throws when not found. */
function client(clientId, at) {
  return rememberLocal(
    "client",
    clientId,
    () => {
      const r = $app.findRecordById("clients", clientId);
      // A gallery in the trash (issue 43) is closed, as a disabled one.
      const plain = { id: r.id, sessionGeneration: r.getInt("sessionGeneration"), enabled: r.getBool("enabled") && !r.getString("trashedAt") };
      for (const f of CLIENT_TEXT_FIELDS) plain[f] = r.getString(f);
      return plain;
    },
    copyClient,
    at,
  );
}

/** The secret gallery session tokens are signed with. */
function serverSecret(at) {
  return rememberLocal("secret", "gallery_token", () => $app.findFirstRecordByData("server_secrets", "key", "gallery_token").getString("value"), String, at);
}

/**
 * The Content-Type sniffed from a stored file's bytes at upload (lib/core/image_files.js), by storage key. A key
 * names one upload's bytes for good (every upload gets a new name), so this needs no epoch.
 */
function contentType(key, read) {
  const cacheKey = PREFIX + "type:" + key;
  const known = sharedGet(cacheKey);
  if (known) return known;
  const type = read();
  if (type !== "application/octet-stream") put(cacheKey, type); // also what a failed read answers: read again
  return type;
}

/**
 * This VM's storage handle and the epoch it was opened under (module state: one per VM), and on local
 * storage the same folder as a plain file system (`$os.dirFS`), which lib/core/image_files.js serves images
 * from without the storage's reader (null on S3).
 */
/** @type {{ epoch: number, fsys: filesystem.System | null, dir: fs.FS | null }} */
const storage = { epoch: -1, fsys: null, dir: null };

/**
 * The local storage (`$app.newFilesystem()`), opened once per VM and epoch rather than once per request
 * (opening it costs a directory creation and a stat on every image), or null on S3, whose handle holds a
 * client: the caller then opens and closes one per file as before, since a VM PocketBase builds past its
 * pool is dropped without being told. A settings change (S3 on or off) moves the epoch too
 * (serve_cache.pb.js), so a handle never outlives the storage it names. A VM runs one request at a time,
 * so its handle is never shared.
 */
function filesystem(at) {
  const current = at === undefined ? epoch() : at;
  if (storage.epoch === current) return storage.fsys;
  if (storage.fsys) {
    try {
      storage.fsys.close();
    } catch (_) {
      // already closed: nothing to give back
    }
  }
  const local = !$app.settings().s3.enabled;
  storage.fsys = local ? $app.newFilesystem() : null;
  storage.dir = local ? $os.dirFS(localStorageFolder()) : null;
  storage.epoch = current;
  return storage.fsys;
}

/** PocketBase's local storage: the data folder's "storage" (what newFilesystem() opens). */
function localStorageFolder() {
  return $app.dataDir() + "/storage";
}

/** The local storage folder as a file system, opened with this VM's handle (filesystem()); null on S3. */
function localFiles(at) {
  filesystem(at);
  return storage.dir;
}

/**
 * Thumbnails' bytes, shared by every VM (issue 28: the image endpoint against a static file). A gallery
 * page asks for hundreds of thumbnails of a few KB each, and opening, reading and closing the file cost
 * more than the checks around it. A storage key names one upload's bytes for good, so the bytes need no
 * epoch (as contentType); the checks still run on every request before they are sent. Only files of at
 * most SMALL_FILE_BYTES are kept (a larger one is remembered as such and read from disk), and at most
 * SMALL_FILES_BUDGET bytes in all: past it, every kept file is dropped and the cache fills again. Kept as
 * the Go byte slice `$os.readFile` gives: it goes back to `e.blob` without crossing into JavaScript.
 * Answers the bytes of `key` from the local storage folder when it is small, else null (read from disk instead).
 */
function smallFile(key) {
  const cacheKey = SMALL_PREFIX + key;
  const known = sharedGet(cacheKey);
  if (known) return known === TOO_LARGE ? null : known;
  const bytes = $os.readFile(localStorageFolder() + "/" + key);
  if (bytes.length > SMALL_FILE_BYTES) {
    put(cacheKey, TOO_LARGE);
    return null;
  }
  const shared = store();
  let total = 0;
  shared.setFunc(SMALL_TOTAL_KEY, (old) => (total = (old || 0) + bytes.length));
  if (total > SMALL_FILES_BUDGET) {
    dropAll(SMALL_PREFIX);
    shared.set(SMALL_TOTAL_KEY, bytes.length);
  }
  put(cacheKey, bytes);
  return bytes;
}

module.exports = { epoch, forget, image, client, serverSecret, contentType, filesystem, localFiles, smallFile, TTL_MS, MAX_ENTRIES, SMALL_FILE_BYTES, SMALL_FILES_BUDGET };
