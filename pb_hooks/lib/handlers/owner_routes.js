/**
 * The studio owner's own routes (lib/handlers/routes.js registers them): 'Preview as client' (issue 27, lib/core/gallery_preview.js),
 * the owner's check whether mail is configured and test email (lib/core/mail.js), the username (lib/handlers/account.js), the code-only page's pressure and switch,
 * and a superusers' route that runs the reminder job at a given time (tests; an operator catching up).
 */
const { route, ownerOnly, superuserOnly } = require(`${__hooks}/lib/core/policies.js`);

const mail = () => require(`${__hooks}/lib/core/mail.js`);

module.exports = [
  route("POST", "/api/owner/preview/{clientId}", ownerOnly((e) => require(`${__hooks}/lib/core/gallery_preview.js`).start(e, e.request.pathValue("clientId")))),
  route("GET", "/api/owner/mail-status", ownerOnly((e) => e.json(200, { configured: mail().smtpConfigured(e.app) }))),
  route("POST", "/api/owner/test-email", ownerOnly((e) => mail().sendTestEmail(e))),
  // The code-only page's pressure, reset and switch (issue 37; lib/handlers/gallery_api.js).
  route("GET", "/api/owner/code-only-page", ownerOnly((e) => require(`${__hooks}/lib/handlers/gallery_api.js`).codeOnlyPage(e))),
  route("POST", "/api/owner/code-only-page", ownerOnly((e) => require(`${__hooks}/lib/handlers/gallery_api.js`).changeCodeOnlyPage(e))),
  route("POST", "/api/admin/update-username", ownerOnly((e) => require(`${__hooks}/lib/handlers/account.js`).updateUsername(e))),
  route("POST", "/api/owner/run-reminders", superuserOnly((e) => {
    const body = e.requestInfo().body || {};
    const now = typeof body.now === "string" ? Date.parse(body.now) : Date.now();
    if (!Number.isFinite(now)) throw new BadRequestError("now must be an ISO date.");
    return e.json(200, { sent: mail().runReminders(e.app, now) });
  })),
];
