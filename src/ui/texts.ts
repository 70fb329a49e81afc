/** Texts of the presentational building blocks (they may import nothing of the features). */
import { localized } from "../lib/i18n/i18n";

export const UI_TEXTS = localized("ui", {
  close: "Close",
  files: "Files",
});
