/** Texts of the app's frame (both entries): the error boundary's page and the update prompt. */
import { localized } from "../lib/i18n/i18n";

export const APP_TEXTS = localized("app", {
  loadFailedTitle: "This page could not load",
  loadFailedText: "A new version may have been published, or the connection dropped. Reload to try again.",
  reload: "Reload",
  updateAvailable: "A new version of Studio Gallery is available.",
});
