/**
 * AWS Signature Version 4 for S3-compatible object storage, in plain JavaScript: PocketBase's JS engine
 * (goja) has no Node crypto and no guaranteed TextEncoder, so SHA-256, HMAC-SHA256 and UTF-8 are written
 * here. Pure: no PocketBase globals, unit-tested in Node against AWS's documented examples and against AWS's
 * own implementation (sigv4.test.ts). lib/core/object_store.js uses it for the server's own calls to the
 * bucket and for the short-lived presigned URLs that browsers use (direct delivery and direct uploads).
 *
 * `config` = { endpoint, publicEndpoint?, bucket, region, accessKey, secret, forcePathStyle }; `key` is the
 * object key without the bucket. A presigned URL is built on `publicEndpoint` when given (the address
 * browsers reach the bucket at), a signed request on `endpoint` (the server's own address of it).
 */

const { sha256, hmacStates, hmacWith, hmacSha256, hex, utf8 } = require("./sha256.js");
/** @typedef {import("./sha256.js").State} State */

// ---- Signature V4 ----
const ALGORITHM = "AWS4-HMAC-SHA256";
const UNSIGNED = "UNSIGNED-PAYLOAD";
const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

/** RFC 3986 encoding as SigV4 wants it (unreserved kept; "/" kept in a path when `path`). @param {string} text @param {boolean} [path] */
function uriEncode(text, path) {
  const encoded = encodeURIComponent(text).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
  return path ? encoded.split("%2F").join("/") : encoded;
}

/** "20130524T000000Z" @param {Date} now */
function amzDate(now) {
  return now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** @typedef {{ endpoint: string, publicEndpoint?: string, bucket: string, region: string, accessKey: string, secret: string, forcePathStyle: boolean }} StoreConfig */

/**
 * The URL parts for a key: host (with port) and canonical path, on `base`.
 * @param {StoreConfig} config @param {string} base @param {string} key
 */
function target(config, base, key) {
  const match = /^(https?):\/\/([^/]+)(\/.*)?$/.exec(String(base).replace(/\/+$/, ""));
  if (!match) throw new Error("sigv4: bad endpoint " + base);
  const scheme = String(match[1]);
  let host = String(match[2]).toLowerCase();
  if ((scheme === "http" && /:80$/.test(host)) || (scheme === "https" && /:443$/.test(host))) host = host.replace(/:\d+$/, "");
  const prefix = match[3] || "";
  const encodedKey = uriEncode(String(key).replace(/^\/+/, ""), true);
  if (config.forcePathStyle) return { scheme, host, path: prefix + "/" + uriEncode(config.bucket, false) + "/" + encodedKey };
  return { scheme, host: config.bucket + "." + host, path: prefix + "/" + encodedKey };
}

/** The canonical query string of name/value pairs (sorted by encoded name, then value). @param {{ [name: string]: string }} query */
function canonicalQuery(query) {
  return Object.keys(query)
    .map((name) => /** @type {[string, string]} */ ([uriEncode(name), uriEncode(String(query[name]))]))
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
    .map((pair) => pair[0] + "=" + pair[1])
    .join("&");
}

/**
 * Canonical headers: names lower-case, values trimmed with inner runs of spaces folded, sorted.
 * @param {{ [name: string]: string }} headers @returns {{ canonical: string, signed: string }}
 */
function canonicalHeaders(headers) {
  /** @type {{ [name: string]: string }} */
  const lower = {};
  for (const name of Object.keys(headers)) lower[name.toLowerCase()] = String(headers[name]).trim().replace(/\s+/g, " ");
  const names = Object.keys(lower).sort();
  return { canonical: names.map((n) => n + ":" + lower[n] + "\n").join(""), signed: names.join(";") };
}

/**
 * The day's signing key as HMAC states, for the last secret, day and region (module state: one per VM): a
 * signature then hashes only its string to sign (the key's derivation is four HMACs).
 */
let signingKey = { id: "", states: /** @type {{ inner: State, outer: State } | null} */ (null) };

/** @param {StoreConfig} config @param {string} day @param {string} stringToSign @returns {string} */
function signature(config, day, stringToSign) {
  const id = config.secret + "\n" + day + "\n" + config.region;
  let states = signingKey.id === id ? signingKey.states : null;
  if (!states) {
    const kDate = hmacSha256("AWS4" + config.secret, day);
    const kRegion = hmacSha256(kDate, config.region);
    const kService = hmacSha256(kRegion, "s3");
    states = hmacStates(hmacSha256(kService, "aws4_request"));
    signingKey = { id, states };
  }
  return hex(hmacWith(states, stringToSign));
}

/**
 * A faster SHA-256 (hex of a string's UTF-8 bytes) for the canonical request, when the caller has one: the
 * hooks pass PocketBase's `$security.sha256` (Go), this file staying free of PocketBase globals.
 * @type {((text: string) => string) | null}
 */
let sha256Hex = null;
/** @param {((text: string) => string) | null} fn */
function useSha256Hex(fn) {
  sha256Hex = fn;
}

/**
 * @param {StoreConfig} config @param {string} method @param {string} path @param {string} query canonical
 * @param {{ canonical: string, signed: string }} headers @param {string} payloadHash @param {Date} now
 */
function sign(config, method, path, query, headers, payloadHash, now) {
  const stamp = amzDate(now);
  const day = stamp.slice(0, 8);
  const scope = day + "/" + config.region + "/s3/aws4_request";
  const request = [method.toUpperCase(), path, query, headers.canonical, headers.signed, payloadHash].join("\n");
  const stringToSign = [ALGORITHM, stamp, scope, sha256Hex ? sha256Hex(request) : hex(sha256(request))].join("\n");
  return signature(config, day, stringToSign);
}

/**
 * A presigned URL (query-string auth) on the public endpoint: valid `expires` seconds from `now`. `headers`
 * are signed too, and the caller must send them as given (e.g. content-type, content-md5 on a PUT).
 * @param {StoreConfig} config
 * @param {{ method: string, key: string, query?: { [name: string]: string }, expires: number, now: Date, headers?: { [name: string]: string } }} request
 * @returns {string}
 */
function presignUrl(config, request) {
  const where = target(config, config.publicEndpoint || config.endpoint, request.key);
  const stamp = amzDate(request.now);
  /** @type {{ [name: string]: string }} */
  const headers = { host: where.host };
  const extra = request.headers || {};
  for (const name of Object.keys(extra)) if (name.toLowerCase() !== "host") headers[name] = String(extra[name]);
  const canonical = canonicalHeaders(headers);
  /** @type {{ [name: string]: string }} */
  const query = Object.assign({}, request.query || {});
  query["X-Amz-Algorithm"] = ALGORITHM;
  query["X-Amz-Credential"] = config.accessKey + "/" + stamp.slice(0, 8) + "/" + config.region + "/s3/aws4_request";
  query["X-Amz-Date"] = stamp;
  query["X-Amz-Expires"] = String(Math.max(1, Math.min(604800, Math.floor(request.expires))));
  query["X-Amz-SignedHeaders"] = canonical.signed;
  const queryText = canonicalQuery(query);
  const sig = sign(config, request.method, where.path, queryText, canonical, UNSIGNED, request.now);
  return where.scheme + "://" + where.host + where.path + "?" + queryText + "&X-Amz-Signature=" + sig;
}

/**
 * A request signed in the Authorization header, for the server's own calls (through `$http.send`): send
 * the answered headers (host excluded, which the HTTP client sets) to the answered URL.
 * @param {StoreConfig} config
 * @param {{ method: string, key: string, query?: { [name: string]: string }, headers?: { [name: string]: string }, payloadHash?: string, now: Date }} request
 * @returns {{ url: string, headers: { [name: string]: string } }}
 */
function signRequest(config, request) {
  const where = target(config, config.endpoint, request.key);
  const stamp = amzDate(request.now);
  const payloadHash = request.payloadHash || UNSIGNED;
  /** @type {{ [name: string]: string }} */
  const headers = {};
  const extra = request.headers || {};
  for (const name of Object.keys(extra)) if (name.toLowerCase() !== "host") headers[name] = String(extra[name]);
  headers["x-amz-date"] = stamp;
  headers["x-amz-content-sha256"] = payloadHash;
  const canonical = canonicalHeaders(Object.assign({ host: where.host }, headers));
  const queryText = canonicalQuery(request.query || {});
  const sig = sign(config, request.method, where.path, queryText, canonical, payloadHash, request.now);
  const scope = stamp.slice(0, 8) + "/" + config.region + "/s3/aws4_request";
  headers["Authorization"] = ALGORITHM + " Credential=" + config.accessKey + "/" + scope + ", SignedHeaders=" + canonical.signed + ", Signature=" + sig;
  return { url: where.scheme + "://" + where.host + where.path + (queryText ? "?" + queryText : ""), headers };
}

module.exports = { sha256, hmacSha256, useSha256Hex, hex, utf8, uriEncode, presignUrl, signRequest, EMPTY_SHA256, UNSIGNED };
