/// <reference path="../pb_data/types.d.ts" />
/**
 * Users: nobody but a superuser makes a studio owner. Registration (the specification's register action)
 * is off unless ALLOW_REGISTRATION=true, and always creates a non-owner. The collection rules refuse the
 * owner flag as well; these hooks are the second lock.
 */
onRecordCreateRequest((e) => {
  if (!e.hasSuperuserAuth()) {
    if ($os.getenv("ALLOW_REGISTRATION") !== "true") throw new ForbiddenError("Registration is disabled.");
    e.record.set("isStudioOwner", false);
  }
  return e.next();
}, "users");

onRecordUpdateRequest((e) => {
  if (!e.hasSuperuserAuth()) e.record.set("isStudioOwner", e.record.original().getBool("isStudioOwner"));
  return e.next();
}, "users");

// At most one password-reset mail per account per 10 minutes, whichever addresses ask (the per-address limit
// is a rate-limit rule, pb_migrations/1763772300_keep_less.js). The answer stays the same 204, so a refused
// request tells nobody whether the account exists or was just asked for.
onRecordRequestPasswordResetRequest((e) => {
  if (!require(`${__hooks}/lib/core/reset_guard.js`).mayMail(e.record.id)) return e.noContent(204);
  return e.next();
});
