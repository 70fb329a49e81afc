/**
 * Photos the operating system hands to the installed app (issue 43): the manifest's `share_target` posts
 * them to SHARE_TARGET_PATH, where the owner's service worker keeps them in the Cache Storage cache
 * SHARED_FILES_CACHE (one entry a file, its name in a header) and sends the app to IMPORT_PATH; the
 * manifest's `file_handlers` open IMPORT_PATH too, with the files in `window.launchQueue`. There the owner
 * picks the gallery they go into.
 */
export const SHARE_TARGET_PATH = "/share-target";
export const IMPORT_PATH = "/import";
export const SHARED_FILES_CACHE = "shared-files";
/** The form field of the shared files (the manifest's share_target.params.files[].name). */
export const SHARED_FILES_FIELD = "photos";
/** The header that keeps a shared file's name (URI-encoded) on its cache entry. */
export const SHARED_NAME_HEADER = "X-Shared-Name";
