/**
 * A minimal S3 client (AWS Signature Version 4, path-style or virtual-hosted) for moving files to a bucket
 * and checking them, from the same S3_* variables PocketBase is configured with. Node's crypto and fetch
 * only, so it runs on a production install. Objects are read whole: photos are at most a few hundred MB.
 */
import { createHash, createHmac } from "node:crypto";

const sha256 = (data) => createHash("sha256").update(data).digest("hex");
const hmac = (key, data) => createHmac("sha256", key).update(data).digest();
/** URI encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ */
const uriEncode = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const encodeKey = (key) => key.split("/").map(uriEncode).join("/");
const TRUTHY = ["1", "true", "yes", "on"];

/** The S3 settings of the environment, or null when S3 is not configured. */
export function s3ConfigFromEnv(env = process.env) {
  if (!env.S3_BUCKET) return null;
  const missing = ["S3_ENDPOINT", "S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY", "S3_SECRET"].filter((n) => !env[n]);
  if (missing.length) throw new Error(`S3 storage is half configured: set ${missing.join(", ")} too.`);
  return {
    endpoint: env.S3_ENDPOINT.replace(/\/+$/, ""),
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKey: env.S3_ACCESS_KEY,
    secret: env.S3_SECRET,
    forcePathStyle: TRUTHY.includes(String(env.S3_FORCE_PATH_STYLE || "").toLowerCase()),
  };
}

/**
 * AWS Signature Version 4 of one request: the Authorization header and the headers as signed (lower-case
 * names). `qs` is the canonical (sorted, encoded) query string, `now` the x-amz-date (YYYYMMDDTHHMMSSZ).
 */
export function signV4(config, { method, pathname, qs, now, payloadHash, headers }) {
  const date = now.slice(0, 8);
  const all = { ...headers, "x-amz-content-sha256": payloadHash, "x-amz-date": now };
  const lower = Object.fromEntries(Object.entries(all).map(([k, v]) => [k.toLowerCase(), String(v).trim()]));
  const names = Object.keys(lower).sort();
  const canonical = [method, pathname, qs, names.map((h) => `${h}:${lower[h]}\n`).join(""), names.join(";"), payloadHash].join("\n");
  const scope = `${date}/${config.region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", now, scope, sha256(canonical)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${config.secret}`, date), config.region), "s3"), "aws4_request");
  const signature = createHmac("sha256", key).update(toSign).digest("hex");
  return { authorization: `AWS4-HMAC-SHA256 Credential=${config.accessKey}/${scope}, SignedHeaders=${names.join(";")}, Signature=${signature}`, lower };
}

export function s3Client(config) {
  const endpoint = new URL(config.endpoint.includes("://") ? config.endpoint : `https://${config.endpoint}`);
  const host = config.forcePathStyle ? endpoint.host : `${config.bucket}.${endpoint.host}`;
  const basePath = config.forcePathStyle ? `/${encodeURIComponent(config.bucket)}` : "";

  async function send(method, key, { query = {}, body, headers = {} } = {}) {
    const now = new Date().toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
    const pathname = `${basePath}/${key ? encodeKey(key) : ""}`;
    const qs = Object.keys(query)
      .sort()
      .map((k) => `${uriEncode(k)}=${uriEncode(query[k])}`)
      .join("&");
    const payloadHash = sha256(body ?? "");
    const { authorization, lower } = signV4(config, { method, pathname, qs, now, payloadHash, headers: { ...headers, host } });
    const sendHeaders = { ...lower };
    delete sendHeaders.host; // fetch sets it
    const res = await fetch(`${endpoint.protocol}//${host}${pathname}${qs ? `?${qs}` : ""}`, {
      method,
      body,
      headers: {
        ...sendHeaders,
        Authorization: authorization,
      },
    });
    return res;
  }

  async function ok(res, what) {
    if (res.ok) return res;
    throw new Error(`S3 ${what} failed (${res.status}): ${(await res.text()).slice(0, 300)}`);
  }

  /** The object's bytes, content type and x-amz-meta-* metadata (names without the prefix), or null when it does not exist. */
  async function getObject(key) {
    const res = await send("GET", key);
    if (res.status === 404) return null;
    await ok(res, `download of ${key}`);
    const metadata = {};
    for (const [name, value] of res.headers) if (name.startsWith("x-amz-meta-")) metadata[name.slice("x-amz-meta-".length)] = value;
    return { bytes: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get("content-type") || "application/octet-stream", metadata };
  }

  return {
    /**
     * Stores bytes under key; S3 checks them against Content-MD5 and refuses a corrupted upload. `metadata`
     * becomes x-amz-meta-* headers (PocketBase keeps a file's original name there).
     */
    async put(key, bytes, contentType = "application/octet-stream", metadata = {}) {
      const md5 = createHash("md5").update(bytes).digest("base64");
      const meta = Object.fromEntries(Object.entries(metadata).map(([k, v]) => [`x-amz-meta-${k.toLowerCase()}`, String(v)]));
      await ok(await send("PUT", key, { body: bytes, headers: { "content-type": contentType, "content-md5": md5, ...meta } }), `upload of ${key}`);
    },
    /** The object's bytes, or null when it does not exist. */
    async get(key) {
      return (await getObject(key))?.bytes ?? null;
    },
    getObject,
    async delete(key) {
      await ok(await send("DELETE", key), `delete of ${key}`);
    },
    /** Every key under prefix (ListObjectsV2, following continuation tokens). */
    async list(prefix = "") {
      const keys = [];
      let token;
      do {
        const query = { "list-type": "2", prefix, ...(token ? { "continuation-token": token } : {}) };
        const xml = await (await ok(await send("GET", "", { query }), "listing")).text();
        for (const m of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.push(unescapeXml(m[1]));
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? unescapeXml(/<NextContinuationToken>([^<]*)</.exec(xml)?.[1] ?? "") : undefined;
      } while (token);
      return keys;
    },
  };
}

function unescapeXml(s) {
  return s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");
}
