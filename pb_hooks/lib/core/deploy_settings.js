/**
 * Deployment settings taken from the environment at every start, so a server is configured by its service
 * file instead of by clicks in the dashboard: the trusted proxy header (whose address the rate limiter
 * counts), S3-compatible storage for files and backups, and the SMTP server of outgoing mail. Plain CommonJS: the plan is unit-tested in Node.
 */

const TRUTHY = ["1", "true", "yes", "on"];
const S3_REQUIRED = ["S3_ENDPOINT", "S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY", "S3_SECRET"];

/** @typedef {(name: string) => string | undefined} Getenv */

/**
 * @typedef {object} DeployPlan
 * @property {string[] | null} trustedProxyHeaders
 * @property {{ enabled: true, endpoint: string, bucket: string, region: string, accessKey: string, secret: string, forcePathStyle: boolean } | null} s3
 * @property {string | null} s3BackupBucket
 * @property {{ enabled: true, host: string, port: number, username: string, password: string, tls: boolean } | null} smtp
 * @property {{ name: string, address: string } | null} sender
 */

/**
 * What to apply, from a getenv function: { trustedProxyHeaders, s3, s3BackupBucket } where null means
 * "leave the stored setting as it is". Throws one clear message when the S3 variables are incomplete.
 * @param {Getenv} getenv
 * @returns {DeployPlan}
 */
function planFromEnv(getenv) {
  /** @param {string} name */
  const env = (name) => String(getenv(name) || "").trim();
  /** @type {DeployPlan} */
  const plan = { trustedProxyHeaders: null, s3: null, s3BackupBucket: null, smtp: null, sender: null };

  // The proxy's header; PocketBase then takes its RIGHTMOST address, the one the proxy itself wrote.
  // "none" clears it (PocketBase then counts the connecting address).
  const header = env("TRUSTED_PROXY_HEADER");
  if (header) plan.trustedProxyHeaders = header.toLowerCase() === "none" ? [] : header.split(",").map((h) => h.trim()).filter(Boolean);

  const given = S3_REQUIRED.filter((name) => env(name));
  if (given.length > 0) {
    const missing = S3_REQUIRED.filter((name) => !env(name));
    if (missing.length) throw new Error("S3 storage is half configured: set " + missing.join(", ") + " too (or none of the S3_ variables).");
    const s3 = {
      enabled: /** @type {const} */ (true),
      endpoint: env("S3_ENDPOINT"),
      bucket: env("S3_BUCKET"),
      region: env("S3_REGION"),
      accessKey: env("S3_ACCESS_KEY"),
      secret: env("S3_SECRET"),
      forcePathStyle: TRUTHY.includes(env("S3_FORCE_PATH_STYLE").toLowerCase()),
    };
    plan.s3 = s3;
    // Backups need a bucket of their own: PocketBase lists the whole backup bucket as backups.
    plan.s3BackupBucket = env("S3_BACKUP_BUCKET") || null;
    if (plan.s3BackupBucket === s3.bucket) throw new Error("S3_BACKUP_BUCKET must differ from S3_BUCKET: PocketBase would list every photo as a backup.");
  }
  // Outgoing mail (gallery emails, expiry reminders): SMTP_HOST turns it on; port 465 is implicit TLS,
  // any other port upgrades with STARTTLS when the server offers it.
  const host = env("SMTP_HOST");
  if (host) {
    const port = env("SMTP_PORT") ? Number(env("SMTP_PORT")) : 587;
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error("SMTP_PORT must be a port number (1-65535).");
    const from = parseFrom(env("SMTP_FROM"));
    if (!from) throw new Error("SMTP_FROM must be set with SMTP_HOST: an address such as studio@example.com or \"Studio <studio@example.com>\".");
    plan.smtp = { enabled: /** @type {const} */ (true), host, port, username: env("SMTP_USER"), password: env("SMTP_PASSWORD"), tls: port === 465 };
    plan.sender = from;
  }
  return plan;
}

/**
 * "Studio <a@b.c>" or "a@b.c" -> { name, address }, or null when it holds no address.
 * @param {string} value
 * @returns {{ name: string, address: string } | null}
 */
function parseFrom(value) {
  const m = /^\s*(?:"?([^"<]*?)"?\s*<([^<>\s]+@[^<>\s]+)>|([^<>\s]+@[^<>\s]+))\s*$/.exec(value);
  if (!m) return null;
  return { name: (m[1] || "").trim(), address: m[2] || m[3] || "" };
}

/** Applies the plan to the app's settings (on every bootstrap, after the settings are loaded). */
function applyDeploySettings(app) {
  const plan = planFromEnv((name) => $os.getenv(name));
  if (plan.trustedProxyHeaders === null && plan.s3 === null && plan.smtp === null) return;
  const settings = app.settings();
  if (plan.trustedProxyHeaders !== null) {
    settings.trustedProxy.headers = plan.trustedProxyHeaders;
    settings.trustedProxy.useLeftmostIP = false;
  }
  if (plan.s3) {
    for (const key of Object.keys(plan.s3)) settings.s3[key] = plan.s3[key];
    if (plan.s3BackupBucket) {
      for (const key of Object.keys(plan.s3)) settings.backups.s3[key] = plan.s3[key];
      settings.backups.s3.bucket = plan.s3BackupBucket;
    }
  }
  if (plan.smtp && plan.sender) {
    for (const key of Object.keys(plan.smtp)) settings.smtp[key] = plan.smtp[key];
    settings.meta.senderAddress = plan.sender.address;
    if (plan.sender.name) settings.meta.senderName = plan.sender.name;
  }
  app.save(settings);
}

/**
 * The proxies whose forwarding header is believed: TRUSTED_PROXY_ADDRESSES, loopback by default.
 * @param {Getenv} getenv
 * @returns {string[]}
 */
function trustedProxyAddresses(getenv) {
  const given = String(getenv("TRUSTED_PROXY_ADDRESSES") || "").trim();
  return given ? given.split(",").map((a) => a.trim()).filter(Boolean) : ["127.0.0.1", "::1"];
}

/**
 * Whether a connecting address (PocketBase's remoteIP(), which writes IPv6 expanded: ::1 is
 * 0000:...:0001) is one of the trusted proxies, compared in one spelling (rules.canonicalAddress).
 * Returns the check for a getenv function, so a caller can keep it.
 */
function trustedProxyCheck(getenv) {
  const { canonicalAddress } = require("../rules/rules.js");
  const trusted = trustedProxyAddresses(getenv).map(canonicalAddress);
  return (remoteIP) => trusted.indexOf(canonicalAddress(remoteIP)) !== -1;
}

/**
 * PocketBase believes the trusted proxy header of ANY request: whoever reaches its port directly could
 * name a new address in X-Forwarded-For with every request and never meet the rate limiter. So the header
 * is removed from requests that did not come from a trusted proxy address, before the limiter reads it.
 */
function dropForgedForwarding(e) {
  const headers = e.app.settings().trustedProxy.headers;
  if (!headers || headers.length === 0) return;
  if (trustedProxyCheck((name) => $os.getenv(name))(e.remoteIP())) return;
  for (const h of headers) e.request.header.del(h);
}

module.exports = { planFromEnv, parseFrom, applyDeploySettings, trustedProxyAddresses, trustedProxyCheck, dropForgedForwarding };
