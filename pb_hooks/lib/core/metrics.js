/**
 * The operator's metrics (GET /api/metrics, lib/handlers/app_routes.js), in Prometheus's text format
 * (lib/rules/metrics_text.js). Off unless the environment sets METRICS_TOKEN (16 characters or more): then
 * only a request with `Authorization: Bearer <METRICS_TOKEN>` gets them; without the variable the route
 * answers 404 as any unknown API path does. deploy/nginx.conf also keeps the path to the server itself.
 *
 * Counters live in PocketBase's app store (shared by every pooled VM, reset by a restart: Prometheus reads a
 * reset counter as such): requests by status class, counted by the outer middleware
 * (lib/handlers/middlewares.js, `countRequest`), and new gallery sessions (lib/core/gallery_session.js,
 * `countSession`). The gauges are read from the database at each scrape; the bytes on disk are walked at most
 * every five minutes. Uses PocketBase globals; required in handlers.
 */
/* global arrayOf */
const text = require(`${__hooks}/lib/rules/metrics_text.js`);

const PREFIX = "sg_metrics_";
const CLASSES = ["1xx", "2xx", "3xx", "4xx", "5xx", "other"];
const SESSION_KINDS = ["visitor", "preview"];
const DISK_EVERY_MS = 5 * 60 * 1000;

function increment(app, key) {
  app.store().setFunc(PREFIX + key, (old) => (old || 0) + 1);
}

/** One answered request, by its status (the outer middleware calls this for every request). */
function countRequest(app, status) {
  increment(app, "http_" + text.statusClass(status));
  if (status === 429) increment(app, "http_limited");
}

/** A new gallery session: "visitor" (a code accepted) or "preview" (the owner's 'Preview as client'). */
function countSession(app, kind) {
  increment(app, "session_" + kind);
}

function counter(app, key) {
  return Number(app.store().get(PREFIX + key) || 0);
}

/** Rows of a read-only query, each with the fields of `shape`. */
function rows(app, shape, sql) {
  const out = arrayOf(new DynamicModel(shape));
  app.db().newQuery(sql).all(out);
  return out;
}

/** The bytes of every file under `path` (0 when it is missing). */
function bytesUnder(path) {
  let total = 0;
  let entries;
  try {
    entries = $os.readDir(path);
  } catch (_) {
    return 0;
  }
  for (const entry of entries) {
    const child = path + "/" + entry.name();
    if (entry.isDir()) total += bytesUnder(child);
    else {
      try {
        total += entry.info().size();
      } catch (_) {
        // removed while walking
      }
    }
  }
  return total;
}

function fileBytes(path) {
  try {
    return $os.stat(path).size();
  } catch (_) {
    return 0;
  }
}

/** The data folder's bytes by part, walked at most every DISK_EVERY_MS (kept in the app store). */
function diskUsage(app) {
  const cached = app.store().get(PREFIX + "disk");
  if (cached && Date.now() - cached.at < DISK_EVERY_MS) return cached;
  const dir = app.dataDir();
  const usage = {
    at: Date.now(),
    database: fileBytes(dir + "/data.db") + fileBytes(dir + "/data.db-wal") + fileBytes(dir + "/auxiliary.db") + fileBytes(dir + "/auxiliary.db-wal"),
    storage: bytesUnder(dir + "/storage"),
    backups: bytesUnder(dir + "/backups"),
  };
  app.store().set(PREFIX + "disk", usage);
  return usage;
}

/** Every family the endpoint answers with. */
function families(app) {
  const started = app.store().getOrSet(PREFIX + "started", () => Date.now());
  const media = rows(app, { kind: "", n: 0, bytes: 0 }, "SELECT CASE WHEN COALESCE([[kind]], '') = 'video' THEN 'video' ELSE 'photo' END AS kind, COUNT(*) AS n, CAST(COALESCE(SUM([[fileSize]]), 0) AS INTEGER) AS bytes FROM {{images}} GROUP BY 1");
  const mail = rows(app, { status: "", n: 0 }, "SELECT [[status]] AS status, COUNT(*) AS n FROM {{mail_log}} GROUP BY [[status]]");
  const mailCount = (status) => mail.filter((r) => r.status === status).reduce((sum, r) => sum + r.n, 0);
  const mediaOf = (kind, field) => media.filter((r) => r.kind === kind).reduce((sum, r) => sum + r[field], 0);
  const disk = diskUsage(app);
  const smtp = app.settings().smtp.enabled;
  return [
    { name: "studio_gallery_start_time_seconds", help: "When this server process began counting (Unix time): the counters below start at 0 then.", type: "gauge", samples: [{ value: Math.floor(started / 1000) }] },
    { name: "studio_gallery_http_requests_total", help: "HTTP requests answered, by status class.", type: "counter", samples: CLASSES.map((c) => ({ labels: { class: c }, value: counter(app, "http_" + c) })) },
    { name: "studio_gallery_http_errors_total", help: "HTTP requests answered with a server error (5xx).", type: "counter", samples: [{ value: counter(app, "http_5xx") }] },
    { name: "studio_gallery_http_rate_limited_total", help: "HTTP requests refused by a rate limit (429).", type: "counter", samples: [{ value: counter(app, "http_limited") }] },
    { name: "studio_gallery_sessions_total", help: "Gallery sessions started: a visitor's accepted code, or the owner's preview.", type: "counter", samples: SESSION_KINDS.map((k) => ({ labels: { kind: k }, value: counter(app, "session_" + k) })) },
    { name: "studio_gallery_galleries", help: "Client galleries stored.", type: "gauge", samples: [{ value: app.countRecords("clients") }] },
    { name: "studio_gallery_media", help: "Photos and clips stored, by kind.", type: "gauge", samples: ["photo", "video"].map((k) => ({ labels: { kind: k }, value: mediaOf(k, "n") })) },
    { name: "studio_gallery_originals_bytes", help: "Bytes of the originals as imported, by kind (web sizes and thumbnails not included).", type: "gauge", samples: ["photo", "video"].map((k) => ({ labels: { kind: k }, value: mediaOf(k, "bytes") })) },
    { name: "studio_gallery_data_bytes", help: "Bytes in the data folder by part (storage is local files only; walked at most every 5 minutes).", type: "gauge", samples: ["database", "storage", "backups"].map((p) => ({ labels: { part: p }, value: disk[p] })) },
    { name: "studio_gallery_mail_queue", help: "Emails being sent now (claimed, not yet sent or failed).", type: "gauge", samples: [{ value: mailCount("sending") }] },
    { name: "studio_gallery_mail_messages", help: "Emails the server sent or tried, by outcome.", type: "gauge", samples: ["sent", "failed", "not-configured"].map((s) => ({ labels: { status: s }, value: mailCount(s) })) },
    { name: "studio_gallery_mail_configured", help: "1 when SMTP is configured, else 0.", type: "gauge", samples: [{ value: smtp ? 1 : 0 }] },
  ];
}

/** The token METRICS_TOKEN sets, or "" when the endpoint is off (unset, or too short to be a secret). */
function configuredToken() {
  const token = $os.getenv("METRICS_TOKEN") || "";
  return token.length >= text.MIN_TOKEN_LENGTH ? token : "";
}

/** GET /api/metrics. */
function serve(e) {
  const token = configuredToken();
  if (!token) throw new NotFoundError("No such API route.");
  const given = text.bearerToken(e.request.header.get("Authorization"));
  if (!given || !$security.equal(given, token)) {
    e.response.header().set("WWW-Authenticate", 'Bearer realm="metrics"');
    return e.json(401, { status: 401, message: "The metrics need the operator's token.", data: {} });
  }
  e.response.header().set("Cache-Control", "no-store");
  e.response.header().set("Content-Type", text.CONTENT_TYPE);
  return e.string(200, text.exposition(families(e.app)));
}

module.exports = { countRequest, countSession, serve };
