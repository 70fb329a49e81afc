/// <reference path="../pb_data/types.d.ts" />
/**
 * Server settings the product depends on: the batch API (sync pushes the outbox through it) and the rate
 * limiter. Limiter rules match first-come, so specific labels stand before generic prefixes. Counters are
 * per IP and in memory; the per-gallery wrong-code cap lives in the database (pb_hooks/lib/gallery.js).
 */
migrate(
  (app) => {
    const settings = app.settings();
    settings.meta.appName = "Studio Gallery";
    settings.batch.enabled = true;
    settings.batch.maxRequests = 500; // 1,000 outbox entries in at most 5 requests
    settings.batch.timeout = 30;
    settings.batch.maxBodySize = 32 * 1024 * 1024;
    settings.rateLimits.enabled = true;
    settings.rateLimits.rules = [
      { label: "POST /api/gallery/", audience: "", duration: 60, maxRequests: 10 },
      { label: "*:auth", audience: "", duration: 60, maxRequests: 20 },
      { label: "*:create", audience: "@guest", duration: 60, maxRequests: 20 },
      { label: "/api/batch", audience: "", duration: 1, maxRequests: 20 },
      { label: "/api/", audience: "", duration: 10, maxRequests: 1000 },
    ];
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    settings.batch.enabled = false;
    settings.rateLimits.enabled = false;
    settings.rateLimits.rules = [];
    app.save(settings);
  },
);
