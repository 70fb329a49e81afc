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

// ---- SHA-256 (FIPS 180-4) on byte arrays ----
const K = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

/** The UTF-8 bytes of a string. @param {string} text @returns {number[]} */
function utf8(text) {
  /** @type {number[]} */
  const out = [];
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
        i++;
      }
    }
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return out;
}

/** @param {string | ArrayLike<number>} data @returns {ArrayLike<number>} */
function bytesOf(data) {
  return typeof data === "string" ? utf8(data) : data;
}

/** SHA-256 of a string (as UTF-8) or bytes. @param {string | ArrayLike<number>} data @returns {number[]} 32 bytes */
function sha256(data) {
  const bytes = bytesOf(data);
  const length = bytes.length;
  const blocks = ((length + 9 + 63) >> 6) << 4; // 32-bit words, whole 64-byte blocks
  const w = new Array(blocks).fill(0);
  for (let i = 0; i < length; i++) w[i >> 2] |= (/** @type {number} */ (bytes[i]) & 255) << (24 - (i & 3) * 8);
  w[length >> 2] |= 0x80 << (24 - (length & 3) * 8);
  w[blocks - 1] = (length * 8) >>> 0;
  w[blocks - 2] = Math.floor(length / 0x20000000);
  /** @type {[number, number, number, number, number, number, number, number]} */
  const h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
  const m = new Array(64);
  for (let block = 0; block < blocks; block += 16) {
    for (let t = 0; t < 16; t++) m[t] = w[block + t] | 0;
    for (let t = 16; t < 64; t++) {
      const x = m[t - 15];
      const y = m[t - 2];
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      m[t] = (m[t - 16] + s0 + m[t - 7] + s1) | 0;
    }
    let a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
    for (let t = 0; t < 64; t++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (k + S1 + ch + /** @type {number} */ (K[t]) + m[t]) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) | 0;
      k = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h[0] = (h[0] + a) | 0;
    h[1] = (h[1] + b) | 0;
    h[2] = (h[2] + c) | 0;
    h[3] = (h[3] + d) | 0;
    h[4] = (h[4] + e) | 0;
    h[5] = (h[5] + f) | 0;
    h[6] = (h[6] + g) | 0;
    h[7] = (h[7] + k) | 0;
  }
  /** @type {number[]} */
  const out = [];
  for (const word of h) out.push((word >>> 24) & 255, (word >>> 16) & 255, (word >>> 8) & 255, word & 255);
  return out;
}

/** HMAC-SHA256 (RFC 2104). @param {string | ArrayLike<number>} key @param {string | ArrayLike<number>} data @returns {number[]} */
function hmacSha256(key, data) {
  let k = Array.prototype.slice.call(bytesOf(key));
  if (k.length > 64) k = sha256(k);
  while (k.length < 64) k.push(0);
  const message = bytesOf(data);
  const inner = k.map((x) => x ^ 0x36);
  for (let i = 0; i < message.length; i++) inner.push(/** @type {number} */ (message[i]) & 255);
  const outer = k.map((x) => x ^ 0x5c).concat(sha256(inner));
  return sha256(outer);
}

/** @param {ArrayLike<number>} bytes @returns {string} lower-case hex */
function hex(bytes) {
  let out = "";
  for (let i = 0; i < bytes.length; i++) {
    const byte = /** @type {number} */ (bytes[i]);
    out += (byte < 16 ? "0" : "") + byte.toString(16);
  }
  return out;
}

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
 * The signing keys derived (four HMACs each), by secret, day and region: a key holds for a whole UTC day, so
 * a presigned URL or a signed call costs one HMAC instead of five. Kept per JS engine (PocketBase's pool has
 * a few); a few entries at most (a new day, a changed secret), the oldest dropped past SIGNING_KEYS_KEPT.
 * @type {Map<string, number[]>}
 */
const signingKeys = new Map();
const SIGNING_KEYS_KEPT = 8;

/** @param {StoreConfig} config @param {string} day @returns {number[]} */
function signingKey(config, day) {
  const id = day + "\n" + config.region + "\n" + config.secret;
  const kept = signingKeys.get(id);
  if (kept) return kept;
  const kDate = hmacSha256("AWS4" + config.secret, day);
  const kRegion = hmacSha256(kDate, config.region);
  const kService = hmacSha256(kRegion, "s3");
  const kSigning = hmacSha256(kService, "aws4_request");
  if (signingKeys.size >= SIGNING_KEYS_KEPT) signingKeys.delete(/** @type {string} */ (signingKeys.keys().next().value));
  signingKeys.set(id, kSigning);
  return kSigning;
}

/** @param {StoreConfig} config @param {string} day @param {string} stringToSign @returns {string} */
function signature(config, day, stringToSign) {
  return hex(hmacSha256(signingKey(config, day), stringToSign));
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
  const stringToSign = [ALGORITHM, stamp, scope, hex(sha256(request))].join("\n");
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

module.exports = { sha256, hmacSha256, hex, utf8, uriEncode, presignUrl, signRequest, EMPTY_SHA256, UNSIGNED };
