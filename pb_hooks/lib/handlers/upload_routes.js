/**
 * The studio owner's uploads in parts (issue 38; lib/core/uploads.js): a large file (a clip's original or web
 * version) goes up in checked parts that resume after a cut, then is set on its record. lib/handlers/routes.js
 * registers them. A part's body is at most 16 MB (lib/rules/upload_rules.js MAX_PART_SIZE), within
 * PocketBase's default body limit of 32 MB and the proxies' (deploy/nginx.conf, deploy/Caddyfile).
 */
const { route, ownerOnly } = require(`${__hooks}/lib/core/policies.js`);

const uploads = () => require(`${__hooks}/lib/core/uploads.js`);

module.exports = [
  route("POST", "/api/owner/uploads", ownerOnly((e) => uploads().start(e))),
  route("PUT", "/api/owner/uploads/{id}/parts/{n}", ownerOnly((e) => uploads().putPart(e))),
  route("POST", "/api/owner/uploads/{id}/complete", ownerOnly((e) => uploads().complete(e))),
  route("DELETE", "/api/owner/uploads/{id}", ownerOnly((e) => uploads().abort(e))),
];
