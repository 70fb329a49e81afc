/** Texts of the owner's grid keyboard, drops and toolbar (issue 43): namespace `owner-keys`. */
import { icu, localized } from "../../../lib/i18n/i18n";

export const KEYS_TEXTS = localized("owner-keys", {
  dropIntoSet: icu<[set: string]>("Drop to import into the set {set}", "set"),
  dropIntoGallery: "Drop to import into this gallery",
  importBusy: "Wait for the import that is running, then drop or paste again.",
  keysHint: "Keys: arrows move, Space selects, Shift extends, Ctrl/Cmd+A selects all, Delete deletes, Enter or F views",
  proofingShow: "Show favourites & selections",
  proofingHide: "Hide favourites & selections",
  importTitle: "Import into a gallery",
  importIntro: icu<[n: number]>("{n, plural, one {# file to import.} other {# files to import.}} Which client's gallery do they go into?", "n"),
  importReading: "Reading the files…",
  importNone: "No files arrived. Share photos with Studio Gallery, or open them with it, and they come here.",
  importNoClients: "Make a client first: their gallery takes the photos.",
  importInto: icu<[name: string]>("Import into {name}", "name"),
});
