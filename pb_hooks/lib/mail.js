/**
 * Sending the studio's emails through PocketBase's mailer (SMTP from the environment, lib/deploy_settings.js;
 * texts in ./mail_rules.js). Each message is claimed first in `mail_log` under a unique (client, kind, key),
 * so it goes out once however often the hook or the cron runs; the row then says sent, failed (with the
 * mailer's error) or not-configured. Nothing here throws to its caller: mail never fails a sync or a cron.
 * Uses PocketBase globals; required in handlers.
 */
/* global MailerMessage */
const rules = require(`${__hooks}/lib/mail_rules.js`);

function smtpConfigured(app) {
  const smtp = app.settings().smtp;
  return !!(smtp && smtp.enabled && smtp.host);
}

function studioSettings(app) {
  return require(`${__hooks}/lib/studio_info.js`).studioSettings(app);
}

/** The base of gallery links: the Gallery address setting, else PocketBase's Application URL. */
function linkBase(app, settings) {
  return (settings && settings.getString("galleryUrl")) || app.settings().meta.appURL;
}

/** The link of a client's gallery, as the emails give it. */
function galleryLinkOf(app, client) {
  return rules.galleryLink(linkBase(app, studioSettings(app)), client.getString("accessUrl"));
}

function varsOf(app, client, settings) {
  const expiry = client.getDateTime("expirationDate");
  return {
    client: client.getString("name"),
    link: rules.galleryLink(linkBase(app, settings), client.getString("accessUrl")),
    code: client.getString("accessCode"),
    studio: settings ? settings.getString("companyName") : "",
    expiry: expiry.isZero() ? "" : rules.formatDay(expiry.unix() * 1000, settings ? settings.getString("timeZone") : ""),
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

function send(app, to, message) {
  const meta = app.settings().meta;
  app.newMailClient().send(
    new MailerMessage({
      from: { address: meta.senderAddress, name: meta.senderName },
      to: [{ address: to }],
      subject: message.subject,
      text: message.text,
    }),
  );
}

/** Sends a claimed message and records how it went. */
function deliver(app, logRow, to, message) {
  try {
    send(app, to, message);
    logRow.set("status", "sent");
  } catch (err) {
    logRow.set("status", "failed");
    logRow.set("error", String((err && err.message) || err).slice(0, 500));
  }
  app.save(logRow);
  return logRow.getString("status") === "sent";
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
    deliver(app, row, to, rules.galleryMessage(settings ? settings.getString("emailTemplate") : "", varsOf(app, client, settings)));
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
  const { pbDateAt } = require(`${__hooks}/lib/contract.js`);
  const now = pbDateAt(nowMs);
  const soon = pbDateAt(nowMs + 7 * rules.DAY_MS);
  const clients = app.findRecordsByFilter(
    "clients",
    "enabled = true && noReminders = false && email != '' && expirationDate > {:now} && expirationDate <= {:soon}",
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
    if (deliver(app, row, client.getString("email"), rules.reminderMessage(kind, varsOf(app, client, settings)))) sent++;
  }
  return sent;
}

module.exports = { smtpConfigured, galleryLinkOf, galleryEmailIfAsked, runReminders };
