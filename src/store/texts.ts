/** The store's refusals, shown to the owner in the screens' error toasts (the store imports no feature). */
import { icu, localized } from "../lib/i18n/i18n";

export const STORE_TEXTS = localized("store", {
  settingsNotReady: "Settings have not been loaded from the server yet. Connect once, then try again.",
  conflictNotFound: "Conflict not found",
  conflictDeleted: "The record was deleted; its values are shown for reference.",
  sendClientFirst: "This photo's client was deleted. Send the client again first, then the photo.",
  conflictCoverDeleted: "That photo was deleted, so it cannot be the cover. Choose another cover in the gallery.",
  conflictSubmission: "The client's submission is shown for reference; unlock the selection instead.",
  clientNotFound: "Client not found",
  imageNotFound: "Image not found",
  listNotFound: "List not found",
  listNameRequired: "Give the list a name.",
  setNotFound: "Set not found",
  setNameRequired: "Give the set a name.",
  listLimitInvalid: "The limit is a whole number from 0 (no limit) to 100,000.",
  personNotFound: "Person not found",
  personNameRequired: "Give the person a name.",
  personNameTooLong: icu<[max: number]>("A name has at most {max} characters.", "max"),
  personEmailInvalid: "Enter a valid email address, or leave it empty.",
});
