/** The app's door to the contract it shares with the server (pb_hooks/lib/rules/contract.js, one file for both). */
export * from "../../pb_hooks/lib/rules/contract.js";
export { galleryStatus as contractGalleryStatus } from "../../pb_hooks/lib/rules/contract.js";
export { deliveredName as formatDeliveredName } from "../../pb_hooks/lib/rules/contract.js";
