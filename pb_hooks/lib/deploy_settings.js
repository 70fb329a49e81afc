/**
 * Deployment settings taken from the environment at every start, so a server is configured by its service
 * file instead of by clicks in the dashboard: the trusted proxy header (whose address the rate limiter
 * counts) and S3-compatible storage for files and backups. Plain CommonJS: the plan is unit-tested in Node.
 */

const TRUTHY = ["1", "true", "yes", "on"];
const S3_REQUIRED = ["S3_ENDPOINT", "S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY", "S3_SECRET"];

/**
 * What to apply, from a getenv function: { trustedProxyHeaders, s3, s3BackupBucket } where null means
 * "leave the stored setting as it is". Throws one clear message when the S3 variables are incomplete.
 */
function planFromEnv(getenv) {
  const env = (name) => String(getenv(name) || "").trim();
  const plan = { trustedProxyHeaders: null, s3: null, s3BackupBucket: null };

  // The proxy's header; PocketBase then takes its RIGHTMOST address, the one the proxy itself wrote.
  // "none" clears it (PocketBase then counts the connecting address).
  const header = env("TRUSTED_PROXY_HEADER");
  if (header) plan.trustedProxyHeaders = header.toLowerCase() === "none" ? [] : header.split(",").map((h) => h.trim()).filter(Boolean);

  const given = S3_REQUIRED.filter((name) => env(name));
  if (given.length > 0) {
    const missing = S3_REQUIRED.filter((name) => !env(name));
    if (missing.length) throw new Error("S3 storage is half configured: set " + missing.join(", ") + " too (or none of the S3_ variables).");
    plan.s3 = {
      enabled: true,
      endpoint: env("S3_ENDPOINT"),
      bucket: env("S3_BUCKET"),
      region: env("S3_REGION"),
      accessKey: env("S3_ACCESS_KEY"),
      secret: env("S3_SECRET"),
      forcePathStyle: TRUTHY.includes(env("S3_FORCE_PATH_STYLE").toLowerCase()),
    };
    // Backups need a bucket of their own: PocketBase lists the whole backup bucket as backups.
    plan.s3BackupBucket = env("S3_BACKUP_BUCKET") || null;
    if (plan.s3BackupBucket === plan.s3.bucket) throw new Error("S3_BACKUP_BUCKET must differ from S3_BUCKET: PocketBase would list every photo as a backup.");
  }
  return plan;
}

/** Applies the plan to the app's settings (on every bootstrap, after the settings are loaded). */
function applyDeploySettings(app) {
  const plan = planFromEnv((name) => $os.getenv(name));
  if (plan.trustedProxyHeaders === null && plan.s3 === null) return;
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
  app.save(settings);
}

/** The proxies whose forwarding header is believed: TRUSTED_PROXY_ADDRESSES, loopback by default. */
function trustedProxyAddresses(getenv) {
  const given = String(getenv("TRUSTED_PROXY_ADDRESSES") || "").trim();
  return given ? given.split(",").map((a) => a.trim()).filter(Boolean) : ["127.0.0.1", "::1"];
}

/**
 * PocketBase believes the trusted proxy header of ANY request: whoever reaches its port directly could
 * name a new address in X-Forwarded-For with every request and never meet the rate limiter. So the header
 * is removed from requests that did not come from a trusted proxy address, before the limiter reads it.
 */
function dropForgedForwarding(e) {
  const headers = e.app.settings().trustedProxy.headers;
  if (!headers || headers.length === 0) return;
  if (trustedProxyAddresses((name) => $os.getenv(name)).includes(e.remoteIP())) return;
  for (const h of headers) e.request.header.del(h);
}

module.exports = { planFromEnv, applyDeploySettings, trustedProxyAddresses, dropForgedForwarding };
