/**
 * Sending the studio's emails through PocketBase's mailer (SMTP from the environment, lib/core/deploy_settings.js;
 * texts in ./mail_rules.js). Each message is claimed first in `mail_log` under a unique (client, kind, key),
 * so it goes out once however often the hook or the cron runs; the row then says sent, failed (with the
 * mailer's error) or not-configured. Nothing here throws to its caller: mail never fails a sync or a cron.
 * Uses PocketBase globals; required in handlers.
 */
/* global MailerMessage */
const rules = require(`${__hooks}/lib/rules/mail_rules.js`);
const texts = require(`${__hooks}/lib/rules/mail_texts.js`);
const { studioSettings } = require(`${__hooks}/lib/core/studio_settings.js`);

function smtpConfigured(app) {
  const smtp = app.settings().smtp;
  return !!(smtp && smtp.enabled && smtp.host);
}

/**
 * The base of a client's gallery links: the Gallery address setting, else the origin the owner's app ran
 * on when it asked for the gallery email (clients.galleryEmailOrigin), else "" : no link can be made right,
 * and nothing is sent (never PocketBase's default Application URL, http://localhost:8090).
 */
function linkBase(settings, client) {
  return rules.originOf(settings ? settings.getString("galleryUrl") : "") ? settings.getString("galleryUrl") : rules.originOf(client.getString("galleryEmailOrigin"));
}

/** The link of a client's gallery, as the emails give it ("" when it cannot be made). */
function galleryLinkOf(app, client) {
  const base = linkBase(studioSettings(app), client);
  return base ? rules.galleryLink(base, client.getString("accessUrl")) : "";
}

/**
 * How far `timeZone`'s clock is ahead of UTC at `ms` (PocketBase's JavaScript has no Intl): the UTC wall
 * clock read as that zone's local time by PocketBase's DateTime; 0 for an unknown zone.
 */
function zoneOffset(ms, timeZone) {
  if (!timeZone) return 0;
  try {
    const wall = new Date(ms).toISOString().replace("T", " ").slice(0, 19);
    return ms - new DateTime(wall, timeZone).unix() * 1000;
  } catch (_) {
    return 0;
  }
}

/** The language of the studio's emails about `client` (issue 27): the gallery's, else the studio's. */
function languageOf(client, settings) {
  return texts.mailLanguage(client ? client.getString("language") : "", settings ? settings.getString("language") : "");
}

function varsOf(_app, client, settings) {
  const expiry = client.getDateTime("expirationDate");
  const base = linkBase(settings, client);
  const lang = languageOf(client, settings);
  const timeZone = settings ? settings.getString("timeZone") : "";
  const ms = expiry.unix() * 1000;
  return {
    client: client.getString("name"),
    link: base ? rules.galleryLink(base, client.getString("accessUrl")) : "",
    code: client.getString("accessCode"),
    studio: settings ? settings.getString("companyName") : "",
    expiry: expiry.isZero() ? "" : rules.formatDay(ms, timeZone, lang, zoneOffset(ms, timeZone)),
    lang,
  };
}

/** Claims (client, kind, key); false when that message was already claimed. */
function claim(app, clientId, kind, key, status) {
  const record = new Record(app.findCollectionByNameOrId("mail_log"), { client: clientId, kind, key: String(key), status });
  try {
    app.save(record);
    return record;
  } catch (_) {
    return null; // the unique index: sent (or being sent) already
  }
}

/** The Content-ID of the studio's logo in the HTML part (`cid:` + this), with the stored logo's extension. */
function logoCid(settings) {
  const logo = settings ? settings.getString("logo") : "";
  const ext = /\.[a-z0-9]+$/i.exec(logo);
  return logo ? "studio-logo" + (ext ? ext[0].toLowerCase() : "") : "";
}

/**
 * The studio's logo as an inline attachment (PocketBase's mailer gives it the Content-ID of its name), or
 * null without a logo or when it cannot be read. `close()` after sending.
 */
function openLogo(app, settings) {
  const cid = logoCid(settings);
  if (!cid) return null;
  const fsys = app.newFilesystem();
  try {
    const reader = fsys.getReader(settings.baseFilesPath() + "/" + settings.getString("logo"));
    const close = () => {
      reader.close();
      fsys.close();
    };
    return { cid, reader, close };
  } catch (err) {
    fsys.close();
    app.logger().warn("studio logo for email", "error", String(err));
    return null;
  }
}

/** Sends a message; its HTML part's `cid:` logo (brandOf) travels inline with it. */
function send(app, to, message, settings) {
  const meta = app.settings().meta;
  const logo = message.html && message.html.indexOf("cid:studio-logo") >= 0 ? openLogo(app, settings) : null;
  const inline = {};
  if (logo) inline[logo.cid] = logo.reader;
  try {
    app.newMailClient().send(
      new MailerMessage({
        from: { address: meta.senderAddress, name: meta.senderName },
        to: [{ address: to }],
        subject: message.subject,
        text: message.text,
        html: message.html || "",
        inlineAttachments: inline,
      }),
    );
  } finally {
    if (logo) logo.close();
  }
}

/** Sends a claimed message and records how it went. */
function deliver(app, logRow, to, message, settings) {
  try {
    send(app, to, message, settings);
    logRow.set("status", "sent");
  } catch (err) {
    logRow.set("status", "failed");
    logRow.set("error", String((err && /** @type {Error} */ (err).message) || err).slice(0, 500));
  }
  app.save(logRow);
  return logRow.getString("status") === "sent";
}

/** A claimed message that is not sent because its link could not be made right, with the reason. */
function refuseNoLink(app, row) {
  row.set("status", "failed");
  row.set("error", rules.TEXTS.noLink);
  app.save(row);
}

/** The studio's branding for the HTML part: name, theme colour and its logo, attached inline (send). */
function brandOf(settings) {
  const cid = logoCid(settings);
  return { studio: settings ? settings.getString("companyName") : "", color: settings ? settings.getString("primaryColor") : "", logo: cid ? "cid:" + cid : "" };
}

/**
 * Before a client is saved through the API: a new gallery email request keeps the origin the owner's app
 * runs on (the browser's Origin header, sent with every non-GET request, the sync's /api/batch included).
 */
function keepRequestOrigin(e, previousAt) {
  const at = e.record.getInt("galleryEmailAt");
  if (!at || at === previousAt) return;
  // requestInfo(): a record request event does not expose `request` to the JS engine.
  const origin = rules.originOf((e.requestInfo().headers || {}).origin);
  if (origin) e.record.set("galleryEmailOrigin", origin);
}

/**
 * POST /api/owner/test-email: the gallery email as a client would get it (the studio's template, branding
 * and link, for an example gallery), sent to the studio's address (Settings email, else the owner's), so
 * the studio sees what its clients get before sending one. The link's base is the Gallery address, else the
 * origin the owner's app asks from. Answers { to }, or the reason nothing was sent.
 */
function sendTestEmail(e) {
  if (!smtpConfigured(e.app)) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(400, "mail_not_configured");
  const settings = studioSettings(e.app);
  const to = (settings && settings.getString("email")) || e.auth.email();
  const galleryUrl = settings ? settings.getString("galleryUrl") : "";
  const base = rules.originOf(galleryUrl) ? galleryUrl : rules.originOf(e.request.header.get("Origin"));
  if (!base) throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(400, "mail_no_link");
  const vars = { client: "Ada Example", link: rules.galleryLink(base, "example"), code: "ABC123", studio: settings ? settings.getString("companyName") : "", expiry: "", lang: languageOf(null, settings) };
  const message = rules.galleryMessage(settings ? settings.getString("emailTemplate") : "", vars);
  try {
    send(e.app, to, rules.withHtml({ subject: "Test: " + message.subject, text: message.text }, vars, brandOf(settings)), settings);
  } catch (err) {
    throw require(`${__hooks}/lib/rules/refusals.js`).refusalError(400, "mail_refused", { reason: String((err && /** @type {Error} */ (err).message) || err).slice(0, 300) });
  }
  return e.json(200, { to });
}

/** After a client is saved: a new galleryEmailAt is the owner's request to email the gallery, sent once. */
function galleryEmailIfAsked(app, client, previousAt) {
  const at = client.getInt("galleryEmailAt");
  if (!at || at === previousAt) return;
  try {
    const to = client.getString("email");
    const configured = smtpConfigured(app);
    const row = claim(app, client.id, "gallery", at, configured && to ? "sending" : configured ? "failed" : "not-configured");
    if (!row) return;
    if (!configured) return;
    if (!to) {
      row.set("error", "The client has no email address.");
      app.save(row);
      return;
    }
    const settings = studioSettings(app);
    const vars = varsOf(app, client, settings);
    if (!vars.link) return refuseNoLink(app, row);
    deliver(app, row, to, rules.withHtml(rules.galleryMessage(settings ? settings.getString("emailTemplate") : "", vars), vars, brandOf(settings)), settings);
  } catch (err) {
    app.logger().error("gallery email", "client", client.id, "error", String(err));
  }
}

/**
 * The reminder job (hourly cron, and the superusers' route for tests): for every open gallery with an email
 * expiring within 7 days, the due reminder, once per expiry date. Returns how many were sent.
 */
function runReminders(app, nowMs) {
  if (!smtpConfigured(app)) return 0;
  const settings = studioSettings(app);
  if (settings && settings.getBool("noReminders")) return 0;
  const { pbDateAt } = require(`${__hooks}/lib/rules/contract.js`);
  const now = pbDateAt(nowMs);
  const soon = pbDateAt(nowMs + 7 * rules.DAY_MS);
  const clients = app.findRecordsByFilter(
    "clients",
    // A gallery in the trash (issue 43) is closed: no reminder.
    "enabled = true && trashedAt = '' && noReminders = false && email != '' && expirationDate > {:now} && expirationDate <= {:soon}",
    "expirationDate",
    0,
    0,
    { now, soon },
  );
  let sent = 0;
  for (const client of clients) {
    const expiryMs = client.getDateTime("expirationDate").unix() * 1000;
    const kind = rules.reminderDue(expiryMs, nowMs);
    if (!kind) continue;
    const row = claim(app, client.id, kind, client.getString("expirationDate"), "sending");
    if (!row) continue;
    const vars = varsOf(app, client, settings);
    if (!vars.link) {
      refuseNoLink(app, row);
      continue;
    }
    if (deliver(app, row, client.getString("email"), rules.withHtml(rules.reminderMessage(kind, vars), vars, brandOf(settings)), settings)) sent++;
  }
  return sent;
}

/** Today's (or `ms`'s) day in the studio's time zone and language (issue 27), and that language: for the studio's own emails. */
function studioDay(settings, ms) {
  const lang = languageOf(null, settings);
  const timeZone = settings ? settings.getString("timeZone") : "";
  return { lang, day: rules.formatDay(ms, timeZone, lang, zoneOffset(ms, timeZone)) };
}

module.exports = { studioDay, smtpConfigured, galleryLinkOf, galleryEmailIfAsked, runReminders, keepRequestOrigin, sendTestEmail };
