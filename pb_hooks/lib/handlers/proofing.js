/**
 * The visitor's proofing writes and their proofing state (`/api/gallery/{accessUrl}/proofing/*`).
 * Required inside each route handler. The session is checked by lib/core/gallery_session.js's `requireSession` (the
 * same check as the image routes) and its person read by lib/core/proofing_state.js; then every write runs in one
 * transaction that re-reads the person's lock, the image's gallery and, for a pick, the person's count.
 *
 * Invariants a change must keep:
 * - a visitor writes only to the gallery whose session it holds, only about that gallery's images and lists,
 *   and only as the person the session holds (issue 26): every row written and read carries that person;
 * - nothing is written in the owner's preview (issue 27, lib/core/gallery_preview.js): every write answers 403;
 * - nothing is written for a person once their selection is submitted (their proof_states.submittedAt set)
 *   until the owner unlocks it; another person's lists stay open;
 * - a list never holds more of one person's picks than its limit: the count and the insert happen in one
 *   transaction, and PocketBase runs write transactions one at a time (a single write connection), so
 *   parallel picks are serialised.
 */
/* global MailerMessage */ // PocketBase's JS VM global (pocketbase.io/jsvm)
const rules = require(`${__hooks}/lib/rules/proofing_rules.js`);
const { personOf, stateRecord, stateOf } = require(`${__hooks}/lib/core/proofing_state.js`);

function isLocked(app, personId) {
  const s = stateRecord(app, personId);
  return !!(s && s.getString("submittedAt"));
}

function galleryImage(app, clientId, imageId) {
  try {
    const image = app.findRecordById("images", imageId);
    // A photo in the trash (issue 43) is gone for visitors.
    return image.getString("client") === clientId && !image.getString("trashedAt") ? image : null;
  } catch (_) {
    return null;
  }
}

function findOne(app, collection, filter, params) {
  const rows = app.findRecordsByFilter(collection, filter, "", 1, 0, params);
  return rows[0] || null;
}

function newRecord(app, collection, values) {
  const r = new Record(app.findCollectionByNameOrId(collection));
  for (const k in values) r.set(k, values[k]);
  app.save(r);
  return r;
}

/**
 * Runs `write(txApp)` in a transaction; `write` returns null when done or {status, code, params?} to refuse (lib/rules/refusals.js).
 * (An error thrown inside the transaction reaches us as a plain error, so refusals travel as values.)
 */
function writeOrRefuse(e, client, person, write) {
  let refusal = /** @type {{ status: number, code: import("../rules/refusals.js").RefusalCode, params?: Record<string, string | number> } | null} */ (null);
  if (require(`${__hooks}/lib/core/gallery_session.js`).isPreview(e, client)) refusal = { status: 403, code: "preview_read_only" };
  else if (!person) refusal = { status: 409, code: "person_required" };
  else {
    $app.runInTransaction((txApp) => {
      if (isLocked(txApp, person.id)) refusal = { status: 423, code: "selection_locked" };
      else refusal = write(txApp);
    });
  }
  if (refusal) return e.json(refusal.status, require(`${__hooks}/lib/rules/refusals.js`).refusalBody(refusal.status, refusal.code, refusal.params));
  return e.json(200, stateOf(client.id, person));
}

/** The gallery of the request's session, and the person it holds (null when none yet). */
function session(e, accessUrl) {
  const client = require(`${__hooks}/lib/core/gallery_session.js`).requireSession(e, accessUrl);
  return { client: client, person: personOf(e, client) };
}

/** GET .../proofing/state */
function state(e, accessUrl) {
  const s = session(e, accessUrl);
  return e.json(200, stateOf(s.client.id, s.person));
}

/** PUT / DELETE .../proofing/favourites/{imageId}: the heart, idempotent. */
function favourite(e, accessUrl, imageId, on) {
  const { client, person } = session(e, accessUrl);
  return writeOrRefuse(e, client, person, (app) => {
    if (!galleryImage(app, client.id, imageId)) return { status: 404, code: "photo_not_in_gallery" };
    const existing = findOne(app, "proof_favourites", "person = {:person} && image = {:image}", { person: person.id, image: imageId });
    if (on && !existing) newRecord(app, "proof_favourites", { client: client.id, person: person.id, image: imageId });
    if (!on && existing) app.delete(existing);
    return null;
  });
}

/** PUT / DELETE .../proofing/lists/{listId}/{imageId}: a pick, within the list's limit. */
function pick(e, accessUrl, listId, imageId, on) {
  const { client, person } = session(e, accessUrl);
  return writeOrRefuse(e, client, person, (app) => {
    let list = null;
    try {
      list = app.findRecordById("proof_lists", listId);
    } catch (_) {}
    if (!list || list.getString("client") !== client.id) return { status: 404, code: "list_not_found" };
    if (!galleryImage(app, client.id, imageId)) return { status: 404, code: "photo_not_in_gallery" };
    const existing = findOne(app, "proof_picks", "list = {:list} && person = {:person} && image = {:image}", { list: listId, person: person.id, image: imageId });
    if (!on) {
      if (existing) app.delete(existing);
      return null;
    }
    if (existing) return null;
    // A pick of a photo in the trash (issue 43) takes no place in the list while the photo is there.
    const count = app.findRecordsByFilter("proof_picks", "list = {:list} && person = {:person} && image.trashedAt = ''", "", 0, 0, { list: listId, person: person.id }).length;
    if (!rules.pickFits(list.getInt("limit"), count)) return { status: 409, code: "list_full", params: { list: list.getString("name"), limit: list.getInt("limit") } };
    newRecord(app, "proof_picks", { client: client.id, person: person.id, list: listId, image: imageId });
    return null;
  });
}

/** PUT .../proofing/comments/{imageId} {text}: the photo's comment; an empty text removes it. */
function comment(e, accessUrl, imageId) {
  const { client, person } = session(e, accessUrl);
  let text;
  try {
    text = rules.commentText((e.requestInfo().body || {}).text);
  } catch (err) {
    throw require(`${__hooks}/lib/rules/refusals.js`).thrownRefusalError(400, err);
  }
  return writeOrRefuse(e, client, person, (app) => {
    if (!galleryImage(app, client.id, imageId)) return { status: 404, code: "photo_not_in_gallery" };
    const existing = findOne(app, "proof_comments", "person = {:person} && image = {:image}", { person: person.id, image: imageId });
    if (!text) {
      if (existing) app.delete(existing);
    } else if (existing) {
      existing.set("text", text);
      app.save(existing);
    } else {
      newRecord(app, "proof_comments", { client: client.id, person: person.id, image: imageId, text: text });
    }
    return null;
  });
}

/** PUT .../proofing/submission: locks the person's selection (no one else's) and tells the studio. */
function submit(e, accessUrl) {
  const { client, person } = session(e, accessUrl);
  if (require(`${__hooks}/lib/core/gallery_session.js`).isPreview(e, client)) return e.json(403, require(`${__hooks}/lib/rules/refusals.js`).refusalBody(403, "preview_read_only"));
  if (!person) return e.json(409, require(`${__hooks}/lib/rules/refusals.js`).refusalBody(409, "person_required"));
  let refusal = /** @type {{ status: number, code: import("../rules/refusals.js").RefusalCode, params?: Record<string, string | number> } | null} */ (null); // set inside the transaction
  $app.runInTransaction((txApp) => {
    const s = stateRecord(txApp, person.id);
    const now = require(`${__hooks}/lib/rules/contract.js`).pbDateAt(Date.now());
    if (s && s.getString("submittedAt")) refusal = { status: 423, code: "selection_submitted" };
    else if (s) {
      s.set("submittedAt", now);
      txApp.save(s);
    } else newRecord(txApp, "proof_states", { client: client.id, person: person.id, submittedAt: now });
  });
  if (refusal) return e.json(refusal.status, require(`${__hooks}/lib/rules/refusals.js`).refusalBody(refusal.status, refusal.code, refusal.params));
  const result = stateOf(client.id, person);
  notifyStudio(client, person, result);
  return e.json(200, result);
}

/** The studio's email, when the server has SMTP; a mail failure never undoes the submission. */
function notifyStudio(client, person, result) {
  try {
    const settings = $app.settings();
    if (!settings.smtp.enabled) return;
    const studio = require(`${__hooks}/lib/core/studio_settings.js`).studioSettings();
    const to = studio ? studio.getString("email") : "";
    if (!to) return;
    // In the studio's language, with the day in its time zone (issue 27).
    const when = require(`${__hooks}/lib/core/mail.js`).studioDay(studio, Date.now());
    const mail = rules.submittedEmail(
      client.getString("name"),
      person.getString("name"),
      result.lists.map((l) => ({ name: l.name, count: l.imageIds.length, limit: l.limit })),
      result.favourites.length,
      result.comments.length,
      require(`${__hooks}/lib/core/mail.js`).galleryLinkOf($app, client),
      person.getString("email"),
      { language: when.lang, day: when.day },
    );
    $app.newMailClient().send(
      new MailerMessage({
        from: { address: settings.meta.senderAddress, name: settings.meta.senderName },
        to: [{ address: to }],
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      }),
    );
  } catch (err) {
    $app.logger().error("selection email failed", "client", client.id, "error", String(err));
  }
}

module.exports = { state, favourite, pick, comment, submit };
