/// <reference path="../pb_data/types.d.ts" />
/**
 * Rate limits that never hurt real use (issue 10): the signed-in owner's sync and import (batch
 * sub-requests are counted one by one, per collection and action) get a roomy "@auth" rule, and the
 * access-checked image route gets its own roomy rule so fifty guests behind one address never meet a 429.
 * Existing rules (the code routes' budget included) are kept; these are inserted before the generic "/api/",
 * which becomes "@guest" only (PocketBase refuses an "@auth" rule beside an all-audience one of the same label).
 */
const ADDED = [
  { label: "/api/gallery/image/", audience: "", duration: 10, maxRequests: 50000 },
  { label: "/api/", audience: "@auth", duration: 10, maxRequests: 50000 },
];

migrate(
  (app) => {
    const settings = app.settings();
    const kept = [];
    for (const r of settings.rateLimits.rules) {
      if (ADDED.some((a) => a.label === r.label && a.audience === r.audience)) continue;
      kept.push({ label: r.label, audience: r.audience, duration: r.duration, maxRequests: r.maxRequests });
    }
    let at = kept.findIndex((r) => r.label === "/api/");
    if (at < 0) at = kept.length;
    else if (kept[at].audience === "") kept[at].audience = "@guest";
    kept.splice(at, 0, ...ADDED);
    settings.rateLimits.rules = kept;
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    const kept = [];
    for (const r of settings.rateLimits.rules) {
      if (ADDED.some((a) => a.label === r.label && a.audience === r.audience)) continue;
      kept.push({ label: r.label, audience: r.label === "/api/" && r.audience === "@guest" ? "" : r.audience, duration: r.duration, maxRequests: r.maxRequests });
    }
    settings.rateLimits.rules = kept;
    app.save(settings);
  },
);
