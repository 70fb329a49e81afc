/**
 * The studio's object storage (S3-compatible bucket) as the hooks reach it: the configuration PocketBase's own
 * S3 settings hold (applied from the S3_* variables at start, lib/core/deploy_settings.js), signed calls to the
 * bucket through `$http.send`, and presigned URLs for browsers (lib/rules/sigv4.js signs both).
 *
 * Direct mode (the default with object storage; `S3_DIRECT=false` turns it off): browsers fetch files from the
 * bucket with short-lived presigned URLs the server hands out after its checks, and owners' devices upload to it,
 * so the bytes never pass through this process. `S3_PUBLIC_ENDPOINT` is the bucket's address as browsers reach it
 * when that differs from the server's (`S3_ENDPOINT`), e.g. an internal address on the server's network.
 */
/**
 * lib/rules/sigv4.js, required when first needed (a VM that only reads URLs others signed never compiles it),
 * with the canonical request's hash in Go (PocketBase's own SHA-256 of the text's UTF-8 bytes): in this JS
 * engine, an interpreter, hashing its few hundred bytes in JavaScript cost milliseconds.
 */
let sigv4Module = null;
function signer() {
  if (!sigv4Module) {
    sigv4Module = require(`${__hooks}/lib/rules/sigv4.js`);
    sigv4Module.useSha256Hex((text) => $security.sha256(text));
  }
  return sigv4Module;
}

const FALSY = ["0", "false", "no", "off"];

/** @typedef {{ endpoint: string, publicEndpoint?: string, bucket: string, region: string, accessKey: string, secret: string, forcePathStyle: boolean }} StoreConfig */

/** @param {string} name @returns {string} */
function env(name) {
  return String($os.getenv(name) || "").trim();
}

/** @param {string} endpoint @returns {string} */
function withScheme(endpoint) {
  const trimmed = String(endpoint || "").trim().replace(/\/+$/, "");
  return /^https?:\/\//i.test(trimmed) ? trimmed : "https://" + trimmed;
}

/**
 * The bucket's configuration, or null when files are on the local disk.
 * @param {any} app @returns {StoreConfig | null}
 */
function storeConfig(app) {
  const s3 = app.settings().s3;
  if (!s3 || !s3.enabled) return null;
  /** @type {StoreConfig} */
  const config = {
    endpoint: withScheme(s3.endpoint),
    bucket: String(s3.bucket),
    region: String(s3.region),
    accessKey: String(s3.accessKey),
    secret: String(s3.secret),
    forcePathStyle: !!s3.forcePathStyle,
  };
  const publicEndpoint = env("S3_PUBLIC_ENDPOINT");
  if (publicEndpoint) config.publicEndpoint = withScheme(publicEndpoint);
  return config;
}

/** Object storage on and direct mode not turned off. @param {any} app @returns {boolean} */
function directEnabled(app) {
  if (FALSY.indexOf(env("S3_DIRECT").toLowerCase()) >= 0) return false;
  return storeConfig(app) !== null;
}

/**
 * The browsers' origin of the bucket (scheme://host[:port]), for the CSP; null without object storage.
 * @param {any} app @returns {string | null}
 */
function publicOrigin(app) {
  const config = storeConfig(app);
  if (!config) return null;
  const url = signer().presignUrl(config, { method: "GET", key: "x", expires: 1, now: new Date(0) });
  const match = /^(https?:\/\/[^/]+)/.exec(url);
  return match ? String(match[1]) : null;
}

/**
 * A file's key in the bucket, PocketBase's own layout: `<collectionId>/<recordId>/<filename>`.
 * @param {any} app @param {string} collectionNameOrId @param {string} recordId @param {string} filename @returns {string}
 */
function objectKey(app, collectionNameOrId, recordId, filename) {
  const collection = app.findCachedCollectionByNameOrId(collectionNameOrId);
  return collection.id + "/" + recordId + "/" + filename;
}

/** A header of a `$http.send` answer, by name in any case. @param {{ [name: string]: string[] }} headers @param {string} name @returns {string} */
function header(headers, name) {
  const wanted = name.toLowerCase();
  for (const key of Object.keys(headers || {})) if (key.toLowerCase() === wanted) return String((headers[key] || [])[0] || "");
  return "";
}

/**
 * A signed call to the bucket (the server's own request, Authorization header).
 * @param {any} app @param {string} method @param {string} key
 * @param {{ query?: { [name: string]: string }, headers?: { [name: string]: string }, body?: string, timeout?: number }} [options]
 * @returns {{ statusCode: number, headers: { [name: string]: string[] }, raw: string, body: number[] }}
 */
function send(app, method, key, options) {
  const config = storeConfig(app);
  if (!config) throw new Error("object storage is not configured");
  const opts = options || {};
  const sigv4 = signer();
  const payloadHash = opts.body === undefined || opts.body === "" ? sigv4.EMPTY_SHA256 : sigv4.hex(sigv4.sha256(opts.body));
  const signed = signer().signRequest(config, { method, key, query: opts.query, headers: opts.headers, payloadHash, now: new Date() });
  /** @type {{ url: string, method: string, headers: { [name: string]: string }, timeout: number, body?: string }} */
  const request = { url: signed.url, method, headers: signed.headers, timeout: opts.timeout || 60 };
  if (opts.body !== undefined) request.body = opts.body;
  const res = $http.send(request);
  return { statusCode: res.statusCode, headers: res.headers, raw: res.raw, body: res.body };
}

/**
 * The object's size, ETag (without quotes) and content type, or null when it does not exist.
 * @param {any} app @param {string} key @returns {{ size: number, etag: string, contentType: string } | null}
 */
function head(app, key) {
  const res = send(app, "HEAD", key);
  if (res.statusCode === 404) return null;
  if (res.statusCode !== 200) throw new Error("object storage HEAD " + key + " answered " + res.statusCode);
  return {
    size: Number(header(res.headers, "content-length")) || 0,
    etag: header(res.headers, "etag").replace(/"/g, ""),
    contentType: header(res.headers, "content-type"),
  };
}

/**
 * Bytes `start`..`end` (inclusive) of an object, as the byte values `$http.send` answers.
 * @param {any} app @param {string} key @param {number} start @param {number} end @returns {number[]}
 */
function readRange(app, key, start, end) {
  const res = send(app, "GET", key, { headers: { Range: "bytes=" + start + "-" + end } });
  if (res.statusCode !== 206 && res.statusCode !== 200) throw new Error("object storage GET " + key + " answered " + res.statusCode);
  return res.body;
}

/**
 * A presigned URL of the object for a browser, on the public endpoint.
 * @param {any} app @param {string} method @param {string} key
 * @param {{ expires: number, now: Date, query?: { [name: string]: string }, headers?: { [name: string]: string } }} options
 * @returns {string}
 */
function presign(app, method, key, options) {
  const config = storeConfig(app);
  if (!config) throw new Error("object storage is not configured");
  return signer().presignUrl(config, { method, key, query: options.query, headers: options.headers, expires: options.expires, now: options.now });
}

/**
 * A presigned URL with a configuration already read (lib/core/direct_delivery.js keeps it per epoch).
 * @param {StoreConfig} config @param {{ method: string, key: string, expires: number, now: Date, query?: { [name: string]: string }, headers?: { [name: string]: string } }} request
 * @returns {string}
 */
function presignUrlOf(config, request) {
  return signer().presignUrl(config, request);
}

module.exports = { presignUrlOf, storeConfig, directEnabled, publicOrigin, objectKey, send, head, readRange, presign, header };
