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
