/**
 * The app's door to the safe file name rule it shares with the server (pb_hooks/lib/rules/file_names.js, one file
 * for both): the zip writer names its entries with it as the server names stored images.
 */
export { MAX_NAME_LENGTH, safeFileName } from "../../pb_hooks/lib/rules/file_names.js";
