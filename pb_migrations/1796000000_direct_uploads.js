/// <reference path="../pb_data/types.d.ts" />
/**
 * Direct uploads to object storage (issue 39; pb_hooks/lib/core/direct_uploads.js): one row per multipart upload
 * the server started in the bucket, so the same file started again (a reload, a cut) finds its S3 upload and
 * the parts the device reported (each part's ETag, checked by the bucket at the complete), and the hourly
 * cleanup finds what to abort without listing the bucket's uploads. The server's own bookkeeping: no API
 * rule opens it (superusers only), and it is not synced. A row ends with its upload (completed or aborted).
 */
migrate(
  (app) => {
    const collection = new Collection({
      type: "base",
      name: "direct_uploads",
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: "key", type: "text", max: 400, required: true },
        { name: "uploadId", type: "text", max: 1000, required: true },
        { name: "parts", type: "json", maxSize: 2 * 1024 * 1024 },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
        { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
      ],
      indexes: ["CREATE UNIQUE INDEX idx_direct_uploads_key ON direct_uploads (key)", "CREATE INDEX idx_direct_uploads_updated ON direct_uploads (updated)"],
    });
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("direct_uploads"));
  },
);
