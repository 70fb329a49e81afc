/**
 * SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) in plain JavaScript, for lib/rules/sigv4.js: PocketBase's JS
 * engine (goja) has no Node crypto and no guaranteed TextEncoder. Pure: no PocketBase globals, unit-tested in
 * Node against Node's crypto (sigv4.test.ts). HMAC's states after its key's block can be kept (hmacStates), so
 * a key used again costs only its message's blocks.
 */
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

/** @typedef {[number, number, number, number, number, number, number, number]} State */
/** @type {State} */
const INITIAL = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

/**
 * Runs SHA-256's compression over the 16-word blocks of `w` (big-endian 32-bit words) into `h`, in place.
 * Written for PocketBase's JS engine, an interpreter: locals only, one schedule array reused.
 * @param {State} h @param {any[]} w
 */
function compress(h, w) {
  const k = K;
  const m = new Array(64);
  for (let block = 0; block < w.length; block += 16) {
    for (let t = 0; t < 16; t++) m[t] = w[block + t] | 0;
    for (let t = 16; t < 64; t++) {
      const x = m[t - 15];
      const y = m[t - 2];
      m[t] = (m[t - 16] + (((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)) + m[t - 7] + (((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10))) | 0;
    }
    let a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (let t = 0; t < 64; t++) {
      const t1 = (hh + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + ((e & f) ^ (~e & g)) + /** @type {number} */ (k[t]) + m[t]) | 0;
      const t2 = ((((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      hh = g;
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
    h[7] = (h[7] + hh) | 0;
  }
}

/**
 * SHA-256 of `data` following `prefixBytes` bytes (a multiple of 64) already compressed into `state`.
 * @param {State} state @param {number} prefixBytes @param {string | ArrayLike<number>} data @returns {number[]} 32 bytes
 */
function sha256From(state, prefixBytes, data) {
  const bytes = bytesOf(data);
  const length = bytes.length;
  const total = prefixBytes + length;
  const words = ((length + 9 + 63) >> 6) << 4; // 32-bit words, whole 64-byte blocks
  /** @type {any[]} numbers; `any` as index reads of a number[] are typed possibly undefined */
  const w = [];
  for (let i = 0; i < words; i++) w.push(0);
  for (let i = 0; i < length; i++) w[i >> 2] |= (/** @type {number} */ (bytes[i]) & 255) << (24 - (i & 3) * 8);
  w[length >> 2] |= 0x80 << (24 - (length & 3) * 8);
  w[words - 1] = (total * 8) >>> 0;
  w[words - 2] = Math.floor(total / 0x20000000);
  /** @type {State} */
  const h = [state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7]];
  compress(h, w);
  /** @type {number[]} */
  const out = [];
  for (const word of h) out.push((word >>> 24) & 255, (word >>> 16) & 255, (word >>> 8) & 255, word & 255);
  return out;
}

/** SHA-256 of a string (as UTF-8) or bytes. @param {string | ArrayLike<number>} data @returns {number[]} 32 bytes */
function sha256(data) {
  return sha256From(INITIAL, 0, data);
}

/**
 * HMAC-SHA256's two states after its key's block (RFC 2104), kept so that a key used again (the day's
 * signing key) costs no hashing of its own.
 * @param {string | ArrayLike<number>} key @returns {{ inner: State, outer: State }}
 */
function hmacStates(key) {
  let k = Array.prototype.slice.call(bytesOf(key));
  if (k.length > 64) k = sha256(k);
  while (k.length < 64) k.push(0);
  /** @param {number} pad @returns {State} */
  const stateOf = (pad) => {
    /** @type {number[]} */
    const w = [];
    for (let i = 0; i < 16; i++) w.push((((k[4 * i] ^ pad) << 24) | ((k[4 * i + 1] ^ pad) << 16) | ((k[4 * i + 2] ^ pad) << 8) | (k[4 * i + 3] ^ pad)) | 0);
    /** @type {State} */
    const h = [INITIAL[0], INITIAL[1], INITIAL[2], INITIAL[3], INITIAL[4], INITIAL[5], INITIAL[6], INITIAL[7]];
    compress(h, w);
    return h;
  };
  return { inner: stateOf(0x36), outer: stateOf(0x5c) };
}

/** @param {{ inner: State, outer: State }} states @param {string | ArrayLike<number>} data @returns {number[]} */
function hmacWith(states, data) {
  return sha256From(states.outer, 64, sha256From(states.inner, 64, data));
}

/** HMAC-SHA256 (RFC 2104). @param {string | ArrayLike<number>} key @param {string | ArrayLike<number>} data @returns {number[]} */
function hmacSha256(key, data) {
  return hmacWith(hmacStates(key), data);
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

module.exports = { utf8, sha256, sha256From, hmacStates, hmacWith, hmacSha256, hex };
