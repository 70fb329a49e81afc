/// <reference path="../pb_data/types.d.ts" />
/**
 * Keep less (issue 24): PocketBase's request log no longer keeps client IPs (they were kept 5 days with the
 * gallery link of every visit) and keeps at most a day of entries; password-reset requests are limited per
 * address (3 an hour; per account, pb_hooks/users.pb.js sends at most one mail per 10 minutes).
 */
const RESET_RULE = { label: "*:requestPasswordReset", audience: "", duration: 3600, maxRequests: 3 };

migrate(
  (app) => {
    const settings = app.settings();
    settings.logs.logIP = false;
    settings.logs.maxDays = 1;
    const rules = [];
    for (const r of settings.rateLimits.rules) {
      if (r.label === RESET_RULE.label) continue;
      rules.push({ label: r.label, audience: r.audience, duration: r.duration, maxRequests: r.maxRequests });
    }
    rules.unshift(RESET_RULE);
    settings.rateLimits.rules = rules;
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    settings.logs.logIP = true;
    settings.logs.maxDays = 5;
    settings.rateLimits.rules = settings.rateLimits.rules
      .filter((r) => r.label !== RESET_RULE.label)
      .map((r) => ({ label: r.label, audience: r.audience, duration: r.duration, maxRequests: r.maxRequests }));
    app.save(settings);
  },
);
