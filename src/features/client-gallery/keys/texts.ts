/** Texts of the owner's grid keyboard, drops and toolbar (issue 43): namespace `owner-keys`. */
import { icu, localized } from "../../../lib/i18n/i18n";

export const KEYS_TEXTS = localized("owner-keys", {
  dropIntoSet: icu<[set: string]>("Drop to import into the set {set}", "set"),
  dropIntoGallery: "Drop to import into this gallery",
  importBusy: "Wait for the import that is running, then drop or paste again.",
  keysHint: "Keys: arrows move, Space selects, Shift extends, Ctrl/Cmd+A selects all, Delete deletes, Enter or F views",
  proofingShow: "Show favourites & selections",
  proofingHide: "Hide favourites & selections",
});
