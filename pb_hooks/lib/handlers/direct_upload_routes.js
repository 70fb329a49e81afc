/**
 * The owner's direct uploads to object storage (issue 39; lib/core/direct_uploads.js, direct_complete.js): the
 * device asks permission and presigned URLs per file, sends the bytes to the bucket, and the server checks the
 * object there before its record takes it. lib/handlers/routes.js registers them. With files on the local
 * disk, every route answers 409 `direct_off` and the device keeps to /api/owner/uploads and the record API.
 */
const { route, ownerOnly } = require(`${__hooks}/lib/core/policies.js`);

const direct = () => require(`${__hooks}/lib/core/direct_uploads.js`);

module.exports = [
  route("GET", "/api/owner/direct-uploads", ownerOnly((e) => e.json(200, { direct: require(`${__hooks}/lib/core/object_store.js`).directEnabled(e.app) }))),
  route("POST", "/api/owner/direct-uploads", ownerOnly((e) => direct().start(e))),
  route("POST", "/api/owner/direct-uploads/parts", ownerOnly((e) => direct().partUrls(e))),
  route("POST", "/api/owner/direct-uploads/complete", ownerOnly((e) => require(`${__hooks}/lib/core/direct_complete.js`).complete(e))),
  route("POST", "/api/owner/direct-uploads/abort", ownerOnly((e) => direct().abort(e))),
];
