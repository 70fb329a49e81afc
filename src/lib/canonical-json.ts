/**
 * The app's door to canonical JSON (pb_hooks/lib/rules/canonical_json.js, one file for the hooks and the app):
 * synced values compare as JSON values, so an object whose keys come back from the server in another order
 * is the same value, not a conflict.
 */
export { canonicalJson, sameJson } from "../../pb_hooks/lib/rules/canonical_json.js";
